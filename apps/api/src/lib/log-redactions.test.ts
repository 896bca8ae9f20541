import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LOG_REDACTIONS } from './log-redactions.ts';

const AADHAAR = '234123412346';

describe('the server logger', () => {
  it('never writes an Aadhaar number or a bearer token, wherever it appears', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'trace', redact: LOG_REDACTIONS, stream } });
    app.post('/echo', (req, reply) => {
      req.log.info({ body: req.body }, 'body as a careless handler might log it');
      req.log.info({ req: { body: req.body }, aadhar: AADHAAR }, 'again');
      req.log.info(req.body as object, 'and flat');
      void reply.send({ ok: true });
    });
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { authorization: 'Bearer secret-token-value' },
      payload: { name: 'Riya', aadhar: AADHAAR },
    });
    expect(res.statusCode).toBe(200);
    await app.close();
    const out = lines.join('');
    expect(out).toContain('body as a careless handler might log it');
    expect(out).toContain('[redacted]');
    expect(out).not.toContain(AADHAAR);
    expect(out).not.toContain('secret-token-value');
  });
});
