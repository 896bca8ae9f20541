import { describe, expect, it } from 'vitest';
import { checkBands } from './delivery-bands.ts';
import { bandHolds } from './delivery-charge.ts';

const b = (minKm: number, maxKm: number | null) => ({ minKm, maxKm });

describe('checkBands', () => {
  it('finds nothing wrong with adjacent bands (upper end outside, as the charge reads them)', () => {
    const r = checkBands([b(0, 5), b(5, 15), b(15, null)]);
    expect(r).toEqual({ overlaps: [], gaps: [], reachKm: null, warnings: [] });
    // The same rule as the charge: 5 km is in the second band only.
    expect(bandHolds(b(0, 5), 5)).toBe(false);
    expect(bandHolds(b(5, 15), 5)).toBe(true);
  });

  it('flags an overlap with the distances both bands hold', () => {
    const r = checkBands([b(0, 10), b(5, 15)]);
    expect(r.overlaps).toEqual([{ first: 0, second: 1, fromKm: 5, toKm: 10 }]);
    expect(r.gaps).toEqual([]);
    expect(r.reachKm).toBe(15);
    expect(r.warnings).toEqual(['Bands 0-10 km and 5-15 km overlap from 5 km to 10 km.']);
  });

  it('flags overlaps with open-ended bands and nested bands, in any order', () => {
    const r = checkBands([b(20, null), b(0, 10), b(8, null), b(2, 4)]);
    expect(r.overlaps).toEqual([
      { first: 0, second: 2, fromKm: 20, toKm: null },
      { first: 1, second: 2, fromKm: 8, toKm: 10 },
      { first: 1, second: 3, fromKm: 2, toKm: 4 },
    ]);
    expect(r.warnings[0]).toBe('Bands 20+ km and 8+ km overlap from 20 km to no limit.');
    expect(r.reachKm).toBeNull();
  });

  it('flags gaps from 0 km and between bands, and says how far the bands reach', () => {
    const r = checkBands([b(12, 20), b(2, 5), b(5, 10)]);
    expect(r.overlaps).toEqual([]);
    expect(r.gaps).toEqual([
      { fromKm: 0, toKm: 2 },
      { fromKm: 10, toKm: 12 },
    ]);
    expect(r.reachKm).toBe(20);
    expect(r.warnings).toEqual([
      'No band covers 0 km up to 2 km.',
      'No band covers 10 km up to 12 km.',
    ]);
  });

  it('does not call a band inside a wider one a gap, and has nothing to say about no bands', () => {
    expect(checkBands([b(0, 30), b(5, 10), b(10, 40)]).gaps).toEqual([]);
    expect(checkBands([])).toEqual({ overlaps: [], gaps: [], reachKm: null, warnings: [] });
  });
});
