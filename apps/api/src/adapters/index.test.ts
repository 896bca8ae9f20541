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

describe('email without SMTP_URL', () => {
  /** The warnings `buildAdapters` logs for `config`. */
  const warningsFor = async (config: { SEED_DEMO: boolean; SMTP_URL?: string }) => {
    const warnings: string[] = [];
    const log = Fastify({ logger: false }).log;
    log.warn = (msg: unknown) => {
      warnings.push(String(msg));
    };
    await buildAdapters({ ...loadConfig({}), ...config, DATA_DIR: dataDir }, {}, log, () =>
      Promise.resolve(null),
    );
    return warnings.filter((w) => w.startsWith('No SMTP_URL'));
  };

  it('warns a real shop that its emails reach nobody, not the demo or a shop with SMTP', async () => {
    expect(await warningsFor({ SEED_DEMO: false })).toHaveLength(1);
    expect(
      await warningsFor({ SEED_DEMO: false, SMTP_URL: 'smtps://u:p@smtp.example.com:465' }),
    ).toEqual([]);
    expect(await warningsFor({ SEED_DEMO: true })).toEqual([]);
  });
});
