import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  MIN_COMPRESSED_LENGTH,
  compressBody,
  compressedBodyBytes,
  sendCompressed,
  sendCompressedText,
} from './compressed-body.ts';

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

  it('compresses a cached body only in the encodings asked for, once each', async () => {
    const lazy = compressBody(json);
    const lazyApp = Fastify();
    lazyApp.get('/', (req, reply) => sendCompressed(req, reply.type('application/json'), lazy));
    await lazyApp.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(lazy.madeEncodings).toEqual([]);
    const first = await lazyApp.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(lazy.madeEncodings).toEqual(['br']);
    const again = await lazyApp.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(lazy.madeEncodings).toEqual(['br']);
    await lazyApp.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(lazy.madeEncodings).toEqual(['br', 'gzip']);
  });

  it('sends a short body uncompressed whatever the client accepts', async () => {
    const short = compressBody(JSON.stringify({ isError: false, data: 'y'.repeat(100) }));
    const shortApp = Fastify();
    shortApp.get('/', (req, reply) => sendCompressed(req, reply.type('application/json'), short));
    shortApp.get('/page', (req, reply) => sendCompressedText(req, reply, 'z'.repeat(100)));
    expect(short.identity.length).toBeLessThan(MIN_COMPRESSED_LENGTH);
    for (const url of ['/', '/page']) {
      const res = await shortApp.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toContain('accept-encoding');
    }
    expect(short.madeEncodings).toEqual([]);
  });

  it('counts, when caching, room for both compressed forms of JSON made later', () => {
    // A listing-like answer: repeated keys, varied values.
    const listing = JSON.stringify({
      isError: false,
      data: Array.from({ length: 30 }, (_, i) => ({
        _id: `0000000${i}-aaaa-4bbb-8ccc-${String(i * 7919).padStart(12, '0')}`,
        title: `Kinetic Retro ${['Teal', 'Red', 'Black'][i % 3]} Henley ${i}`,
        price: (149 + i * 37.5).toFixed(2),
        images: [`/uploads/products/${i}-front.webp`, `/uploads/products/${i}-back.webp`],
      })),
    });
    const body = compressBody(listing);
    const compressed = body.encoded('br').length + body.encoded('gzip').length;
    expect(listing.length * 2 + compressed).toBeLessThanOrEqual(compressedBodyBytes(body));
  });
});
