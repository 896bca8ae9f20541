import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '@shop/db';
import { testDatabaseTargets, type TestDatabase } from '@shop/db/testing';
import { manualClock } from '../lib/clock.ts';
import { RateLimiter } from './rate-limiter.ts';

const MINUTE = 60_000;

describe.each(testDatabaseTargets())('rate limiter on $name', (target) => {
  let testDb: TestDatabase;
  const clock = manualClock();
  let limiter: RateLimiter;

  beforeAll(async () => {
    testDb = await target.open();
    limiter = new RateLimiter(testDb.handle.db, clock);
  });
  afterAll(async () => {
    await testDb.dispose();
  });

  const limit = { key: 'test:a', max: 2, windowMs: 10 * MINUTE };

  it('allows up to max hits a window, then answers 429 until the next window', async () => {
    await limiter.hit([limit], 'Slow down.');
    await limiter.hit([limit], 'Slow down.');
    await expect(limiter.hit([limit], 'Slow down.')).rejects.toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(/^Slow down\. Please try again in \d+ minutes?\.$/),
    });
    await expect(limiter.check([limit], 'Slow down.')).rejects.toMatchObject({ statusCode: 429 });
    clock.advance(10 * MINUTE);
    await expect(limiter.check([limit], 'Slow down.')).resolves.toBeUndefined();
  });

  it('queues turns gapMs apart, refuses one that would wait more than maxWaitMs, and says how long until the queue is free', async () => {
    // A window's start, so the queue does not straddle two windows.
    clock.advance(10 * MINUTE - (clock().getTime() % (10 * MINUTE)));
    const turn = (gapMs: number) =>
      limiter.takeTurn('test:turns', { gapMs, maxWaitMs: 3000, windowMs: 10 * MINUTE });
    expect(await turn(1000)).toEqual({ waitMs: 1000 });
    expect(await turn(1500)).toEqual({ waitMs: 2500 });
    expect(await turn(1000)).toEqual({ retryInMs: 2500 });
    expect(await turn(500)).toEqual({ waitMs: 3000 });
    expect(await turn(100)).toEqual({ retryInMs: 3000 });
    clock.advance(2000);
    expect(await turn(2000)).toEqual({ waitMs: 3000 });
    // Once the queue's last turn is over, a turn waits its gap alone.
    clock.advance(10_000);
    expect(await turn(700)).toEqual({ waitMs: 700 });
  });

  it('prunes windows that ended more than a day ago', async () => {
    await limiter.hit([{ ...limit, key: 'test:old' }], 'x');
    clock.advance(25 * 60 * MINUTE);
    await limiter.hit([{ ...limit, key: 'test:new' }], 'x');
    await limiter.prune();
    const keys = (await testDb.handle.db.select().from(rateLimitCounters)).map((r) => r.key);
    expect(keys).toEqual(['test:new']);
  });
});
