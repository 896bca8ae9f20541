import { describe, expect, it } from 'vitest';
import { formatPaymentTime, IST_OFFSET_MS } from './payment-time.ts';

describe('formatPaymentTime: dd/mm/yy - hh:mm in IST', () => {
  it('shifts by 5.5 hours (19800000 ms)', () => {
    expect(IST_OFFSET_MS).toBe(19_800_000);
    expect(formatPaymentTime('2026-11-23T13:05:00.000Z')).toBe('23/11/26 - 18:35');
  });

  it('crosses midnight, month and year ends into the next IST day', () => {
    expect(formatPaymentTime('2026-12-31T18:30:00Z')).toBe('01/01/27 - 00:00');
    expect(formatPaymentTime('2026-12-31T18:29:59Z')).toBe('31/12/26 - 23:59');
    expect(formatPaymentTime('2027-02-28T20:00:00Z')).toBe('01/03/27 - 01:30');
  });

  it('pads single digits and writes 24-hour time', () => {
    expect(formatPaymentTime(Date.UTC(2026, 0, 4, 2, 3))).toBe('04/01/26 - 07:33');
    expect(formatPaymentTime(new Date(Date.UTC(2026, 5, 9, 10, 0)))).toBe('09/06/26 - 15:30');
  });

  it('answers null for an unreadable date', () => {
    expect(formatPaymentTime('not a date')).toBeNull();
    expect(formatPaymentTime(Number.NaN)).toBeNull();
  });
});
