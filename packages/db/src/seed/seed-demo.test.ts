import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../client.ts';
import {
  cartButtons,
  categories,
  groupedItems,
  marquees,
  newArrivalGroups,
  newArrivalProducts,
  offers,
  pageMeta,
  payButtons,
  pincodes,
  products,
  reviews,
  sliders,
  stores,
  variations,
} from '../schema/index.ts';
import { MAIN_STORE_ID, QUOTE_STORE_ID } from './demo-data.ts';
import { seedDemoStores } from './seed-demo.ts';
import { svgProblems } from './svg-check.ts';

const NOW = new Date('2025-06-01T06:00:00.000Z');

const tables = {
  stores,
  products,
  variations,
  groupedItems,
  reviews,
  categories,
  newArrivalGroups,
  newArrivalProducts,
  offers,
  sliders,
  marquees,
  cartButtons,
  payButtons,
  pageMeta,
  pincodes,
};

async function tableCounts(db: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    out[name] = row?.n ?? -1;
  }
  return out;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const fileOf = (uploads: string, url: string) => {
  expect(url).toMatch(/^\/api\/uploads\/[a-z]+\/[a-z]+\/[a-z0-9.-]+\.svg$/);
  return join(uploads, ...url.replace('/api/uploads/', '').split('/'));
};

