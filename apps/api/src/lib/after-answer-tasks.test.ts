import { describe, expect, it } from 'vitest';
import { AfterAnswerTasks } from './after-answer-tasks.ts';

function recordingLog() {
  const errors: { obj: Record<string, unknown>; msg: string }[] = [];
  return { errors, error: (obj: object, msg: string) => errors.push({ obj: { ...obj }, msg }) };
}

describe('AfterAnswerTasks', () => {
  it('runs a task after the caller goes on, and idle() waits for it', async () => {
    const tasks = new AfterAnswerTasks(recordingLog());
    const done: string[] = [];
    tasks.run(async () => {
      await new Promise((r) => setTimeout(r, 20));
      done.push('task');
    }, 'failed');
    done.push('caller');
    expect(tasks.size).toBe(1);
    await tasks.idle();
    expect(done).toEqual(['caller', 'task']);
    expect(tasks.size).toBe(0);
  });

  it('logs a failing task with its context and keeps running the others', async () => {
    const log = recordingLog();
    const tasks = new AfterAnswerTasks(log);
    let ran = false;
    tasks.run(() => Promise.reject(new Error('SMTP down')), 'order email failed', {
      orderId: 'o1',
    });
    tasks.run(() => {
      throw new Error('sync throw');
    }, 'other failed');
    tasks.run(() => {
      ran = true;
      return Promise.resolve();
    }, 'never');
    await tasks.idle();
    expect(ran).toBe(true);
    expect(log.errors.map((e) => e.msg).sort()).toEqual(['order email failed', 'other failed']);
    const email = log.errors.find((e) => e.msg === 'order email failed')!;
    expect(email.obj.orderId).toBe('o1');
    expect((email.obj.err as Error).message).toBe('SMTP down');
  });

  it('idle() also waits for tasks started by a task', async () => {
    const tasks = new AfterAnswerTasks(recordingLog());
    const done: string[] = [];
    tasks.run(() => {
      tasks.run(async () => {
        await new Promise((r) => setTimeout(r, 10));
        done.push('inner');
      }, 'failed');
      return Promise.resolve();
    }, 'failed');
    await tasks.idle();
    expect(done).toEqual(['inner']);
  });
});
