import { readFileSync } from 'node:fs';
import { importPKCS8, SignJWT } from 'jose';

/** A push notification to a customer's devices. */
export interface PushMessage {
  title: string;
  body: string;
  /** Key-value data the app reads (FCM wants strings). */
  data: Record<string, string>;
}

/** What happened to one device's message. */
export interface PushOutcome {
  token: string;
  ok: boolean;
  /** The device is gone (the app was removed): its token should be forgotten. */
  unregistered: boolean;
}

/** Sends push notifications; one outcome per token, never a rejection for one bad device. */
export interface PushSender {
  readonly name: 'local' | 'fcm';
  send(tokens: readonly string[], message: PushMessage): Promise<PushOutcome[]>;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** A device token as it may appear in a log: enough to tell two apart, not enough to use one. */
export const maskToken = (token: string) =>
  token.length <= 10 ? '…' : `${token.slice(0, 4)}…${token.slice(-4)}`;

/** One push the local sender kept. */
export interface LocalPush {
  tokens: string[];
  message: PushMessage;
  sentAt: Date;
}

/**
 * The local sender (default, and the tests'): logs each push with its tokens masked and keeps
 * it in memory (`sent`, newest last, at most `keep`), so tests and a developer can see what a
 * phone would have received.
 */
export function localPushSender(log: Log, keep = 1000): PushSender & { sent: LocalPush[] } {
  const sent: LocalPush[] = [];
  return {
    name: 'local',
    sent,
    send(tokens, message) {
      sent.push({ tokens: [...tokens], message, sentAt: new Date() });
      if (sent.length > keep) sent.splice(0, sent.length - keep);
      log.info(
        { devices: tokens.map(maskToken), title: message.title },
        'push notification (local: not sent to any device)',
      );
      return Promise.resolve(tokens.map((token) => ({ token, ok: true, unregistered: false })));
    },
  };
}

/** The fields of a Google service account key file that FCM's OAuth needs. */
export interface ServiceAccount {
  client_email: string;
  private_key: string;
  /** Where the signed assertion is exchanged for an access token. */
  token_uri: string;
}

export function readServiceAccount(file: string): ServiceAccount {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServiceAccount>;
  if (!parsed.client_email || !parsed.private_key) {
    throw new Error(`${file} is not a service account key (client_email, private_key missing)`);
  }
  return {
    client_email: parsed.client_email,
    private_key: parsed.private_key,
    token_uri: parsed.token_uri ?? 'https://oauth2.googleapis.com/token',
  };
}

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/**
 * Firebase Cloud Messaging over its HTTP v1 API (PUSH_PROVIDER=fcm). The access token comes from
 * the service account by the OAuth 2.0 JWT bearer grant (an RS256 assertion signed with jose),
 * kept until a minute before it expires; each device gets its own `messages:send` (FCM v1 has no
 * batch call). A device FCM reports as UNREGISTERED (or NOT_FOUND) comes back `unregistered`.
 * `endpoint` is FCM's origin (a local stand-in in tests).
 */
export function fcmPushSender(o: {
  projectId: string;
  account: ServiceAccount;
  log: Log;
  endpoint?: string;
  timeoutMs?: number;
}): PushSender {
  const endpoint = o.endpoint ?? 'https://fcm.googleapis.com';
  const timeout = o.timeoutMs ?? 10_000;
  let cached: { token: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    const key = await importPKCS8(o.account.private_key, 'RS256');
    const assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(o.account.client_email)
      .setSubject(o.account.client_email)
      .setAudience(o.account.token_uri)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const res = await fetch(o.account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }),
      signal: AbortSignal.timeout(timeout),
    });
    if (!res.ok) throw new Error(`FCM token exchange failed: HTTP ${res.status}`);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('FCM token exchange answered no access_token');
    cached = {
      token: body.access_token,
      until: Date.now() + Math.max((body.expires_in ?? 3600) - 60, 0) * 1000,
    };
    return cached.token;
  }

  async function sendOne(token: string, message: PushMessage, bearer: string) {
    const res = await fetch(
      `${endpoint}/v1/projects/${encodeURIComponent(o.projectId)}/messages:send`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          message: {
            token,
            notification: { title: message.title, body: message.body },
            data: message.data,
            android: { priority: 'high' },
          },
        }),
        signal: AbortSignal.timeout(timeout),
      },
    );
    if (res.ok) return { token, ok: true, unregistered: false };
    const text = await res.text();
    const unregistered = res.status === 404 || /UNREGISTERED/.test(text);
    o.log.warn(
      { device: maskToken(token), status: res.status, unregistered },
      'FCM refused a push',
    );
    return { token, ok: false, unregistered };
  }

  return {
    name: 'fcm',
    async send(tokens, message) {
      if (tokens.length === 0) return [];
      const bearer = await accessToken();
      return Promise.all(
        tokens.map((t) =>
          sendOne(t, message, bearer).catch((err: unknown) => {
            o.log.warn({ device: maskToken(t), err }, 'FCM push failed');
            return { token: t, ok: false, unregistered: false };
          }),
        ),
      );
    },
  };
}
