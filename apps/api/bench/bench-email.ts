/**
 * Where the bench server's emails go (BENCH_EMAIL):
 *
 * - `smtp` (the default): a real shop's shape (a real shop sets SMTP_URL: without it no code
 *   reaches a customer). The server's SMTP sender hands every message over implicit TLS
 *   (`smtps://`, as docs/deploying.md tells a shop) to a local SMTP stand-in (npm's smtp-server,
 *   with its own self-signed certificate) started here in the bench's process, which signs the
 *   server in, accepts every message and counts the connections and messages.
 * - `outbox`: the local sender, one JSON file a message in the server's DATA_DIR (a demo's or a
 *   developer's), as the figures before 2026-11-29 were measured.
 */
import { startSmtpStandIn } from '../src/test-support/smtp-stand-in.ts';

export type BenchEmail = 'outbox' | 'smtp';

export const benchEmail = (): BenchEmail =>
  process.env.BENCH_EMAIL === 'outbox' ? 'outbox' : 'smtp';

/** Starts the SMTP stand-in; returns the server's extra environment and a tally. */
export async function startBenchSmtp() {
  const standIn = await startSmtpStandIn({ secure: true, login: 'any' });
  return {
    /** The bench server's environment: SMTP over TLS to the stand-in (its certificate is self-signed). */
    serverEnv: {
      BENCH_SMTP_URL: `smtps://bench:bench-only@127.0.0.1:${standIn.port}?tls.rejectUnauthorized=false`,
    },
    describe: () =>
      `${standIn.received.length} messages over ${standIn.connections.opened} connections`,
    close: standIn.close,
  };
}

/** The bench's email side, as one line for the bench's header. */
export const benchEmailName = (email: BenchEmail) =>
  email === 'smtp'
    ? "SMTP (the server's sender, over TLS) to a local stand-in in the bench's process"
    : "the local outbox (a file a message in the server's data folder)";
