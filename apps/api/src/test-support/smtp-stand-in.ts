import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the stand-in accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
  /** Who signed in to send it (undefined without a login). */
  user: string | undefined;
}

/**
 * A local SMTP server (npm's smtp-server) for the SMTP sender's tests and the benches: it keeps
 * every message it accepts and counts the connections opened and ended.
 */
export async function startSmtpStandIn(
  options: {
    /** Implicit TLS (`smtps://`) with smtp-server's own self-signed certificate; else plain. */
    secure?: boolean;
    /** The one login it accepts, or 'any' login; unset: none is needed. */
    login?: { user: string; pass: string } | 'any';
  } = {},
) {
  const received: ReceivedMail[] = [];
  const connections = { opened: 0, closed: 0 };
  const { login } = options;
  const server = new SMTPServer({
    secure: options.secure ?? false,
    disabledCommands: ['STARTTLS'],
    authOptional: !login,
    logger: false,
    onConnect(_session, callback) {
      connections.opened += 1;
      callback();
    },
    onClose() {
      connections.closed += 1;
    },
    onAuth(auth, _session, callback) {
      const accepted =
        login === 'any' ||
        (login !== undefined && auth.username === login.user && auth.password === login.pass);
      if (accepted) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