describe('seedDemoStores', () => {
  let handle: DatabaseHandle;
  let db: Database;
  let uploads: string;

  beforeAll(async () => {
    handle = openDatabase({});
    await handle.migrate();
    db = handle.db;
    uploads = await mkdtemp(join(tmpdir(), 'seed-uploads-'));
  });

  afterAll(async () => {
    await handle.close();
    await rm(uploads, { recursive: true, force: true });
  });

  it('seeds both stores on an empty database', async () => {
    const result = await seedDemoStores(db, { uploadsDir: uploads, now: NOW });
    expect(result).toEqual({ seededStores: [MAIN_STORE_ID, QUOTE_STORE_ID] });
    const rows = await db.select().from(stores).orderBy(stores.id);
    expect(rows.map((s) => [s.id, s.name])).toEqual([
      ['threadline', 'Threadline Uniforms'],
      ['urbanroll', 'Urban Roll'],
    ]);
  });

  it('puts 60+ active products in 6+ active categories in the main store', async () => {
    const listed = await db
      .select({ category: products.category, n: count() })
      .from(products)
      .innerJoin(
        categories,
        and(
          eq(categories.storeId, products.storeId),
          eq(sql`lower(${categories.category})`, sql`lower(${products.category})`),
        ),
      )
      .where(
        and(
          eq(products.storeId, MAIN_STORE_ID),
          eq(products.status, 'Active'),
          eq(categories.status, 'Active'),
        ),
      )
      .groupBy(products.category);
    expect(listed.length).toBeGreaterThanOrEqual(6);
    expect(listed.reduce((sum, r) => sum + r.n, 0)).toBeGreaterThanOrEqual(60);
    const courses = listed.find((r) => r.category === 'courses');
    expect(courses?.n).toBeGreaterThanOrEqual(5);
  });

  it('has one inactive product in an active category and one inactive category', async () => {
    const hidden = await db
      .select({ sku: products.sku })
      .from(products)
      .innerJoin(
        categories,
        and(eq(categories.storeId, products.storeId), eq(categories.category, products.category)),
      )
      .where(
        and(
          eq(products.storeId, MAIN_STORE_ID),
          eq(products.status, 'Inactive'),
          eq(categories.status, 'Active'),
        ),
      );
    expect(hidden).toHaveLength(1);
    const inactive = await db
      .select()
      .from(categories)
      .where(and(eq(categories.storeId, MAIN_STORE_ID), eq(categories.status, 'Inactive')));
    expect(inactive).toHaveLength(1);
    const inInactive = await db
      .select({ status: products.status })
      .from(products)
      .where(
        and(
          eq(products.storeId, MAIN_STORE_ID),
          eq(products.category, inactive[0]?.category ?? ''),
        ),
      );
    expect(inInactive.length).toBeGreaterThan(0);
    expect(new Set(inInactive.map((p) => p.status))).toEqual(new Set(['Inactive']));
  });

  it('stores variations, a grouped kit, out-of-stock products and reviews', async () => {
    const soldOut = await db
      .select({ sku: variations.sku })
      .from(variations)
      .where(and(eq(variations.storeId, MAIN_STORE_ID), eq(variations.stock, 0)));
    expect(soldOut.length).toBeGreaterThan(0);

    const variable = await db
      .select()
      .from(products)
      .where(
        and(eq(products.storeId, MAIN_STORE_ID), eq(products.productType, 'Variable Product')),
      );
    for (const p of variable) {
      const vs = await db.select().from(variations).where(eq(variations.productId, p.id));
      expect(vs.length, p.sku).toBeGreaterThan(1);
      expect(p.totalStock, p.sku).toBe(vs.reduce((sum, v) => sum + v.stock, 0));
      expect(p.stock, p.sku).toBe(p.totalStock);
      expect(p.originalPricePaise, p.sku).toBe(Math.min(...vs.map((v) => v.pricePaise)));
    }

    const [kit] = await db
      .select()
      .from(products)
      .where(and(eq(products.storeId, MAIN_STORE_ID), eq(products.productType, 'Grouped Product')));
    expect(kit?.title).toBe('Beginner Skater Starter Kit');
    const items = await db
      .select({ title: groupedItems.title, member: products.title, image: groupedItems.image })
      .from(groupedItems)
      .innerJoin(products, eq(products.id, groupedItems.memberProductId))
      .where(eq(groupedItems.productId, kit?.id ?? ''))
      .orderBy(groupedItems.position);
    expect(items.length).toBeGreaterThanOrEqual(3);
    for (const item of items) expect(item.title).toBe(item.member);

    const out = await db
      .select({ sku: products.sku, stock: products.stock })
      .from(products)
      .where(
        and(
          eq(products.storeId, MAIN_STORE_ID),
          eq(products.status, 'Active'),
          eq(products.totalStock, 0),
        ),
      );
    expect(out.length).toBeGreaterThanOrEqual(3);
    for (const p of out) expect(p.stock).toBe(0);

    const [reviewCount] = await db
      .select({ n: count() })
      .from(reviews)
      .where(eq(reviews.storeId, MAIN_STORE_ID));
    expect(reviewCount?.n).toBeGreaterThan(50);

    const tagged = await db
      .select({ sku: products.sku })
      .from(products)
      .where(
        and(
          eq(products.storeId, MAIN_STORE_ID),
          sql`${products.categorytype} @> ARRAY['Best Sellers']::text[]`,
        ),
      );
    expect(tagged.length).toBeGreaterThan(4);
  });

  it('stores the home-page content and the cart and pay buttons', async () => {
    const main = await tableCountsFor(db, MAIN_STORE_ID);
    expect(main).toMatchObject({ sliders: 3, offers: 4, newArrivalGroups: 3, pageMeta: 1 });
    expect(main.marquees).toBeGreaterThanOrEqual(4);
    expect(main.pincodes).toBeGreaterThanOrEqual(40);
    const slides = await db.select().from(sliders).where(eq(sliders.storeId, MAIN_STORE_ID));
    for (const s of slides) expect(s.productId).not.toBeNull();
    const links = await db
      .select({ n: count() })
      .from(newArrivalProducts)
      .innerJoin(newArrivalGroups, eq(newArrivalGroups.id, newArrivalProducts.groupId))
      .where(eq(newArrivalGroups.storeId, MAIN_STORE_ID))
      .groupBy(newArrivalGroups.id);
    expect(links).toHaveLength(3);
    for (const l of links) expect(l.n).toBeGreaterThanOrEqual(6);

    const defaults = await db
      .select({ store: cartButtons.storeId, button: cartButtons.buttonId })
      .from(cartButtons)
      .where(eq(cartButtons.isDefault, true))
      .orderBy(cartButtons.storeId);
    expect(defaults).toEqual([
      { store: QUOTE_STORE_ID, button: 'getquote' },
      { store: MAIN_STORE_ID, button: 'addtocart' },
    ]);
    const pay = await db
      .select({ id: payButtons.buttonId, label: payButtons.label, isDefault: payButtons.isDefault })
      .from(payButtons)
      .where(eq(payButtons.storeId, MAIN_STORE_ID))
      .orderBy(payButtons.buttonId);
    expect(pay).toEqual([
      { id: 'paynow', label: 'Pay now', isDefault: true },
      { id: 'payondelivery', label: 'Pay on delivery', isDefault: false },
    ]);
    const [meta] = await db.select().from(pageMeta).where(eq(pageMeta.storeId, QUOTE_STORE_ID));
    expect(meta?.scripts).toEqual([]);
    expect(meta?.title).toContain('Threadline');
  });

  it('writes every referenced image as a valid SVG file', async () => {
    const urls = new Set<string>();
    for (const p of await db.select().from(products)) {
      urls.add(p.image);
      for (const g of p.gallery as string[]) urls.add(g);
    }
    for (const v of await db.select().from(variations)) urls.add(v.imageUrl);
    for (const g of await db.select().from(groupedItems)) urls.add(g.image);
    for (const c of await db.select().from(categories)) urls.add(c.icon);
    for (const o of await db.select().from(offers)) urls.add(o.image);
    for (const s of await db.select().from(sliders)) {
      urls.add(s.image);
      urls.add(s.backgroundImage);
    }
    for (const m of await db.select().from(pageMeta)) urls.add(m.icon);
    expect(urls.size).toBeGreaterThan(150);
    for (const url of urls) {
      const svg = await readFile(fileOf(uploads, url), 'utf8');
      expect(svgProblems(svg), url).toEqual([]);
      expect(svg.length, url).toBeLessThan(6 * 1024);
    }
    const files = await listFiles(uploads);
    expect(files.filter((f) => !f.endsWith('.svg'))).toEqual([]);
  });

  it('adds nothing the second time, and only rewrites missing files', async () => {
    const before = await tableCounts(db);
    const image = (await db.select({ image: products.image }).from(products).limit(1))[0]?.image;
    const removed = fileOf(uploads, image ?? '');
    await rm(removed);
    const filesBefore = (await listFiles(uploads)).length;

    const again = await seedDemoStores(db, { uploadsDir: uploads, now: new Date() });
    expect(again).toEqual({ seededStores: [] });
    expect(await tableCounts(db)).toEqual(before);
    expect(svgProblems(await readFile(removed, 'utf8'))).toEqual([]);
    expect((await listFiles(uploads)).length).toBe(filesBefore + 1);
  });
});

