import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  checkMediaKey,
  type ByteRange,
  type MediaObject,
  type MediaStore,
} from '../adapters/media-store.ts';
import { NotFound } from '../lib/errors.ts';

/** As @fastify/static answers the folder's files: a week, revalidated by ETag after that. */
export const UPLOADS_CACHE_CONTROL = 'public, max-age=604800';

/** The key of `/api/uploads/<key>`, or null for a path no store may hold (dot files, `..`). */
function keyOf(request: FastifyRequest): string | null {
  const raw = (request.params as { '*'?: string })['*'] ?? '';
  try {
    return checkMediaKey(decodeURIComponent(raw));
  } catch {
    return null;
  }
}

const etagMatches = (header: string, etag: string) =>
  header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);

/** RFC 9110 §13.2.2: If-None-Match wins over If-Modified-Since; true answers 304. */
function notModified(request: FastifyRequest, o: MediaObject): boolean {
  const inm = request.headers['if-none-match'];
  if (inm !== undefined) return etagMatches(inm, o.etag);
  const ims = request.headers['if-modified-since'];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return !Number.isNaN(since) && Math.floor(o.lastModified.getTime() / 1000) * 1000 <= since;
}

/**
 * One `bytes=` range of an object of `size` bytes: the range, 'unsatisfiable' (416), or
 * undefined for the whole object (no header, several ranges, or not a bytes range).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return undefined;
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return { start, end };
}

/** If-Range: the range applies only while the object is still the one the client has. */
function rangeStillValid(request: FastifyRequest, o: MediaObject): boolean {
  const header = request.headers['if-range'];
  if (header === undefined) return true;
  const ifRange = String(header);
  if (ifRange.startsWith('"')) return ifRange === o.etag;
  const at = Date.parse(ifRange);
  return !Number.isNaN(at) && Math.floor(o.lastModified.getTime() / 1000) * 1000 === at;
}

function validators(reply: FastifyReply, o: MediaObject) {
  reply
    .header('cache-control', UPLOADS_CACHE_CONTROL)
    .header('etag', o.etag)
    .header('last-modified', o.lastModified.toUTCString())
    .header('accept-ranges', 'bytes');
}

/**
 * Serves `/api/uploads/<key>` from a bucket, streaming (decision 0038): conditional requests
 * (If-None-Match, If-Modified-Since → 304) and one byte range (206, If-Range, 416) as
 * @fastify/static answers them from the folder. The caller's hook adds the type and the
 * safety headers. A missing object is 404; a bucket that cannot be reached, 503.
 */
export function serveUploadsFromBucket(scope: FastifyInstance, store: MediaStore) {
  scope.route({
    method: ['GET', 'HEAD'],
    url: '/api/uploads/*',
    schema: { hide: true },
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const key = keyOf(request);
      const missing = () => new NotFound('No such image.');
      if (!key) throw missing();
      const conditional =
        request.headers['if-none-match'] !== undefined ||
        request.headers['if-modified-since'] !== undefined ||
        request.headers.range !== undefined ||
        request.method === 'HEAD';
      let range: ByteRange | undefined;
      if (conditional) {
        const o = await store.head(key);
        if (!o) throw missing();
        validators(reply, o);
        if (notModified(request, o)) return reply.code(304).send();
        const asked = rangeStillValid(request, o)
          ? parseRange(request.headers.range, o.size)
          : undefined;
        if (asked === 'unsatisfiable') {
          return reply
            .code(416)
            .header('content-range', `bytes */${String(o.size)}`)
            .send();
        }
        range = asked;
        if (request.method === 'HEAD') {
          return reply.header('content-length', String(o.size)).send();
        }
      }
      const read = await store.get(key, range);
      if (!read) throw missing();
      validators(reply, read);
      if (read.range) {
        reply
          .code(206)
          .header(
            'content-range',
            `bytes ${String(read.range.start)}-${String(read.range.end)}/${String(read.size)}`,
          )
          .header('content-length', String(read.range.end - read.range.start + 1));
      } else {
        reply.header('content-length', String(read.size));
      }
      return reply.send(read.body);
    },
  });
}

/** With MEDIA_PUBLIC_URL: stored URLs stay `/api/uploads/<key>` and answer a lasting redirect. */
export function redirectUploads(scope: FastifyInstance, publicUrl: string) {
  scope.route({
    method: ['GET', 'HEAD'],
    url: '/api/uploads/*',
    schema: { hide: true },
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const key = keyOf(request);
      if (!key) throw new NotFound('No such image.');
      const encoded = key.split('/').map(encodeURIComponent).join('/');
      return reply
        .code(301)
        .header('cache-control', UPLOADS_CACHE_CONTROL)
        .header('location', `${publicUrl}/${encoded}`)
        .send();
    },
  });
}
