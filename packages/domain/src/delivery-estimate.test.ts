import { describe, expect, it } from 'vitest';
import { averageDeliveryDays, estimatedDeliveryRange } from './delivery-estimate.ts';

/** y-m-d of a date in local time. */
const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

describe('averageDeliveryDays: the rounded average of delivery_days', () => {
  it.each([
    [[5], 5],
    [[3, 5], 4],
    [[3, 4], 4], // 3.5 rounds up
    [[2, 3], 3], // 2.5 rounds up
    [[2, 2, 3], 2], // 2.33
    [[2, 3, 3], 3], // 2.67
    [[1, 2, 3, 4], 3], // 2.5 rounds up
    [[7, 10], 9], // 8.5 rounds up
  ])('%j -> %i', (days, expected) => {
    expect(averageDeliveryDays(days)).toBe(expected);
  });

  it('ignores entries that are not positive finite numbers', () => {
    expect(averageDeliveryDays([0, 4, -2, NaN, Infinity, 6])).toBe(5);
    expect(averageDeliveryDays([0, 3])).toBe(3);
  });

  it('is null for an empty list or one without usable entries', () => {
    expect(averageDeliveryDays([])).toBeNull();
    expect(averageDeliveryDays([0, -1, NaN, Infinity, -Infinity])).toBeNull();
  });
});

describe('estimatedDeliveryRange: today + average through today + average + 4', () => {
  it('gives the window for a plain date', () => {
    const range = estimatedDeliveryRange([3, 5], new Date(2024, 5, 10, 14, 30));
    expect(range).not.toBeNull();
    expect(ymd(range!.from)).toBe('2024-06-14');
    expect(ymd(range!.to)).toBe('2024-06-18');
  });

  it('returns local midnights, whatever the time of day of today', () => {
    for (const today of [new Date(2024, 0, 1, 0, 0), new Date(2024, 0, 1, 23, 59, 59, 999)]) {
      const range = estimatedDeliveryRange([2], today)!;
      expect(ymd(range.from)).toBe('2024-01-03');
      expect(ymd(range.to)).toBe('2024-01-07');
      for (const d of [range.from, range.to]) {
        expect([d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds()]).toEqual([
          0, 0, 0, 0,
        ]);
      }
    }
  });

  it('crosses month, year and leap-day boundaries by calendar date', () => {
    const yearEnd = estimatedDeliveryRange([3], new Date(2024, 11, 30, 9))!;
    expect(ymd(yearEnd.from)).toBe('2025-01-02');
    expect(ymd(yearEnd.to)).toBe('2025-01-06');

    const leap = estimatedDeliveryRange([1], new Date(2024, 1, 27, 18))!;
    expect(ymd(leap.from)).toBe('2024-02-28');
    expect(ymd(leap.to)).toBe('2024-03-03');

    const noLeap = estimatedDeliveryRange([1], new Date(2023, 1, 27, 18))!;
    expect(ymd(noLeap.from)).toBe('2023-02-28');
    expect(ymd(noLeap.to)).toBe('2023-03-04');
  });

  it('uses the rounded average', () => {
    const range = estimatedDeliveryRange([2, 3], new Date(2024, 5, 1))!; // 2.5 -> 3
    expect(ymd(range.from)).toBe('2024-06-04');
    expect(ymd(range.to)).toBe('2024-06-08');
  });

  it('does not change the given date', () => {
    const today = new Date(2024, 5, 10, 14, 30);
    const before = today.getTime();
    estimatedDeliveryRange([3], today);
    expect(today.getTime()).toBe(before);
  });

  it('is null when no average can be computed', () => {
    expect(estimatedDeliveryRange([], new Date(2024, 5, 10))).toBeNull();
    expect(estimatedDeliveryRange([0, -1], new Date(2024, 5, 10))).toBeNull();
  });
});
