import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** A message the server wrote to its outbox (DATA_DIR/outbox) instead of sending it. */
export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** Every message in a server's outbox (DATA_DIR/outbox): its `*.json` files, each written whole. */
export async function outboxMessages(dataDir: string): Promise<OutboxMessage[]> {
  const outbox = path.join(dataDir, 'outbox');
  const files = await readdir(outbox).catch(() => [] as string[]);
  return Promise.all(
    files
      .filter((f) => f.endsWith('.json'))
      .map(async (f) => JSON.parse(await readFile(path.join(outbox, f), 'utf8')) as OutboxMessage),
  );
}

/** The six-digit code in the newest of `messages` sent to `email` at or after `after` (ms). */
export function newestCode(
  messages: readonly OutboxMessage[],
  email: string,
  after = 0,
): string | undefined {
  const mine = messages
    .filter((m) => m.to === email && Date.parse(m.sentAt) >= after)
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
  return /\b(\d{6})\b/.exec(mine.at(-1)?.subject ?? '')?.[1];
}
