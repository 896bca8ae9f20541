import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Helmet's headers and a CSP; Google Identity Services is allowed only when configured, and
 * Razorpay's checkout (script, its frames and API) only when PAYMENT_GATEWAY=razorpay.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, o: { googleSignIn: boolean; razorpayCheckout?: boolean }) => {
    const google = (path: string) => (o.googleSignIn ? [`https://accounts.google.com${path}`] : []);
    const razorpay = (...origins: string[]) => (o.razorpayCheckout ? origins : []);
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          scriptSrc: [
            "'self'",
            ...google('/gsi/client'),
            ...razorpay('https://checkout.razorpay.com'),
          ],
          styleSrc: ["'self'", "'unsafe-inline'", ...google('/gsi/style')],
          connectSrc: [
            "'self'",
            ...google('/gsi/'),
            ...razorpay('https://api.razorpay.com', 'https://lumberjack.razorpay.com'),
          ],
          frameSrc: ["'self'", ...google('/gsi/'), ...razorpay('https://api.razorpay.com')],
          frameAncestors: ["'self'"],
        },
      },
    });
  },
  { name: 'security-headers' },
);

/** OpenAPI from the routes' zod schemas, browsable at /api/docs. */
export const apiDocs = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Storefront commerce API',
          description: 'Catalogue, cart, accounts, checkout and payments of the storefront.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'api-docs' },
);
