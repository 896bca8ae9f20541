import { bandHolds } from './delivery-charge.ts';

/** A band as the checks read it: min <= km < max (max null: no upper limit). */
export interface KmBand {
  minKm: number;
  maxKm: number | null;
}

/** Two bands that both hold some distances: from `fromKm` up to (not including) `toKm`. */
export interface BandOverlap {
  /** Indexes of the two bands in the list given. */
  first: number;
  second: number;
  fromKm: number;
  /** null: every distance from `fromKm` on. */
  toKm: number | null;
}

/** Distances no band holds: from `fromKm` up to (not including) `toKm`. */
export interface BandGap {
  fromKm: number;
  toKm: number;
}

export interface BandCheck {
  overlaps: BandOverlap[];
  /** Gaps from 0 km up to the farthest band (beyond it, see `reachKm`). */
  gaps: BandGap[];
  /** The first distance no band reaches; null: a band has no upper limit (or there is none). */
  reachKm: number | null;
  /** One sentence per overlap and gap, for the API answer and the screen. */
  warnings: string[];
}

const km = (n: number | null) => (n === null ? 'no limit' : `${String(n)} km`);
const range = (b: KmBand) =>
  b.maxKm === null ? `${String(b.minKm)}+ km` : `${String(b.minKm)}-${String(b.maxKm)} km`;

/**
 * The overlaps and gaps of a set of bands, read as the delivery charge reads them
 * (`bandHolds`: the lower end inside, the upper end outside, so 0-5 and 5-15 neither overlap
 * nor leave a gap). An overlap is a shop's mistake (checkout then takes the band with the lowest
 * min_kilometer); a gap means no delivery (or no free delivery) at those distances, which may be
 * deliberate. Both are only flagged; the caller decides. Bands are expected valid
 * (0 <= min < max); pass only the bands that count (the active ones).
 */
export function checkBands(bands: readonly KmBand[]): BandCheck {
  const overlaps: BandOverlap[] = [];
  for (let i = 0; i < bands.length; i++) {
    for (let j = i + 1; j < bands.length; j++) {
      const a = bands[i]!;
      const b = bands[j]!;
      const fromKm = Math.max(a.minKm, b.minKm);
      const toKm =
        a.maxKm === null ? b.maxKm : b.maxKm === null ? a.maxKm : Math.min(a.maxKm, b.maxKm);
      if (bandHolds(a, fromKm) && bandHolds(b, fromKm) && (toKm === null || toKm > fromKm)) {
        overlaps.push({ first: i, second: j, fromKm, toKm });
      }
    }
  }
  const gaps: BandGap[] = [];
  const sorted = [...bands].sort((a, b) => a.minKm - b.minKm);
  let covered: number | null = 0;
  for (const b of sorted) {
    if (covered === null) break;
    if (b.minKm > covered) gaps.push({ fromKm: covered, toKm: b.minKm });
    if (b.maxKm === null) covered = null;
    else covered = Math.max(covered, b.maxKm);
  }
  const reachKm = sorted.length === 0 ? null : covered;
  const warnings = [
    ...overlaps.map(
      (o) =>
        `Bands ${range(bands[o.first]!)} and ${range(bands[o.second]!)} overlap from ${km(o.fromKm)} to ${km(o.toKm)}.`,
    ),
    ...gaps.map((g) => `No band covers ${km(g.fromKm)} up to ${km(g.toKm)}.`),
  ];
  return { overlaps, gaps, reachKm, warnings };
}
