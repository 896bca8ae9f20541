import { describe, expect, it } from 'vitest';
import { workerCount } from './worker-count.ts';

const base = { requested: undefined, cores: 4, embedded: false, maxConnections: 100, poolSize: 10 };

describe('workerCount', () => {
  it('runs one process per core unless WEB_CONCURRENCY says otherwise', () => {
    expect(workerCount(base)).toEqual({ workers: 4 });
    expect(workerCount({ ...base, requested: 2 })).toEqual({ workers: 2 });
    expect(workerCount({ ...base, cores: 1 })).toEqual({ workers: 1 });
  });

  it('never opens more connections than PostgreSQL allows, keeping some free', () => {
    const r = workerCount({ ...base, cores: 16, maxConnections: 50 });
    expect(r.workers).toBe(4); // (50 - 5) / 10
    expect(r.capped).toContain('50 connections');
    expect(workerCount({ ...base, requested: 8, maxConnections: 12 }).workers).toBe(1);
  });

  it('runs one process on the embedded database, saying why when more were asked for', () => {
    expect(workerCount({ ...base, embedded: true })).toMatchObject({ workers: 1 });
    expect(workerCount({ ...base, embedded: true }).capped).toContain('DATABASE_URL');
    expect(workerCount({ ...base, embedded: true, requested: 1 })).toEqual({ workers: 1 });
  });
});
