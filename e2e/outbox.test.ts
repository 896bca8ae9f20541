import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newestCode, outboxMessages, type OutboxMessage } from './outbox.ts';

const mail = (to: string, subject: string, sentAt: string): OutboxMessage => ({
  to,
  subject,
  text: subject,
  sentAt,
});

describe('the outbox', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('reads every message file, and none from a server that has sent nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'outbox-test-'));
    dirs.push(dataDir);
    expect(await outboxMessages(dataDir)).toEqual([]);
    mkdirSync(path.join(dataDir, 'outbox'));
    const sent = mail('a@example.com', '123456 is your code', '2026-11-28T10:00:00.000Z');
    writeFileSync(path.join(dataDir, 'outbox', '1.json'), JSON.stringify(sent));
    writeFileSync(path.join(dataDir, 'outbox', '1.json.tmp'), '{"half');
    expect(await outboxMessages(dataDir)).toEqual([sent]);
  });

  it('finds the newest code sent to the address, at or after a moment', () => {
    const messages = [
      mail('a@example.com', '654321 is your code', '2026-11-28T10:00:02.000Z'),
      mail('a@example.com', '111111 is your code', '2026-11-28T10:00:01.000Z'),
      mail('b@example.com', '999999 is your code', '2026-11-28T10:00:03.000Z'),
      mail('a@example.com', 'Your order is confirmed', '2026-11-28T09:00:00.000Z'),
    ];
    expect(newestCode(messages, 'a@example.com')).toBe('654321');
    expect(newestCode(messages, 'c@example.com')).toBeUndefined();
    expect(
      newestCode(messages, 'a@example.com', Date.parse('2026-11-28T10:00:03.000Z')),
    ).toBeUndefined();
  });
});
