import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { compressBody, sendCompressed, sendCompressedText } from './compressed-body.ts';

describe('compressed bodies', () => {
  const json = JSON.stringify({ isError: false, data: 'x'.repeat(5000) });
  const app = Fastify();
  const body = compressBody(json);
  app.get('/', (req, reply) => sendCompressed(req, reply.type('application/json'), body));
  app.get('/page', (req, reply) => sendCompressedText(req, reply.type('text/html'), json));

  it.each([
    ['br, gzip', 'br', (b: Buffer) => brotliDecompressSync(b).toString()],
    ['gzip, deflate', 'gzip', (b: Buffer) => gunzipSync(b).toString()],
    ['', undefined, (b: Buffer) => b.toString()],
  ])('answers accept-encoding %j with %s', async (accept, encoding, decode) => {
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': accept } });
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toContain('accept-encoding');
    expect(decode(res.rawPayload)).toBe(json);
  });

  it.each([
    ['br, gzip', 'br', (b: Buffer) => brotliDecompressSync(b).toString()],
    ['gzip, deflate', 'gzip', (b: Buffer) => gunzipSync(b).toString()],
    ['', undefined, (b: Buffer) => b.toString()],
  ])(
    'compresses a one-off body for accept-encoding %j with %s',
    async (accept, encoding, decode) => {
      const res = await app.inject({ url: '/page', headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(decode(res.rawPayload)).toBe(json);
    },
  );
});
