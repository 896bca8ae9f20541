import { describe, expect, it } from 'vitest';
import { parseSizeChart, SIZE_CHART_LIMITS } from './size-chart.ts';

describe('parseSizeChart', () => {
  it('reads a markdown table, skipping its --- line', () => {
    const text = '| Size | Chest (in) |\n|---|:--:|\n| S | 36 |\n| M | 38 |\n';
    expect(parseSizeChart(text)).toEqual({
      ok: true,
      chart: {
        columns: ['Size', 'Chest (in)'],
        rows: [
          ['S', '36'],
          ['M', '38'],
        ],
      },
    });
  });

  it('reads commas and tabs, and pads a short row', () => {
    expect(parseSizeChart('Size, Chest, Length\nS, 36\n')).toEqual({
      ok: true,
      chart: { columns: ['Size', 'Chest', 'Length'], rows: [['S', '36', '']] },
    });
    expect(parseSizeChart('Size\tChest\nL\t40')).toEqual({
      ok: true,
      chart: { columns: ['Size', 'Chest'], rows: [['L', '40']] },
    });
  });

  it('treats blank text as no chart', () => {
    expect(parseSizeChart('  \n \n')).toEqual({ ok: true, chart: null });
  });

  it('refuses one column, no rows, a long row, an empty heading and too much', () => {
    expect(parseSizeChart('Size\nS').ok).toBe(false);
    expect(parseSizeChart('Size | Chest').ok).toBe(false);
    expect(parseSizeChart('Size | Chest\nS | 36 | 27')).toEqual({
      ok: false,
      problem: 'Row 1 has 3 cells but the heading has 2',
    });
    expect(parseSizeChart('Size | \nS | 36').ok).toBe(false);
    expect(parseSizeChart('a|b\n' + 'x|y\n'.repeat(SIZE_CHART_LIMITS.rows + 1)).ok).toBe(false);
    expect(parseSizeChart('a|b\n' + 'x'.repeat(SIZE_CHART_LIMITS.cell + 1) + '|y').ok).toBe(false);
    expect(parseSizeChart('x'.repeat(SIZE_CHART_LIMITS.chars + 1)).ok).toBe(false);
  });
});
