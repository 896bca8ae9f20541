import { afterEach, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from './payment-signatures.ts';
import { createWebhookScheduler } from './webhook-scheduler.ts';
import { capturedEvent, startWebhookReceiver } from './webhook-test-server.ts';

const event = capturedEvent;

describe('createWebhookScheduler', () => {
  const closers: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it('posts the JSON body after a delay, signed with the secret, with its event id', async () => {
    const receiver = await startWebhookReceiver();
    closers.push(receiver.close);
    const scheduler = createWebhookScheduler({
      url: receiver.url,
      delayMs: { min: 20, max: 20 },
      duplicateChance: 0,
    });
    const started = Date.now();
    scheduler.schedule(event('evt_A'), 'whsec');
    expect(receiver.received).toHaveLength(0);
    await scheduler.idle();
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got!.headers['x-razorpay-event-id']).toBe('evt_A');
    expect(got!.headers['content-type']).toBe('application/json');
    expect(
      verifyWebhookSignature(got!.raw, String(got!.headers['x-razorpay-signature']), 'whsec'),
    ).toBe(true);
    expect(JSON.parse(got!.raw)).toEqual(event('evt_A').body);
  });

  it('sometimes delivers an event twice, with the same id and body', async () => {
    const receiver = await startWebhookReceiver();
    closers.push(receiver.close);
    const scheduler = createWebhookScheduler({
      url: receiver.url,
      delayMs: { min: 1, max: 5 },
      duplicateChance: 0.5,
      random: () => 0.25,
    });
    scheduler.schedule(event('evt_B'), 'whsec');
    await scheduler.idle();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]!.raw).toBe(receiver.received[1]!.raw);
    expect(receiver.received.map((r) => r.headers['x-razorpay-event-id'])).toEqual([
      'evt_B',
      'evt_B',
    ]);

    const once = createWebhookScheduler({
      url: receiver.url,
      delayMs: { min: 1, max: 5 },
      duplicateChance: 0.5,
      random: () => 0.75,
    });
    once.schedule(event('evt_C'), 'whsec');
    await once.idle();
    expect(
      receiver.received.filter((r) => r.headers['x-razorpay-event-id'] === 'evt_C'),
    ).toHaveLength(1);
  });

  it('retries a delivery the shop did not accept, up to maxAttempts', async () => {
    const receiver = await startWebhookReceiver((n) => (n < 3 ? 500 : 200));
    closers.push(receiver.close);
    const scheduler = createWebhookScheduler({
      url: receiver.url,
      delayMs: { min: 1, max: 2 },
      duplicateChance: 0,
      maxAttempts: 3,
    });
    scheduler.schedule(event('evt_D'), 'whsec');
    await scheduler.idle();
    expect(receiver.attempts()).toBe(3);
    expect(receiver.received).toHaveLength(1);

    const failing = await startWebhookReceiver(() => 503);
    closers.push(failing.close);
    const giveUp = createWebhookScheduler({
      url: failing.url,
      delayMs: { min: 1, max: 2 },
      duplicateChance: 0,
      maxAttempts: 2,
    });
    giveUp.schedule(event('evt_E'), 'whsec');
    await giveUp.idle();
    expect(failing.attempts()).toBe(2);
  });

  it('survives an unreachable shop, and drops pending deliveries on close', async () => {
    const warnings: string[] = [];
    const unreachable = createWebhookScheduler({
      url: 'http://127.0.0.1:9/api/payment/webhook',
      delayMs: { min: 1, max: 1 },
      duplicateChance: 0,
      maxAttempts: 1,
      log: { warn: (_o, msg) => warnings.push(msg) },
    });
    unreachable.schedule(event('evt_F'), 'whsec');
    await unreachable.idle();
    expect(warnings).toEqual(['sandbox webhook not delivered']);

    const receiver = await startWebhookReceiver();
    closers.push(receiver.close);
    const scheduler = createWebhookScheduler({
      url: receiver.url,
      delayMs: { min: 50, max: 50 },
      duplicateChance: 0,
    });
    scheduler.schedule(event('evt_G'), 'whsec');
    await scheduler.close();
    await scheduler.idle();
    await new Promise((r) => setTimeout(r, 80));
    expect(receiver.attempts()).toBe(0);
    scheduler.schedule(event('evt_H'), 'whsec');
    await new Promise((r) => setTimeout(r, 80));
    expect(receiver.attempts()).toBe(0);
  });
});
