import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves uploaded and generated images under /api/uploads/. */
export async function serveUploads(app: FastifyInstance, uploadsDir: string) {
  await app.register(fastifyStatic, {
    root: path.resolve(uploadsDir),
    prefix: '/api/uploads/',
    decorateReply: false,
    maxAge: '7d',
    immutable: false,
  });
}

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html is answered for
 * every other GET that is not an API path, so client-side routes load on refresh.
 * Returns false when there is no build (e.g. API tests), so the caller can skip the fallback.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const root = path.resolve(distDir);
  if (!existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
