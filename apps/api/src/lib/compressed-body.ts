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

/** Sends the form the client accepts (brotli, then gzip, then plain). */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: CompressedBody) {
  const accepted = request.headers['accept-encoding'] ?? '';
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(body.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.identity);
}
