import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpStandIn, type ReceivedMail } from '../test-support/smtp-stand-in.ts';
import { outboxEmailSender, SMTP_ATTEMPT_LIMITS, smtpEmailSender } from './email-sender.ts';

const message = {
  to: 'asha@example.com',
  subject: '123456 is your Urban Roll verification code',
  text: 'Your code is 123456.',
  html: '<p>Your code is <strong>123456</strong>.</p>',
};

describe('outbox email sender', () => {
  it('writes each message as a private JSON file and logs it', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'outbox-')), 'outbox');
    const logged: object[] = [];
    const sender = outboxEmailSender(dir, 'Urban Roll <no-reply@urbanroll.example>', {
      info: (obj) => logged.push(obj),
    });
    await sender.send(message);
    await sender.send({ ...message, to: 'ravi@example.com' });
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    const first = JSON.parse(readFileSync(path.join(dir, files[0]!), 'utf8')) as Record<
      string,
      string
    >;
    expect(first).toMatchObject({ ...message, from: 'Urban Roll <no-reply@urbanroll.example>' });
    expect(Date.parse(first.sentAt!)).not.toBeNaN();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, files[0]!)).mode & 0o777).toBe(0o600);
    expect(logged[0]).toMatchObject({ to: 'asha@example.com', subject: message.subject });
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it('shows a message only once it is whole: a reader never finds half a file', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'outbox-')), 'outbox');
    const sender = outboxEmailSender(dir, 'Urban Roll <no-reply@urbanroll.example>', {
      info: () => undefined,
    });
    // A big message takes several writes: a reader polling meanwhile, as a browser test reading
    // a code does, must find either no file or the whole message.
    const big = { ...message, html: `<p>${'x'.repeat(8 * 1024 * 1024)}</p>` };
    let sending = true;
    const sent = sender.send(big).finally(() => (sending = false));
    const seen: number[] = [];
    while (sending) {
      const files = await readdir(dir).catch(() => [] as string[]);
      for (const f of files.filter((name) => name.endsWith('.json'))) {
        const text = await readFile(path.join(dir, f), 'utf8').catch(() => '');
        if (text) seen.push((JSON.parse(text) as { html: string }).html.length);
      }
    }
    await sent;
    expect(new Set(seen)).toEqual(new Set(seen.length > 0 ? [big.html.length] : []));
    expect(readdirSync(dir)).toHaveLength(1);
    expect(readdirSync(dir)[0]).toMatch(/\.json$/);
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });
});

describe('SMTP email sender', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  let port: number;
  let received: ReceivedMail[];
  /** Connections the SMTP server accepted, and how many of them have ended. */
  let connections: { opened: number; closed: number };

  beforeAll(async () => {
    smtp = await startSmtpStandIn({ login: { user: 'shop', pass: 's3cret' } });
    ({ port, received, connections } = smtp);
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('hands the message to the SMTP server named by SMTP_URL, authenticated', async () => {
    const sender = smtpEmailSender(
      `smtp://shop:s3cret@127.0.0.1:${port}?ignoreTLS=true`,
      'Urban Roll <no-reply@urbanroll.example>',
    );
    await sender.send(message);
    await sender.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      from: 'no-reply@urbanroll.example',
      to: ['asha@example.com'],
      user: 'shop',
    });
    expect(received[0]!.data).toContain('Subject: 123456 is your Urban Roll verification code');
  });

  it('rejects when the server refuses the login', async () => {
    const sender = smtpEmailSender(`smtp://shop:wrong@127.0.0.1:${port}?ignoreTLS=true`, 'x@y.z');
    await expect(sender.send(message)).rejects.toThrow();
    await sender.close();
  });

  it('keeps its connections open for the next messages: a sale does not open one a message', async () => {
    const before = { ...connections };
    const count = received.length;
    const sender = smtpEmailSender(
      `smtp://shop:s3cret@127.0.0.1:${port}?ignoreTLS=true`,
      'Urban Roll <no-reply@urbanroll.example>',
    );
    // One after another: one connection carries them all.
    for (let i = 0; i < 4; i += 1) await sender.send({ ...message, to: `one${i}@example.com` });
    expect(connections.opened - before.opened).toBe(1);
    // Thirty at once: at most the pool's five connections (nodemailer's default) in all.
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => sender.send({ ...message, to: `many${i}@example.com` })),
    );
    expect(connections.opened - before.opened).toBeGreaterThan(1);
    expect(connections.opened - before.opened).toBeLessThanOrEqual(5);
    expect(received.length - count).toBe(34);
    expect(new Set(received.slice(count).flatMap((r) => r.to)).size).toBe(34);
    // Closing the sender ends its connections (a stopping server is not held open by them).
    await sender.close();
    // (Every earlier test closed its sender too: no connection to this server stays open.)
    await expect.poll(() => connections.opened - connections.closed).toBe(0);
  });

  it('takes the pool size from the URL, as every nodemailer option', async () => {
    const before = connections.opened;
    const sender = smtpEmailSender(
      `smtp://shop:s3cret@127.0.0.1:${port}?ignoreTLS=true&maxConnections=2`,
      'Urban Roll <no-reply@urbanroll.example>',
    );
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => sender.send({ ...message, to: `two${i}@example.com` })),
    );
    expect(connections.opened - before).toBe(2);
    await sender.close();
  });

  describe('a server that accepts the connection and says nothing', () => {
    let silent: net.Server;
    let silentPort: number;
    let accepted = 0;
    const sockets = new Set<net.Socket>();
    beforeAll(async () => {
      silent = net.createServer((socket) => {
        accepted += 1;
        sockets.add(socket);
        socket.on('error', () => undefined);
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      silentPort = (silent.address() as net.AddressInfo).port;
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });

    /** How long a send to it took to fail, ms, and how many connections it opened. */
    const failedSend = async (query: string) => {
      const before = accepted;
      const sender = smtpEmailSender(
        `smtp://127.0.0.1:${silentPort}?ignoreTLS=true${query}`,
        'x@y.z',
      );
      const started = Date.now();
      await expect(sender.send(message)).rejects.toThrow(/Greeting never received/);
      const ms = Date.now() - started;
      await sender.close();
      return { ms, connections: accepted - before };
    };

    it("fails the send once the greeting is overdue (10 s, not nodemailer's 30), on one connection", async () => {
      const { ms, connections } = await failedSend('');
      expect(ms).toBeGreaterThanOrEqual(SMTP_ATTEMPT_LIMITS.greetingTimeout - 100);
      expect(ms).toBeLessThan(SMTP_ATTEMPT_LIMITS.greetingTimeout + 5_000);
      expect(connections).toBe(1);
    }, 20_000);

    it('takes the limits from the URL too, which wins', async () => {
      const { ms } = await failedSend('&greetingTimeout=300');
      expect(ms).toBeLessThan(3_000);
    });
  });
});
