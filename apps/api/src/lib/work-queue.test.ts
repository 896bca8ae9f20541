import { describe, expect, it } from 'vitest';
import { WorkQueue } from './work-queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('WorkQueue', () => {
  it('never runs more than its concurrency at once, and runs everything in the end', async () => {
    const queue = new WorkQueue({ concurrency: 2, maxWaiting: 100 });
    let now = 0;
    let most = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        queue.run(async () => {
          now++;
          most = Math.max(most, now);
          await tick();
          now--;
          return i;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(queue.active).toBe(0);
  });

  it('refuses a task with a 503 when too many wait, and frees the slot after a failure', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 1, busyMessage: 'Busy.' });
    const first = queue.run(() => tick().then(() => Promise.reject(new Error('boom'))));
    const second = queue.run(() => tick().then(() => 'second'));
    await expect(queue.run(() => Promise.resolve('third'))).rejects.toMatchObject({
      statusCode: 503,
      message: 'Busy.',
    });
    await expect(first).rejects.toThrow('boom');
    expect(await second).toBe('second');
    expect(await queue.run(() => Promise.resolve('later'))).toBe('later');
  });
});
