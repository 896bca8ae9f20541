import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends an email; rejects when the message could not be handed over. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
  /** Lets go of what the sender holds open (the SMTP connections), once nothing is sent any more. */
  close(): Promise<void>;
  /**
   * Whether a message reaches the recipient's inbox: false for the local outbox folder only
   * (absent: it does). Sign-in codes for staff need one that does (issue 57 item 4).
   */
  readonly reachesInbox?: boolean;
}

interface Log {
  info(obj: object, msg: string): void;
}

/**
 * The local sender (default, and the tests'): each message becomes a JSON file
 * `<time>-<random>.json` in `dir` with to, from, subject, text, html and sentAt (appearing whole,
 * by a rename), and is logged,
 * so a developer or a browser test can read the code.
 */
export function outboxEmailSender(dir: string, from: string, log: Log): EmailSender {
  return {
    reachesInbox: false,
    async send(message) {
      // The messages hold live codes: only the server's user may read them.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const sentAt = new Date().toISOString();
      const name = `${sentAt.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      const file = path.join(dir, name);
      // Written beside, then renamed: whoever reads the outbox finds a message whole or not at all.
      const partial = path.join(dir, `.${name}.partial`);
      const body = JSON.stringify({ from, ...message, sentAt }, null, 2);
      await writeFile(partial, body, { mode: 0o600 });
      await rename(partial, file);
      log.info({ to: message.to, subject: message.subject, file }, 'email written to the outbox');
    },
    async close() {},
  };
}

/**
 * How long one SMTP send may take, ms: to connect, for the greeting, and of silence once talking
 * (each step of the exchange); a connection the server closes mid-send is tried once more on a
 * fresh one. Each can be set in SMTP_URL (`?socketTimeout=60000`); the URL's values win.
 */
export const SMTP_ATTEMPT_LIMITS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
  maxRequeues: 1,
} as const;

/**
 * Real email through an SMTP server (nodemailer), chosen by SMTP_URL, over a pool of kept-open
 * connections (nodemailer's `pool`): a confirmed order's two emails, and a sale's hundreds, reuse
 * them instead of each opening a connection, with its TLS handshake and sign-in, of its own. The
 * pool's defaults (5 connections, 100 messages each, then a fresh one) can be changed in the URL
 * (`?maxConnections=2`), as can every other nodemailer SMTP option.
 *
 * A server that stalls fails the send within about 2 minutes (`SMTP_ATTEMPT_LIMITS`) instead of
 * nodemailer's 2 minutes to connect and 10 of silence, re-sent up to 5 times: the outbox's claim of
 * an attempt (5 minutes) outlasts it, so no other process takes the email while it is on the wire.
 */
export function smtpEmailSender(smtpUrl: string, from: string): EmailSender {
  const transport = nodemailer.createTransport({
    ...SMTP_ATTEMPT_LIMITS,
    url: smtpUrl,
    pool: true,
  });
  return {
    reachesInbox: true,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}
