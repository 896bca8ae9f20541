import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSender } from './index.ts';
import {
  fcmPushSender,
  localPushSender,
  maskToken,
  readServiceAccount,
  type ServiceAccount,
} from './push-sender.ts';

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A stand-in for Google's token endpoint and FCM's HTTP v1 API on loopback: it checks the
 * assertion's signature with the service account's public key, hands out an access token, and
 * answers each send as FCM does (200 with a message name; 404 UNREGISTERED for `gone-…` tokens).
 */
async function startFcmStandIn(publicKeyPem: string, clientEmail: string) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/token') {
        const assertion = new URLSearchParams(body).get('assertion') ?? '';
        jwtVerify(assertion, createPublicKey(publicKeyPem), {
          issuer: clientEmail,
          audience: `http://127.0.0.1:${port}/token`,
        })
          .then(({ payload }) => {
            if (payload.scope !== 'https://www.googleapis.com/auth/firebase.messaging') {
              throw new Error('wrong scope');
            }
            res.end(JSON.stringify({ access_token: 'ya29.stand-in', expires_in: 3599 }));
          })
          .catch(() => {
            res.statusCode = 400;
            res.end(JSON.stringify({ error: 'invalid_grant' }));
          });
        return;
      }
      if (req.headers.authorization !== 'Bearer ya29.stand-in') {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: { status: 'UNAUTHENTICATED' } }));
        return;
      }
      const { message } = JSON.parse(body) as { message: { token: string } };
      if (message.token.startsWith('gone-')) {
        res.statusCode = 404;
        res.end(
          JSON.stringify({
            error: {
              code: 404,
              status: 'NOT_FOUND',
              details: [{ errorCode: 'UNREGISTERED' }],
            },
          }),
        );
        return;
      }
      res.end(JSON.stringify({ name: 'projects/shop-test/messages/0:1' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('push senders', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const clientEmail = 'push@shop-test.iam.gserviceaccount.com';
  let standIn: Awaited<ReturnType<typeof startFcmStandIn>>;
  let account: ServiceAccount;
  const logged: { obj: object; msg: string }[] = [];
  const log = {
    info: (obj: object, msg: string) => logged.push({ obj, msg }),
    warn: (obj: object, msg: string) => logged.push({ obj, msg }),
  };

  beforeAll(async () => {
    standIn = await startFcmStandIn(publicPem, clientEmail);
    account = {
      client_email: clientEmail,
      private_key: privatePem,
      token_uri: `${standIn.origin}/token`,
    };
  });
  afterAll(async () => {
    await standIn.close();
  });

  it('masks device tokens for logs', () => {
    expect(maskToken('dGhpcyBpcyBhIHZlcnkgbG9uZyB0b2tlbg')).toBe('dGhp…tlbg');
    expect(maskToken('short')).toBe('…');
  });

  it('local: keeps what it sent and logs the devices masked, never in full', async () => {
    const local = localPushSender(log);
    const token = 'fcm-token-abcdefghijklmnop';
    const out = await local.send([token], { title: 'Shipped', body: 'On its way', data: {} });
    expect(out).toEqual([{ token, ok: true, unregistered: false }]);
    expect(local.sent).toHaveLength(1);
    expect(local.sent[0]!.message.title).toBe('Shipped');
    expect(JSON.stringify(logged)).not.toContain(token);
    expect(JSON.stringify(logged)).toContain(maskToken(token));
  });

  it('fcm: gets an access token with a signed assertion once, sends one v1 message per device', async () => {
    const fcm = fcmPushSender({ projectId: 'shop-test', account, log, endpoint: standIn.origin });
    const message = {
      title: 'Order rcpt_1: Shipped',
      body: 'Your order has shipped.',
      data: { order_id: 'o1', orderStatus: 'Shipped' },
    };
    const first = await fcm.send(['device-aaaaaaaaaaaa', 'gone-bbbbbbbbbbbb'], message);
    expect(first).toEqual([
      { token: 'device-aaaaaaaaaaaa', ok: true, unregistered: false },
      { token: 'gone-bbbbbbbbbbbb', ok: false, unregistered: true },
    ]);
    await fcm.send(['device-cccccccccccc'], message);

    const tokenCalls = standIn.seen.filter((s) => s.url === '/token');
    expect(tokenCalls).toHaveLength(1);
    expect(new URLSearchParams(tokenCalls[0]!.body).get('grant_type')).toBe(
      'urn:ietf:params:oauth:grant-type:jwt-bearer',
    );
    const sends = standIn.seen.filter((s) => s.url !== '/token');
    expect(sends.map((s) => s.url)).toEqual([
      '/v1/projects/shop-test/messages:send',
      '/v1/projects/shop-test/messages:send',
      '/v1/projects/shop-test/messages:send',
    ]);
    const sent = JSON.parse(sends[0]!.body) as { message: Record<string, unknown> };
    expect(sent.message).toMatchObject({
      notification: { title: message.title, body: message.body },
      data: message.data,
    });
    expect(JSON.stringify(logged)).not.toContain('gone-bbbbbbbbbbbb');
  });

  it('fcm: a refused token exchange fails the send (the caller logs it) and sends nothing', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const fcm = fcmPushSender({
      projectId: 'shop-test',
      account: {
        ...account,
        private_key: other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
      log,
      endpoint: standIn.origin,
    });
    const before = standIn.seen.length;
    await expect(
      fcm.send(['device-dddddddddddd'], { title: 'x', body: 'y', data: {} }),
    ).rejects.toThrow(/token exchange failed: HTTP 400/);
    expect(standIn.seen.slice(before).map((s) => s.url)).toEqual(['/token']);
  });

  it('is chosen by PUSH_PROVIDER; fcm without its settings is a start-up error', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'push-test-'));
    try {
      const file = path.join(dir, 'service-account.json');
      writeFileSync(file, JSON.stringify({ type: 'service_account', ...account }));
      expect(readServiceAccount(file).client_email).toBe(clientEmail);
      const fastifyLog = { ...log, error: log.warn } as unknown as Parameters<typeof pushSender>[1];
      expect(pushSender({ PUSH_PROVIDER: 'local' }, fastifyLog).name).toBe('local');
      expect(
        pushSender(
          { PUSH_PROVIDER: 'fcm', FCM_PROJECT_ID: 'shop-test', FCM_SERVICE_ACCOUNT_FILE: file },
          fastifyLog,
        ).name,
      ).toBe('fcm');
      expect(() =>
        pushSender({ PUSH_PROVIDER: 'fcm', FCM_PROJECT_ID: 'shop-test' }, fastifyLog),
      ).toThrow(/FCM_SERVICE_ACCOUNT_FILE/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
