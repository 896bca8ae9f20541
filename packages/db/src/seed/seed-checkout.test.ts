import { checkGstin } from '@shop/domain';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import {
  coupons,
  deliveryPriceBands,
  freeDeliveryBands,
  paymentGatewaySettings,
  products,
  storeSettings,
} from '../schema/index.ts';
import { testDatabaseTargets, type TestDatabase } from '../testing/test-databases.ts';
import { buildDemoStores, MAIN_STORE_ID, QUOTE_STORE_ID, type DemoStore } from './demo-data.ts';
import { seedDemoStores } from './seed-demo.ts';

const NOW = new Date('2026-06-01T06:00:00.000Z');
const DAY_MS = 86_400_000;

const stores = buildDemoStores(NOW);
const storeOf = (id: string): DemoStore => {
  const store = stores.find((s) => s.id === id);
  if (!store) throw new Error(id);
  return store;
};

describe.each(stores.map((s) => [s.id, s] as const))('checkout data of %s', (_id, store) => {
  const { settings } = store.checkout;

  it('is a Maharashtra seller with a valid GSTIN, a legal name and a Mumbai office', () => {
    expect(settings.gstin).toMatch(/^27[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/);
    expect(checkGstin(settings.gstin)).toMatchObject({ ok: true, stateCode: '27' });
    expect(settings.gstStateCode).toBe('27');
    expect(settings.state).toBe('Maharashtra');
    expect(settings.legalName.length).toBeGreaterThan(5);
    expect(settings.officeAddress).toContain('Mumbai');
    expect(settings.officeLatitude).toBeGreaterThan(18.85);
    expect(settings.officeLatitude).toBeLessThan(19.3);
    expect(settings.officeLongitude).toBeGreaterThan(72.75);
    expect(settings.officeLongitude).toBeLessThan(73.0);
    expect(settings.roadFactor).toBeGreaterThanOrEqual(1);
    expect(settings.deliveryPercentage).toBe(20);
    expect(settings.notificationEmail).toMatch(/@/);
  });

  it('prices delivery in contiguous bands 0-5, 5-15, 15-40 and 40+ km, dearer further out', () => {
    const bands = store.checkout.bands;
    expect(bands.map((b) => [b.minKilometer, b.maxKilometer])).toEqual([
      [0, 5],
      [5, 15],
      [15, 40],
      [40, null],
    ]);
    const prices = bands.map((b) => b.deliveryPricePaise);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(new Set(prices).size).toBe(4);
    expect(prices[0]).toBeGreaterThan(0);
    expect(bands.every((b) => b.status === 'Active')).toBe(true);
    expect(store.checkout.freeBands.length).toBeGreaterThanOrEqual(1);
    expect(store.checkout.freeBands[0]!.freeDeliveryPricePaise).toBeGreaterThan(0);
  });

  it('has percent, fixed, expired, minimum-order and used-up coupons with unique codes', () => {
    const list = store.checkout.coupons;
    const codes = list.map((c) => c.code.toLowerCase());
    expect(new Set(codes).size).toBe(codes.length);
    const live = (c: (typeof list)[number]) =>
      c.active &&
      (c.startsAt === null || c.startsAt <= NOW) &&
      (c.endsAt === null || c.endsAt > NOW) &&
      (c.totalUsageLimit === null || c.uses < c.totalUsageLimit);
    expect(list.some((c) => live(c) && c.percentageOffer !== null)).toBe(true);
    expect(list.some((c) => live(c) && c.priceOfferPaise !== null)).toBe(true);
    expect(list.some((c) => live(c) && c.minimumSaleTotalPaise > 0)).toBe(true);
    expect(list.some((c) => c.endsAt !== null && c.endsAt < NOW)).toBe(true);
    expect(list.some((c) => c.totalUsageLimit !== null && c.uses === c.totalUsageLimit)).toBe(true);
    for (const c of list) {
      expect((c.percentageOffer === null) !== (c.priceOfferPaise === null), c.code).toBe(true);
    }
  });

  it('gives every product an HSN or SAC code and a GST rate', () => {
    for (const p of store.products) {
      expect(p.hsnCode, p.sku).toMatch(/^\d{4}$/);
      expect([500, 1800], p.sku).toContain(p.gstRateBp);
    }
  });
});

describe('GST rules of the main store', () => {
  const main = storeOf(MAIN_STORE_ID);
  const inCategory = (category: string) => main.products.filter((p) => p.category === category);

  it('taxes apparel at 5% up to ₹2,500 a piece and 18% above, with a 61xx/62xx code', () => {
    const apparel = [
      ...inCategory('t-shirts'),
      ...inCategory('hoodies'),
      ...inCategory('track-pants'),
    ];
    expect(apparel.length).toBeGreaterThan(20);
    for (const p of apparel) {
      expect(p.hsnCode, p.sku).toMatch(/^6[12]\d\d$/);
      expect(p.gstRateBp, p.sku).toBe(500);
      expect(p.gstThresholdPaise, p.sku).toBe(250_000);
      expect(p.gstRateAboveBp, p.sku).toBe(1800);
    }
    // The demo has apparel on both sides of the threshold, so both rates are exercised.
    const unitPrices = apparel.flatMap((p) =>
      p.variations.length > 0
        ? p.variations.map((v) => (v.salePricePaise > 0 ? v.salePricePaise : v.pricePaise))
        : [p.discountPricePaise > 0 ? p.discountPricePaise : p.originalPricePaise],
    );
    expect(unitPrices.some((x) => x <= 250_000)).toBe(true);
    expect(unitPrices.some((x) => x > 250_000)).toBe(true);
  });

  it('taxes skates and protective gear as HSN 9506 at 5%, without a threshold', () => {
    for (const p of [...inCategory('inline-skates'), ...inCategory('protective-gear')]) {
      expect([p.sku, p.hsnCode, p.gstRateBp, p.gstThresholdPaise]).toEqual([
        p.sku,
        '9506',
        500,
        null,
      ]);
    }
  });

  it('taxes courses as SAC 9992 at 18%', () => {
    const courses = inCategory('courses');
    expect(courses.length).toBeGreaterThanOrEqual(5);
    for (const p of courses) {
      expect([p.sku, p.hsnCode, p.gstRateBp, p.gstThresholdPaise]).toEqual([
        p.sku,
        '9992',
        1800,
        null,
      ]);
    }
  });
});

describe.each(testDatabaseTargets())('seeding checkout data on $name', (target) => {
  let t: TestDatabase;
  let db: Database;
  let uploads: string;

  beforeAll(async () => {
    t = await target.open();
    db = t.handle.db;
    uploads = await mkdtemp(join(tmpdir(), 'seed-checkout-'));
    await seedDemoStores(db, { uploadsDir: uploads, now: NOW });
  }, 120_000);
  afterAll(async () => {
    await t?.dispose();
    if (uploads) await rm(uploads, { recursive: true, force: true });
  });

  const countOf = async (table: typeof coupons | typeof deliveryPriceBands, storeId: string) =>
    (await db.select({ n: count() }).from(table).where(eq(table.storeId, storeId)))[0]?.n;

  it('writes settings, bands, the payment modal details and coupons for both stores', async () => {
    for (const store of stores) {
      const [settings] = await db
        .select()
        .from(storeSettings)
        .where(eq(storeSettings.storeId, store.id));
      expect(settings).toMatchObject(store.checkout.settings);
      const bands = await db
        .select()
        .from(deliveryPriceBands)
        .where(eq(deliveryPriceBands.storeId, store.id))
        .orderBy(asc(deliveryPriceBands.position));
      expect(bands.map((b) => [b.minKilometer, b.maxKilometer, b.deliveryPricePaise])).toEqual(
        store.checkout.bands.map((b) => [b.minKilometer, b.maxKilometer, b.deliveryPricePaise]),
      );
      const free = await db
        .select()
        .from(freeDeliveryBands)
        .where(eq(freeDeliveryBands.storeId, store.id));
      expect(free).toHaveLength(store.checkout.freeBands.length);
      const [gateway] = await db
        .select()
        .from(paymentGatewaySettings)
        .where(eq(paymentGatewaySettings.storeId, store.id));
      expect(gateway).toMatchObject({ ...store.checkout.gateway, keyId: null });
      expect(await countOf(coupons, store.id)).toBe(store.checkout.coupons.length);
    }
    const [welcome] = await db
      .select()
      .from(coupons)
      .where(and(eq(coupons.storeId, MAIN_STORE_ID), eq(coupons.code, 'WELCOME10')));
    expect(welcome).toMatchObject({ percentageOffer: 10, maxDiscountPaise: 30_000, uses: 0 });
  });

  it('stores every product with its HSN/SAC code and GST rule', async () => {
    const [missing] = await db
      .select({ n: count() })
      .from(products)
      .where(eq(products.hsnCode, ''));
    expect(missing?.n).toBe(0);
    const [course] = await db
      .select()
      .from(products)
      .where(and(eq(products.storeId, MAIN_STORE_ID), eq(products.category, 'courses')))
      .limit(1);
    expect(course).toMatchObject({ hsnCode: '9992', gstRateBp: 1800 });
  });

  it('writes nothing again and keeps what the shop changed', async () => {
    await db
      .update(storeSettings)
      .set({ deliveryPercentage: 35 })
      .where(eq(storeSettings.storeId, MAIN_STORE_ID));
    await db.delete(coupons).where(eq(coupons.code, 'FLAT200'));
    const before = await countOf(coupons, MAIN_STORE_ID);
    await seedDemoStores(db, { uploadsDir: uploads, now: new Date(NOW.getTime() + DAY_MS) });
    const [settings] = await db
      .select()
      .from(storeSettings)
      .where(eq(storeSettings.storeId, MAIN_STORE_ID));
    expect(settings?.deliveryPercentage).toBe(35);
    expect(await countOf(coupons, MAIN_STORE_ID)).toBe(before);
    expect(await countOf(deliveryPriceBands, MAIN_STORE_ID)).toBe(4);
  }, 60_000);

  it('fills in a store seeded before checkout existed', async () => {
    // What a database seeded by the previous version looks like for the quote store.
    await db.delete(storeSettings).where(eq(storeSettings.storeId, QUOTE_STORE_ID));
    await db.delete(deliveryPriceBands).where(eq(deliveryPriceBands.storeId, QUOTE_STORE_ID));
    await db.delete(freeDeliveryBands).where(eq(freeDeliveryBands.storeId, QUOTE_STORE_ID));
    await db.delete(coupons).where(eq(coupons.storeId, QUOTE_STORE_ID));
    await db
      .delete(paymentGatewaySettings)
      .where(eq(paymentGatewaySettings.storeId, QUOTE_STORE_ID));
    await db
      .update(products)
      .set({ hsnCode: '', gstRateBp: 1800, gstThresholdPaise: null, gstRateAboveBp: null })
      .where(eq(products.storeId, QUOTE_STORE_ID));

    const again = await seedDemoStores(db, { uploadsDir: uploads, now: NOW });
    expect(again.seededStores).toEqual([]);
    const quote = storeOf(QUOTE_STORE_ID);
    expect(await countOf(deliveryPriceBands, QUOTE_STORE_ID)).toBe(quote.checkout.bands.length);
    expect(await countOf(coupons, QUOTE_STORE_ID)).toBe(quote.checkout.coupons.length);
    const rows = await db
      .select({ sku: products.sku, hsn: products.hsnCode, rate: products.gstRateBp })
      .from(products)
      .where(eq(products.storeId, QUOTE_STORE_ID));
    expect(rows.map((r) => [r.sku, r.hsn, r.rate]).sort()).toEqual(
      quote.products.map((p) => [p.sku, p.hsnCode, p.gstRateBp]).sort(),
    );
    // The main store's products were not touched.
    const [mainMissing] = await db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.storeId, MAIN_STORE_ID), ne(products.hsnCode, '')));
    expect(mainMissing?.n).toBe(storeOf(MAIN_STORE_ID).products.length);
  }, 60_000);
});
