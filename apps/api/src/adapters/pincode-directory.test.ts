import { readFileSync, statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { haversineKm } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import {
  PINCODE_TABLE_FILE,
  indiaPincodeDirectory,
  parsePincodeTable,
} from './pincode-directory.ts';

const HEADER = 'pincode\tlatitude\tlongitude\tstate_code\tsource';

describe('parsePincodeTable', () => {
  const table = parsePincodeTable(
    `${HEADER}\n400050\t19.0552\t72.8300\t27\tp\n744301\t9.1573\t92.7581\t35\tc\n`,
  );

  it('answers the place, state name and code of a pincode', () => {
    expect(table.size).toBe(2);
    expect(table.lookup('400050')).toEqual({
      latitude: 19.0552,
      longitude: 72.83,
      state: 'Maharashtra',
      stateCode: '27',
      approximate: false,
    });
    expect(table.lookup('744301')).toMatchObject({
      state: 'Andaman and Nicobar Islands',
      approximate: true,
    });
  });

  it('accepts spaces in the pincode and answers null for unknown or malformed ones', () => {
    expect(table.lookup(' 400 050 ')?.stateCode).toBe('27');
    expect(table.lookup('400051')).toBeNull();
    expect(table.lookup('40005')).toBeNull();
    expect(table.lookup('4000500')).toBeNull();
    expect(table.lookup('040005')).toBeNull();
    expect(table.lookup('')).toBeNull();
  });

  it.each([
    ['a wrong header', 'pin\tlat\n'],
    ['an unknown state code', `${HEADER}\n400050\t19\t72\t99\tp\n`],
    ['a missing coordinate', `${HEADER}\n400050\t\t72\t27\tp\n`],
    ['a bad number', `${HEADER}\n400050\tnorth\t72\t27\tp\n`],
    ['a bad pincode', `${HEADER}\n40005\t19\t72\t27\tp\n`],
    ['an unknown source', `${HEADER}\n400050\t19\t72\t27\tx\n`],
  ])('rejects %s', (_, tsv) => {
    expect(() => parsePincodeTable(tsv)).toThrow();
  });
});

describe('indiaPincodeDirectory', () => {
  const directory = indiaPincodeDirectory();

  it('is loaded once and shared', () => {
    expect(indiaPincodeDirectory()).toBe(directory);
  });

  it('covers all of India', () => {
    expect(directory.size).toBeGreaterThan(19_000);
    // Every state and union territory but "Other Territory" has pincodes.
    const rows = gunzipSync(readFileSync(PINCODE_TABLE_FILE)).toString('utf8').trim().split('\n');
    const codes = new Set(rows.slice(1).map((r) => r.split('\t')[3]));
    expect(codes.size).toBe(36);
  });

  it('is small enough to keep in the repository', () => {
    expect(statSync(PINCODE_TABLE_FILE).size).toBeLessThan(1_000_000);
  });

  it.each([
    // pincode, state, code, a known point nearby, within km
    ['400050', 'Maharashtra', '27', { latitude: 19.0596, longitude: 72.8295 }, 3], // Bandra West
    ['400001', 'Maharashtra', '27', { latitude: 18.9388, longitude: 72.8354 }, 3], // Fort, Mumbai
    ['110001', 'Delhi', '07', { latitude: 28.6315, longitude: 77.2167 }, 3], // Connaught Place
    ['560001', 'Karnataka', '29', { latitude: 12.9716, longitude: 77.5946 }, 3], // Bengaluru GPO
    ['600001', 'Tamil Nadu', '33', { latitude: 13.0878, longitude: 80.2785 }, 5], // Chennai
    ['700001', 'West Bengal', '19', { latitude: 22.5726, longitude: 88.3639 }, 5], // Kolkata
    ['500001', 'Telangana', '36', { latitude: 17.385, longitude: 78.4867 }, 5], // Hyderabad
    ['530001', 'Andhra Pradesh', '37', { latitude: 17.6868, longitude: 83.2185 }, 10], // Vizag
    ['194101', 'Ladakh', '38', { latitude: 34.1526, longitude: 77.577 }, 200], // Leh district
    ['682554', 'Lakshadweep', '31', { latitude: 11.69, longitude: 72.71 }, 20], // Chetlat
    ['737101', 'Sikkim', '11', { latitude: 27.3389, longitude: 88.6065 }, 10], // Gangtok
    ['605001', 'Puducherry', '34', { latitude: 11.9416, longitude: 79.8083 }, 10],
    ['403001', 'Goa', '30', { latitude: 15.4909, longitude: 73.8278 }, 10], // Panaji
  ])('places %s in %s (%s)', (pincode, state, stateCode, near, km) => {
    const place = directory.lookup(pincode);
    expect(place).toMatchObject({ state, stateCode });
    expect(haversineKm(place!, near)).toBeLessThan(km);
  });

  it('knows no pincode that does not exist', () => {
    expect(directory.lookup('999999')).toBeNull();
    expect(directory.lookup('100000')).toBeNull();
  });

  it('answers fast once loaded', () => {
    const started = performance.now();
    for (let i = 0; i < 100_000; i++) directory.lookup(String(110001 + (i % 800000)));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
