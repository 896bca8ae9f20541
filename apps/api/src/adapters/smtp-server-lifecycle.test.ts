import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '@shop/db/testing';
import { client, MAIN, uniqueEmail, uniqueIp } from '../test-support/accounts.ts';
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
});
