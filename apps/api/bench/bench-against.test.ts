import { describe, expect, it } from 'vitest';
import { median, ordersFigures, regressions, type OrdersFigures } from './bench-against.ts';

/** The lines of a real `BENCH=orders` output (2026-11-28 14:54) that the comparison reads. */
const OUTPUT = `
| what | per s | p50 ms | p99 ms | vs bare insert |
|---|---:|---:|---:|---:|
| bare one-row insert | 2709 | | | 100% |
| order placed (POST /api/payment only), a first placing (no unpaid order held) | 464 | 105.2 | 163.4 | 17% |
| order placed (POST /api/payment only), re-placing while the previous order holds stock | 322 | 148.0 | 265.4 | 12% |
| order placed, paid (at the Razorpay stand-in) and verified | 147 | 163.5 | 337.0 | 5% |
Last-unit race: 3 rounds, 50 shoppers at once over 10 products of 1 unit: p50 154.2 ms, p99 193.9 ms; exactly one order per unit in every round (30 winners, 120 refused with 409)
`;

const run = (firstPlacings: number | null, raceExact = true): OrdersFigures => ({
  bareInsert: 3000,
  firstPlacings,
  firstP99Ms: 150,
  replacings: 300,
  paid: 150,
  raceExact,
});

describe('the orders bench against a ref', () => {
  it("reads each row's rate, the first placing's p99 and the race's verdict", () => {
    expect(ordersFigures(OUTPUT)).toEqual({
      bareInsert: 2709,
      firstPlacings: 464,
      firstP99Ms: 163.4,
      replacings: 322,
      paid: 147,
      raceExact: true,
    });
  });

  it('gives null for a row an older bench does not print, and a race that oversold is not exact', () => {
    const older = OUTPUT.replace(/^\| order placed, paid .*$/m, '').replace(
      'exactly one order per unit in every round',
      'round 2 sold 2 orders of one unit',
    );
    expect(ordersFigures(older)).toMatchObject({ paid: null, raceExact: false });
  });

  it('takes nearest-rank medians, as the benches take percentiles', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(median([])).toBeNull();
  });

  it('fails a tree whose median first placings fall below the tolerance, or whose race oversold', () => {
    const ref = [run(500), run(520), run(480)];
    expect(regressions([run(480), run(470), run(495)], ref, 0.07)).toEqual([]);
    expect(regressions([run(450), run(460), run(455)], ref, 0.07)).toEqual([
      "first placings a second at 91% of the ref's (tolerance 7%)",
    ]);
    expect(regressions([run(500), run(510, false), run(505)], ref, 0.07)).toEqual([
      'a last-unit race did not sell exactly one order a unit',
    ]);
    expect(regressions([run(500)], [run(null)], 0.07)).toEqual(['no first placings to compare']);
  });
});
