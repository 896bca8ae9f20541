import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A response body kept with its brotli and gzip forms, compressed once when it is cached. */
export interface CompressedBody {
  identity: string;
  br: Buffer;
  gzip: Buffer;
}

export function compressBody(identity: string): CompressedBody {
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(identity, { level: 6 }),
  };
}

/** The memory a cached body holds: its text (UTF-16 in V8, so 2 bytes a character) and both compressed forms. */
export const compressedBodyBytes = (body: CompressedBody) =>
  body.identity.length * 2 + body.br.length + body.gzip.length;

/** The encoding to answer with: brotli, then gzip, then none. */
function acceptedEncoding(request: FastifyRequest, reply: FastifyReply) {
  const accepted = request.headers['accept-encoding'] ?? '';
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/** Sends the form the client accepts (brotli, then gzip, then plain). */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: CompressedBody) {
  const encoding = acceptedEncoding(request, reply);
  if (encoding === 'identity') return reply.send(body.identity);
  return reply.header('content-encoding', encoding).send(body[encoding]);
}

/** Sends a body made for one response (a page), compressed only in the form the client accepts. */
export function sendCompressedText(request: FastifyRequest, reply: FastifyReply, text: string) {
  const encoding = acceptedEncoding(request, reply);
  if (encoding === 'identity') return reply.send(text);
  const body =
    encoding === 'br'
      ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(text, { level: 6 });
  return reply.header('content-encoding', encoding).send(body);
}
