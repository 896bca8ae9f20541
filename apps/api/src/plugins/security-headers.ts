import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Helmet's headers and a CSP; Google Identity Services is allowed only when configured, and
 * Razorpay's checkout (script, its frames and API) only when PAYMENT_GATEWAY=razorpay, and
 * Firebase's token services only when the storefront registers web push tokens.
 * Helmet's middleware is built once here: @fastify/helmet built it again on every request
 * (parsing the CSP each time, ~5% of an uncached catalogue read's CPU; decision 0026).
 */
export const securityHeaders = fp(
  (
    app: FastifyInstance,
    o: {
      googleSignIn: boolean;
      razorpayCheckout?: boolean;
      webPush?: boolean;
      mediaOrigin?: string;
    },
    registered: (err?: Error) => void,
  ) => {
    const google = (path: string) => (o.googleSignIn ? [`https://accounts.google.com${path}`] : []);
    const razorpay = (...origins: string[]) => (o.razorpayCheckout ? origins : []);
    const applyHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Images redirected to MEDIA_PUBLIC_URL (a CDN) load from there (decision 0038).
          imgSrc: ["'self'", 'data:', ...(o.mediaOrigin ? [o.mediaOrigin] : [])],
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
            ...(o.webPush
              ? [
                  'https://firebaseinstallations.googleapis.com',
                  'https://fcmregistrations.googleapis.com',
                ]
              : []),
          ],
          frameSrc: ["'self'", ...google('/gsi/'), ...razorpay('https://api.razorpay.com')],
          frameAncestors: ["'self'"],
        },
      },
    });
    app.addHook('onRequest', (request, reply, done) => {
      applyHeaders(request.raw, reply.raw, (err?: unknown) =>
        done(err instanceof Error ? err : undefined),
      );
    });
    registered();
  },
  { name: 'security-headers' },
);

/**
 * OpenAPI from the routes' zod schemas (`app.swagger()`, always), browsable at /api/docs and
 * /api/docs/json only when `published` (API_DOCS: the demo's default; a real shop's, off, so
 * those answer 404).
 */
export const apiDocs = fp(
  async (app: FastifyInstance, { published }: { published: boolean }) => {
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
    if (published) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'api-docs' },
);
