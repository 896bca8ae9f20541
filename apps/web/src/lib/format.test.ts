import { describe, expect, it } from 'vitest';
import { formatDateRange, itemCount } from './format.ts';

describe('formatDateRange', () => {
  it('writes day and short month as en-IN does', () => {
    expect(formatDateRange(new Date(2026, 10, 27), new Date(2026, 11, 1))).toBe('27 Nov – 1 Dec');
  });

  it("writes every month as Intl.DateTimeFormat('en-IN') does", () => {
    const intl = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short' });
    for (let month = 0; month < 12; month += 1) {
      const from = new Date(2026, month, 5);
      const to = new Date(2026, month, 28);
      expect(formatDateRange(from, to)).toBe(`${intl.format(from)} – ${intl.format(to)}`);
    }
  });
});

describe('itemCount', () => {
  it('counts one item and more', () => {
    expect(itemCount(1)).toBe('1 item');
    expect(itemCount(3)).toBe('3 items');
  });
});
