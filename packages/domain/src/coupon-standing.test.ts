import { describe, expect, it } from 'vitest';
import { couponMarks } from './coupon-standing.ts';

const now = new Date('2026-11-26T10:00:00Z');
const live = { active: true, startsAt: null, endsAt: null, usageLimit: null };

describe('couponMarks', () => {
  it('marks nothing on a coupon a shopper could use now', () => {
    expect(couponMarks(live, 1_000, now)).toEqual([]);
    expect(
      couponMarks(
        { ...live, endsAt: now, startsAt: new Date('2026-11-01T00:00:00Z'), usageLimit: 5 },
        4,
        now,
      ),
    ).toEqual([]);
  });

  it('marks used up at the limit, expired after the inclusive end, not started before the start', () => {
    expect(couponMarks({ ...live, usageLimit: 5 }, 5, now)).toEqual(['used up']);
    expect(couponMarks({ ...live, usageLimit: 0 }, 0, now)).toEqual(['used up']);
    expect(couponMarks({ ...live, endsAt: new Date(now.getTime() - 1) }, 0, now)).toEqual([
      'expired',
    ]);
    expect(couponMarks({ ...live, startsAt: new Date(now.getTime() + 1) }, 0, now)).toEqual([
      'not started',
    ]);
  });

  it('gives every mark that applies, inactive first', () => {
    expect(
      couponMarks(
        { active: false, startsAt: null, endsAt: new Date('2026-01-01T00:00:00Z'), usageLimit: 1 },
        3,
        now,
      ),
    ).toEqual(['inactive', 'expired', 'used up']);
  });
});
