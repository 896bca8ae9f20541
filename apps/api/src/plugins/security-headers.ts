import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Helmet's headers and a CSP; Google Identity Services is allowed only when configured. */
export const securityHeaders = fp(
  async (app: FastifyInstance, o: { googleSignIn: boolean }) => {
    const google = (path: string) => (o.googleSignIn ? [`https://accounts.google.com${path}`] : []);
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          scriptSrc: ["'self'", ...google('/gsi/client')],
          styleSrc: ["'self'", "'unsafe-inline'", ...google('/gsi/style')],
          connectSrc: ["'self'", ...google('/gsi/')],
          frameSrc: ["'self'", ...google('/gsi/')],
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
