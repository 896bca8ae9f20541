import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '@shop/db/testing';
import { client, MAIN, uniqueEmail, uniqueIp } from '../test-support/accounts.ts';
import { startTestApp } from '../test-support/test-app.ts';

/**
 * The server with SMTP_URL: its emails (here sign-up codes) go to the SMTP server over one
 * kept-open connection, and stopping the server lets that connection go (a stopping process is
 * not held open by its email pool).
 */
describe('a server sending its email by SMTP', () => {
  const messages: string[] = [];
  const connections = { opened: 0, closed: 0 };
  let smtp: SMTPServer;
  let port: number;

  beforeAll(async () => {
    smtp = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onConnect(_session, callback) {
        connections.opened += 1;
        callback();
      },
      onClose() {
        connections.closed += 1;
      },
      onData(stream, session, callback) {
        stream.on('data', () => undefined);
        stream.on('end', () => {
          messages.push(session.envelope.rcptTo.map((r) => r.address).join());
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends over one kept-open connection and closes it when the server stops', async () => {
    const t = await startTestApp(testDatabaseTargets()[0]!, {
      config: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` },
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
      expect(messages).toEqual(emails);
      expect(connections.opened).toBe(1);
      expect(connections.closed).toBe(0);
    } finally {
      await t.close();
    }
    await expect.poll(() => connections.closed).toBe(1);
  });
});
