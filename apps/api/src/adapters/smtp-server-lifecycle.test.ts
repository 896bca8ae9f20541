import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '@shop/db/testing';
import { client, MAIN, registerUser, uniqueEmail, uniqueIp } from '../test-support/accounts.ts';
import { startSmtpStandIn } from '../test-support/smtp-stand-in.ts';
import { startTestApp } from '../test-support/test-app.ts';

/**
 * The server with SMTP_URL: its emails (here sign-up codes) go to the SMTP server over one
 * kept-open connection, and stopping the server lets that connection go (a stopping process is
 * not held open by its email pool).
 */
describe('a server sending its email by SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('sends over one kept-open connection and closes it when the server stops', async () => {
    const t = await startTestApp(testDatabaseTargets()[0]!, {
      config: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` },
    });
    const emails = [uniqueEmail('smtp-a'), uniqueEmail('smtp-b'), uniqueEmail('smtp-c')];
    try {
      for (const email of emails) {
        const res = await client(t, uniqueIp()).post('/api/registeruser/api/send-otp', {
          email,
          main_id: MAIN,
        });
        expect(res.status).toBe(200);
      }
      expect(smtp.received.map((m) => m.to.join())).toEqual(emails);
      expect(smtp.connections.opened).toBe(1);
      expect(smtp.connections.closed).toBe(0);
    } finally {
      await t.close();
    }
    await expect.poll(() => smtp.connections.closed).toBe(1);
  });

  it('sends a reset code before the answer settles, so a stopping server waits for it', async () => {
    const t = await startTestApp(testDatabaseTargets()[0]!, {
      config: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` },
    });
    const email = uniqueEmail('smtp-reset');
    const ip = uniqueIp();
    const c = client(t, ip);
    /** The code in the newest message to `to` the SMTP server received. */
    const lastCode = (to: string) => {
      const data = smtp.received.filter((m) => m.to.join() === to).at(-1)?.data ?? '';
      const code = /\b(\d{6})\b/.exec(data)?.[1];
      if (!code) throw new Error(`no code was sent to ${to}`);
      return code;
    };
    try {
      await registerUser(t, { lastCode }, email, ip);
      const before = smtp.received.length;
      // The reset mail leaves after the answer; the test app's requests settle what the server
      // does after an answer (as app.close() waits for it), so it is there now.
      const reset = await c.post('/api/registeruser/api/resetsend-otp', { email, main_id: MAIN });
      expect(reset.status).toBe(200);
      expect(smtp.received.slice(before).map((m) => m.to.join())).toEqual([email]);
      expect(lastCode(email)).toMatch(/^\d{6}$/);
    } finally {
      await t.close();
    }
  });
});
