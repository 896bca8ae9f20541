import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { gstStateByCode } from '@shop/domain';

/** Where a pincode is: its centre and its GST state. */
export interface PincodePlace {
  latitude: number;
  longitude: number;
  /** The GST name of the state or union territory, e.g. "Maharashtra". */
  state: string;
  /** The 2-digit GST state code, e.g. "27". */
  stateCode: string;
  /** True when the point is the centroid of the pincode's three-digit prefix, not its own. */
  approximate: boolean;
}

export interface PincodeDirectory {
  /** The place of a 6-digit pincode ("400050", " 400 050 "), or null when unknown or malformed. */
  lookup(pincode: string): PincodePlace | null;
  readonly size: number;
}

/** The all-India table built by pincode-directory/build-pincode-table.ts (see its README). */
export const PINCODE_TABLE_FILE = new URL(
  './pincode-directory/india-pincodes.tsv.gz',
  import.meta.url,
);

const HEADER = 'pincode\tlatitude\tlongitude\tstate_code\tsource';
const PINCODE = /^[1-9]\d{5}$/;

/**
 * Parses the table's TSV (header, then pincode, latitude, longitude, GST state code, source:
 * p or g for the pincode's own point, c for its prefix centroid). Throws on a malformed line, so
 * a broken table fails at start-up rather than answering wrong places.
 */
export function parsePincodeTable(tsv: string): PincodeDirectory {
  const lines = tsv.split('\n');
  if (lines[0] !== HEADER) throw new Error('Not a pincode table: unexpected header');
  const places = new Map<string, PincodePlace>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    const [pincode = '', lat = '', lon = '', code = '', source = ''] = line.split('\t');
    const latitude = Number(lat);
    const longitude = Number(lon);
    const state = gstStateByCode(code);
    if (
      !PINCODE.test(pincode) ||
      !state ||
      lat === '' ||
      lon === '' ||
      !Number.isFinite(latitude) ||
      !Number.isFinite(longitude) ||
      !['p', 'g', 'c'].includes(source)
    ) {
      throw new Error(`Malformed pincode table line ${String(i + 1)}: ${line}`);
    }
    places.set(pincode, {
      latitude,
      longitude,
      state: state.name,
      stateCode: state.code,
      approximate: source === 'c',
    });
  }
  return {
    size: places.size,
    lookup(pincode) {
      const key = pincode.replace(/\s+/g, '');
      return PINCODE.test(key) ? (places.get(key) ?? null) : null;
    },
  };
}

/** Reads and parses a gzipped table file (about 20 ms for the all-India one). */
export function loadPincodeDirectory(file: URL | string = PINCODE_TABLE_FILE): PincodeDirectory {
  return parsePincodeTable(gunzipSync(readFileSync(file)).toString('utf8'));
}

let shared: PincodeDirectory | undefined;

/**
 * The all-India directory, loaded on first use and kept for the life of the process (it is
 * read-only data shipped with the code, so every API process holds the same copy).
 */
export function indiaPincodeDirectory(): PincodeDirectory {
  shared ??= loadPincodeDirectory();
  return shared;
}
