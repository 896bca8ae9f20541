import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { buildAdapters } from './index.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-adapters-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const query = (pincode: string) => ({ storeId: 's', address: '', area: '', city: '', pincode });

describe('the default geocoder', () => {
  it("uses the store's own pincode table first, then the all-India directory", async () => {
    const own = { latitude: 1, longitude: 2 };
    const { geocoder } = await buildAdapters(
      { ...loadConfig({}), DATA_DIR: dataDir },
      {},
      Fastify({ logger: false }).log,
      (_store, pin) => Promise.resolve(pin === '400050' ? own : null),
    );
    expect(await geocoder.locate(query('400050'))).toEqual(own);
    // Bengaluru GPO, not in the store's table.
    const bengaluru = await geocoder.locate(query('560001'));
    expect(bengaluru?.latitude).toBeCloseTo(12.97, 1);
    expect(bengaluru?.longitude).toBeCloseTo(77.59, 1);
    expect(await geocoder.locate(query('000000'))).toBeNull();
  });
});
