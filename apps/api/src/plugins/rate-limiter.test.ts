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

  it('prunes windows that ended more than a day ago', async () => {
    await limiter.hit([{ ...limit, key: 'test:old' }], 'x');
    clock.advance(25 * 60 * MINUTE);
    await limiter.hit([{ ...limit, key: 'test:new' }], 'x');
    await limiter.prune();
    const keys = (await testDb.handle.db.select().from(rateLimitCounters)).map((r) => r.key);
    expect(keys).toEqual(['test:new']);
  });
});
