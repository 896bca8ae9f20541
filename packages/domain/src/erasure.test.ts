import { describe, expect, it } from 'vitest';
import { ERASURE_DUE_DAYS, erasureDueAt, erasureRunsNow } from './erasure.ts';

describe('erasure due date (DPDP Rules rule 14(3))', () => {
  const at = new Date('2027-05-13T10:00:00Z');

  it('is 90 days after the request', () => {
    expect(ERASURE_DUE_DAYS).toBe(90);
    expect(erasureDueAt(at).toISOString()).toBe('2027-08-11T10:00:00.000Z');
  });

  it('runs at once when no order is open', () => {
    expect(erasureRunsNow(0, erasureDueAt(at), at)).toBe(true);
  });

  it('waits for open orders until a day before it is due, then runs anyway', () => {
    const due = erasureDueAt(at);
    expect(erasureRunsNow(2, due, at)).toBe(false);
    expect(erasureRunsNow(2, due, new Date(due.getTime() - 24 * 3600_000 - 1))).toBe(false);
    expect(erasureRunsNow(2, due, new Date(due.getTime() - 24 * 3600_000))).toBe(true);
    expect(erasureRunsNow(1, due, new Date(due.getTime() + 1))).toBe(true);
  });
});
