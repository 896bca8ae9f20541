import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Registry, Histogram, collectDefaultMetrics } from 'prom-client';

export interface MetricsOptions {
  /** Unset: no /api/metrics route at all. */
  token: string | undefined;
  /** Adds the shop's own metrics (cache, orders, payments) to the registry. */
  register: (registry: Registry) => void;
}

const sha = (s: string) => createHash('sha256').update(s).digest();

/**
 * Prometheus metrics: a latency histogram of every answer by method, route pattern and status
 * (request rate is its `_count`), the process's own figures, and what `register` adds. The
 * registry is this app's, not prom-client's global one. `GET /api/metrics` exists only when
 * `METRICS_TOKEN` is set and answers only that bearer token (compared in constant time).
 */
export const metrics = fp(
  (app: FastifyInstance, o: MetricsOptions, done: () => void) => {
    const registry = new Registry();
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    app.addHook('onResponse', (req, reply, next) => {
      duration.observe(
        {
          method: req.method,
          // The pattern (/api/payment/order/:id), never the raw URL: bounded label values.
          route: req.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      next();
    });
    o.register(registry);

    if (o.token !== undefined) {
      collectDefaultMetrics({ register: registry });
      const expected = sha(`Bearer ${o.token}`);
      app.get('/api/metrics', { schema: { hide: true } }, async (req, reply) => {
        const given = sha(req.headers.authorization ?? '');
        if (!timingSafeEqual(given, expected)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer')
            .send({ isError: true, msg: 'A metrics token is required.' });
        }
        return reply.type(registry.contentType).send(await registry.metrics());
      });
    }
    done();
  },
  { name: 'metrics' },
);