async function tableCountsFor(db: Database, storeId: string) {
  const counted = { sliders, offers, newArrivalGroups, pageMeta, marquees, pincodes } as const;
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(counted)) {
    const [row] = await db.select({ n: count() }).from(table).where(eq(table.storeId, storeId));
    out[name] = row?.n ?? -1;
  }
  return out;
}

describe('seedDemoStores when a store fails half-way', () => {
  let handle: DatabaseHandle;
  let uploads: string;

  beforeAll(async () => {
    handle = openDatabase({});
    await handle.migrate();
    uploads = await mkdtemp(join(tmpdir(), 'seed-uploads-'));
  });

  afterAll(async () => {
    await handle.close();
    await rm(uploads, { recursive: true, force: true });
  });

  it('leaves no trace of the failed store and seeds it on the next run', async () => {
    const { db } = handle;
    await db.execute(sql`
      CREATE FUNCTION fail_threadline_sliders() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.store_id = 'threadline' THEN RAISE EXCEPTION 'simulated crash'; END IF;
        RETURN NEW;
      END $$`);
    await db.execute(sql`
      CREATE TRIGGER fail_threadline_sliders BEFORE INSERT ON sliders
      FOR EACH ROW EXECUTE FUNCTION fail_threadline_sliders()`);

    await expect(seedDemoStores(db, { uploadsDir: uploads, now: NOW })).rejects.toThrow();
    const seeded = await db.select({ id: stores.id }).from(stores);
    expect(seeded).toEqual([{ id: MAIN_STORE_ID }]);
    const [left] = await db
      .select({ n: count() })
      .from(products)
      .where(eq(products.storeId, QUOTE_STORE_ID));
    expect(left?.n).toBe(0);

    await db.execute(sql`DROP TRIGGER fail_threadline_sliders ON sliders`);
    const retry = await seedDemoStores(db, { uploadsDir: uploads, now: NOW });
    expect(retry).toEqual({ seededStores: [QUOTE_STORE_ID] });
    const [quote] = await db
      .select({ n: count() })
      .from(products)
      .where(eq(products.storeId, QUOTE_STORE_ID));
    expect(quote?.n).toBeGreaterThanOrEqual(8);
  });
});
