import { describe, expect, it } from 'vitest';
import { csvSafe, csvUnsafe, toCsv } from './csv.ts';

describe('CSV', () => {
  it('prefixes cells that a spreadsheet would run as formulas', () => {
    for (const bad of ['=1+1', '+91 98200', '-2', '@SUM(A1)', '\t=x', '\r=x']) {
      expect(csvSafe(bad)).toBe(`'${bad}`);
    }
    expect(csvSafe('Asha = owner')).toBe('Asha = owner');
  });

  it('quotes commas, quotes and new lines, and leaves numbers alone', () => {
    const csv = toCsv(['a', 'b', 'c'], [['x, "y"', 'line\nbreak', 12.5]]);
    expect(csv).toBe('\uFEFFa,b,c\r\n"x, ""y""","line\nbreak",12.5\r\n');
  });

  it('takes the prefix off again when reading back, and only before a formula character', () => {
    for (const text of [
      '=1+1',
      '+91 98200',
      '-2',
      '@SUM(A1)',
      "'=x",
      "''-y",
      "'quoted",
      "'",
      'plain',
    ]) {
      expect(csvUnsafe(csvSafe(text))).toBe(text);
    }
    expect(csvUnsafe("'hello")).toBe("'hello");
  });
});
