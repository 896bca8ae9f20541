import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/**
 * Below this many characters an answer goes uncompressed: the saving is a few hundred bytes at
 * most, less than the work of compressing it on a miss and of decompressing it in the browser.
 */
export const MIN_COMPRESSED_LENGTH = 1024;

/**
 * Brotli quality for answers computed at run time (4: about the size of gzip level 6 or better
 * for JSON, at a fraction of quality 5's CPU time; the build's static files use 11).
 */
const BROTLI_QUALITY = 4;

function compress(text: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
        },
      })
    : gzipSync(text, { level: 6 });
}

/**
 * A response body kept for the cache, compressed lazily: each encoding the first time a client
 * asks for it, then kept. An answer asked for only by plain clients is never compressed, and one
 * asked for by browsers is compressed once, in brotli only.
 */
export class CompressedBody {
  private readonly forms: Partial<Record<Encoding, Buffer>> = {};

  constructor(readonly identity: string) {}

  /** The body in `encoding`, compressed now if it was not yet. */
  encoded(encoding: Encoding): Buffer {
    return (this.forms[encoding] ??= compress(this.identity, encoding));
  }

  /** Which encodings have been made so far (for tests). */
  get madeEncodings(): Encoding[] {
    return (Object.keys(this.forms) as Encoding[]).sort();
  }
}

export function compressBody(identity: string): CompressedBody {
  return new CompressedBody(identity);
}

/**
 * The memory a cached body may come to hold, counted when it is cached (before it is
 * compressed): its text (UTF-16 in V8, so 2 bytes a character) and an allowance of half its
 * length for the compressed forms made later (catalogue JSON compresses 5–10x in either).
 */
export const compressedBodyBytes = (body: CompressedBody) =>
  body.identity.length * 2 + Math.ceil(body.identity.length / 2);

/** The encoding to answer with: brotli, then gzip, then none; none for a short body. */
function acceptedEncoding(request: FastifyRequest, reply: FastifyReply, length: number) {
  const accepted = request.headers['accept-encoding'] ?? '';
  reply.header('vary', 'accept-encoding');
  if (length < MIN_COMPRESSED_LENGTH) return 'identity';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/** Sends the form the client accepts (brotli, then gzip, then plain), compressing it if need be. */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: CompressedBody) {
  const encoding = acceptedEncoding(request, reply, body.identity.length);
  if (encoding === 'identity') return reply.send(body.identity);
  return reply.header('content-encoding', encoding).send(body.encoded(encoding));
}

/** Sends a body made for one response (a page), compressed only in the form the client accepts. */
export function sendCompressedText(request: FastifyRequest, reply: FastifyReply, text: string) {
  const encoding = acceptedEncoding(request, reply, text.length);
  if (encoding === 'identity') return reply.send(text);
  return reply.header('content-encoding', encoding).send(compress(text, encoding));
}
