/** Pieces the crash and cluster tests share: the database they use and their server processes. */
import type { ChildProcess } from 'node:child_process';

/** The PostgreSQL admin URL the tests make their fresh database on. */
export const ADMIN_URL =
  process.env.TEST_DATABASE_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';

/** Rate limits out of the way of many shoppers from one address (the tests' own setting). */
export const LIMITS_OFF: Record<string, string> = {
  OTP_SEND_LIMIT_PER_IP: '100000',
  OTP_TRY_LIMIT_PER_IP: '100000',
  LOGIN_LIMIT_PER_IP: '100000',
  ACCOUNT_WRITE_LIMIT_PER_IP: '100000',
  PUBLIC_FORM_LIMIT_PER_IP: '100000',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
