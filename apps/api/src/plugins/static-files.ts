import { existsSync, readFileSync } from 'node:fs';
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
 * Serves the built web app's files; hashed assets are cached for a year. Returns index.html's
 * text, which the caller answers for client-side routes, or null when there is no build
 * (e.g. API tests).
 */
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<string | null> {
  const root = path.resolve(distDir);
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) return null;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    // The build writes .br and .gz beside each file; they are sent to browsers that accept them.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return readFileSync(index, 'utf8');
}
