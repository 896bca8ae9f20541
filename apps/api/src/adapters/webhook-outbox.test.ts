import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxWebhookDeliveries } from '@shop/db';
import { testDatabaseTargets, type TestDatabase } from '@shop/db/testing';
import { verifyWebhookSignature } from './payment-signatures.ts';
import { createWebhookOutbox, type WebhookOutboxOptions } from './webhook-outbox.ts';
import { capturedEvent, startWebhookReceiver } from './webhook-test-server.ts';

const SECRET = 'whsec_outbox_test';

const event = capturedEvent;

/** Event ids of the received deliveries, with how often each came. */
const tally = (received: { headers: Record<string, unknown> }[]) => {
  const by = new Map<string, number>();
  for (const r of received) {
    const id = String(r.headers['x-razorpay-event-id']);
    by.set(id, (by.get(id) ?? 0) + 1);
  }
  return by;
};

describe.each(testDatabaseTargets())('the sandbox webhook outbox on $name', (target) => {
  let database: TestDatabase;
  const closers: (() => Promise<void> | void)[] = [];
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database.dispose();
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await database.handle.db.delete(sandboxWebhookDeliveries);
  });

  /** An outbox whose timer never fires in a test (deliverDue is called by hand) unless asked. */
  const outbox = (url: string, o: Partial<WebhookOutboxOptions> = {}) => {
    const box = createWebhookOutbox({
      db: database.handle.db,
      url,
      delayMs: { min: 0, max: 0 },
      duplicateChance: 0,
      pollMs: 3_600_000,
      ...o,
    });
    closers.push(() => box.close());
    return box;
  };

  /** Waits for the outbox to hold `n` rows (schedule() inserts in the background). */
  const queued = (n: number) =>
    expect
      .poll(async () => (await database.handle.db.select().from(sandboxWebhookDeliveries)).length)
      .toBe(n);

  it('delivers a scheduled event signed, with its event id, from any process polling', async () => {
    const receiver = await startWebhookReceiver();
    closers.push(receiver.close);
    const a = outbox(receiver.url, { pollMs: 20 });
    a.schedule(event('evt_A1'), SECRET);
    await a.idle();
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.headers['x-razorpay-event-id']).toBe('evt_A1');
    expect(
      verifyWebhookSignature(got.raw, String(got.headers['x-razorpay-signature']), SECRET),
    ).toBe(true);
    expect(JSON.parse(got.raw)).toEqual(event('evt_A1').body);
    const [row] = await database.handle.db.select().from(sandboxWebhookDeliveries);
    expect(row).toMatchObject({ attempts: 1, lastStatus: 200 });
    expect(row!.deliveredAt).not.toBeNull();
  });

  it('two processes polling at once make each attempt once (SKIP LOCKED claims)', async () => {
    const receiver = await startWebhookReceiver();
    closers.push(receiver.close);
    const a = outbox(receiver.url);
    const b = outbox(receiver.url);
    const ids = Array.from({ length: 30 }, (_, i) => `evt_P${i}`);
    for (const id of ids) a.schedule(event(id), SECRET);
    await queued(30);
    const rounds = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).deliverDue()),
    );
    expect(rounds.reduce((n, r) => n + r, 0)).toBe(30);
    const by = tally(receiver.received);
    expect(by.size).toBe(30);
    expect([...by.values()].every((n) => n === 1)).toBe(true);
  });

  it('retries a copy the shop did not take, with backoff, and gives up after maxAttempts', async () => {
    // The first two deliveries fail: event 1 twice (then delivered), event 2 never gets a third.
    const receiver = await startWebhookReceiver((n) => (n <= 2 ? 503 : 200));
    closers.push(receiver.close);
    const a = outbox(receiver.url, { pollMs: 10, delayMs: { min: 5, max: 5 }, maxAttempts: 3 });
    a.schedule(event('evt_R1'), SECRET);
    await a.idle();
    expect(receiver.attempts()).toBe(3);
    const [row] = await database.handle.db.select().from(sandboxWebhookDeliveries);
    expect(row).toMatchObject({ attempts: 3, lastStatus: 200 });
    await a.close(); // (every outbox polling delivers to its own URL)

    const refusing = await startWebhookReceiver(() => 500);
    closers.push(refusing.close);
    const b = outbox(refusing.url, { pollMs: 10, delayMs: { min: 5, max: 5 }, maxAttempts: 2 });
    b.schedule(event('evt_R2'), SECRET);
    await b.idle();
    expect(refusing.attempts()).toBe(2);
    const [gaveUp] = await database.handle.db
      .select()
      .from(sandboxWebhookDeliveries)
      .where(eq(sandboxWebhookDeliveries.eventId, 'evt_R2'));
    expect(gaveUp).toMatchObject({ attempts: 2, lastStatus: 500, deliveredAt: null });
    expect(gaveUp!.gaveUpAt).not.toBeNull();
  });

  it('a delivery claimed by a process that died is retried by another once the claim lapses', async () => {
    const receiver = await startWebhookReceiver();
    closers.push(receiver.close);
    let clock = new Date('2030-01-01T00:00:00Z');
    const now = () => clock;
    // Process A claims the attempt and dies before sending (its fetch never answers).
    const a = outbox(receiver.url, {
      now,
      claimMs: 30_000,
      fetchImpl: () => new Promise<Response>(() => {}),
    });
    const b = outbox(receiver.url, { now });
    a.schedule(event('evt_D1'), SECRET);
    await queued(1);
    void a.deliverDue();
    await expect
      .poll(
        async () => (await database.handle.db.select().from(sandboxWebhookDeliveries))[0]?.attempts,
      )
      .toBe(1);
    // Within the claim, B leaves it alone.
    expect(await b.deliverDue()).toBe(0);
    expect(receiver.attempts()).toBe(0);
    clock = new Date(clock.getTime() + 30_001);
    expect(await b.deliverDue()).toBe(1);
    expect(receiver.attempts()).toBe(1);
    const [row] = await database.handle.db.select().from(sandboxWebhookDeliveries);
    expect(row).toMatchObject({ attempts: 2, lastStatus: 200 });
  });

  it('sometimes sends a delivered event once more, as its own copy with the same event id', async () => {
    const receiver = await startWebhookReceiver();
    closers.push(receiver.close);
    const a = outbox(receiver.url, { pollMs: 10, duplicateChance: 1 });
    a.schedule(event('evt_C1'), SECRET);
    await a.idle();
    expect(tally(receiver.received).get('evt_C1')).toBe(2);
    const rows = await database.handle.db.select().from(sandboxWebhookDeliveries);
    expect(rows).toHaveLength(2);
  });
});
