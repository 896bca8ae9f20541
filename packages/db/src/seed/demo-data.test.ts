import { describe, expect, it } from 'vitest';
import { ARTWORK_KINDS } from './artwork.ts';
import {
  MAIN_STORE_ID,
  QUOTE_STORE_ID,
  buildDemoStores,
  buildMainStore,
  buildQuoteStore,
  type DemoStore,
} from './demo-data.ts';

const BASE = new Date('2025-06-01T06:00:00.000Z');
const DAY = 86_400_000;

function activeProducts(store: DemoStore) {
  const activeCategories = new Set(
    store.categories.filter((c) => c.status === 'Active').map((c) => c.category),
  );
  return store.products.filter((p) => p.status === 'Active' && activeCategories.has(p.category));
}

describe.each([
  ['main', buildMainStore(BASE)],
  ['quote', buildQuoteStore(BASE)],
])('the %s demo store', (_name, store) => {
  const skus = store.products.map((p) => p.sku);

  it('has unique product and variation skus', () => {
    const all = [...skus, ...store.products.flatMap((p) => p.variations.map((v) => v.sku))];
    expect(new Set(all).size).toBe(all.length);
  });

  it('keeps every product believable and complete', () => {
    const keys = new Set(store.categories.map((c) => c.category));
    for (const p of store.products) {
      expect(keys.has(p.category), p.sku).toBe(true);
      expect(p.originalPricePaise % 100, p.sku).toBe(0);
      expect(p.originalPricePaise, p.sku).toBeGreaterThan(0);
      if (p.discountPricePaise !== 0) {
        expect(p.discountPricePaise, p.sku).toBeGreaterThan(0);
        expect(p.discountPricePaise, p.sku).toBeLessThan(p.originalPricePaise);
      }
      expect(p.stock, p.sku).toBe(p.totalStock);
      expect(p.description.split(/(?<=[.!?])\s+/).length, p.sku).toBeGreaterThanOrEqual(2);
      expect(p.shortDescription, p.sku).not.toBe('');
      expect(p.keyFeatures.length, p.sku).toBeGreaterThanOrEqual(4);
      expect(p.keyFeatures.length, p.sku).toBeLessThanOrEqual(6);
      expect(p.specifications.length, p.sku).toBeGreaterThan(0);
      expect(p.gallery.length, p.sku).toBeGreaterThanOrEqual(2);
      expect(p.gallery.length, p.sku).toBeLessThanOrEqual(3);
      expect(p.gallery[0], p.sku).toBe(p.image);
      expect(p.reviews.length, p.sku).toBeLessThanOrEqual(4);
      for (const r of p.reviews) {
        expect(r.rating).toBeGreaterThanOrEqual(1);
        expect(r.rating).toBeLessThanOrEqual(5);
        expect(r.createdAt.getTime()).toBeGreaterThan(p.createdAt.getTime());
        expect(r.createdAt.getTime()).toBeLessThanOrEqual(BASE.getTime());
      }
      if (p.category === 'courses') expect(p.deliveryDays, p.sku).toBe(1);
      else {
        expect(p.deliveryDays, p.sku).toBeGreaterThanOrEqual(2);
        expect(p.deliveryDays, p.sku).toBeLessThanOrEqual(7);
      }
      expect(p.image, p.sku).toBe(`/api/uploads/${store.id}/products/${p.sku.toLowerCase()}.svg`);
      const age = BASE.getTime() - p.createdAt.getTime();
      expect(age, p.sku).toBeGreaterThan(0);
      expect(age, p.sku).toBeLessThanOrEqual(91 * DAY);
    }
    expect(store.products.map((p) => p.position)).toEqual(skus.map((_s, i) => i + 1));
    expect(new Set(store.products.map((p) => p.createdAt.getTime())).size).toBe(skus.length);
    expect(new Set(store.products.map((p) => p.totalSold)).size).toBeGreaterThan(skus.length / 2);
  });

  it('derives Variable product prices and stock from the variations', () => {
    for (const p of store.products.filter((x) => x.productType === 'Variable Product')) {
      expect(p.variations.length, p.sku).toBeGreaterThan(1);
      expect(p.stock, p.sku).toBe(p.variations.reduce((sum, v) => sum + v.stock, 0));
      expect(p.originalPricePaise, p.sku).toBe(Math.min(...p.variations.map((v) => v.pricePaise)));
      const lowest = Math.min(
        ...p.variations.map((v) => (v.salePricePaise > 0 ? v.salePricePaise : v.pricePaise)),
      );
      expect(p.discountPricePaise || p.originalPricePaise, p.sku).toBe(lowest);
      const names = p.attribute.map((a) => a.name);
      for (const v of p.variations) {
        expect(Object.keys(v.attributes), v.sku).toEqual(names);
        if (v.salePricePaise > 0) expect(v.salePricePaise).toBeLessThan(v.pricePaise);
        for (const [name, value] of Object.entries(v.attributes)) {
          const terms = p.attribute.find((a) => a.name === name)?.selectedTerms ?? [];
          expect(terms.map((t) => t.name)).toContain(value);
        }
      }
    }
  });

  it('links sliders, offers and new arrivals to real products', () => {
    for (const s of store.sliders) {
      const p = store.products.find((x) => x.sku === s.productSku);
      expect(p?.status).toBe('Active');
      expect(s.cutOffPricePaise).toBeGreaterThan(s.pricePaise);
    }
    for (const g of store.newArrivals) {
      for (const sku of g.productSkus) expect(skus).toContain(sku);
    }
    expect(store.offers.length).toBeGreaterThan(0);
    expect(store.marquees.length).toBeGreaterThan(0);
    expect(store.pincodes.length).toBeGreaterThan(0);
    expect(store.meta.scripts).toEqual([]);
  });

  it('lists each artwork file once, under the store, covering every image url', () => {
    const paths = store.artwork.map((a) => a.path);
    expect(new Set(paths).size).toBe(paths.length);
    const urls = new Set(paths.map((p) => `/api/uploads/${p}`));
    const used = [
      ...store.products.flatMap((p) => [
        p.image,
        ...p.gallery,
        ...p.variations.flatMap((v) => [v.imageUrl, ...v.galleryImages]),
      ]),
      ...store.categories.map((c) => c.icon),
      ...store.offers.map((o) => o.image),
      ...store.sliders.flatMap((s) => [s.image, s.backgroundImage]),
      store.meta.icon,
    ];
    for (const url of used) expect(urls.has(url), url).toBe(true);
    for (const p of paths) expect(p.startsWith(`${store.id}/`)).toBe(true);
  });
});

describe('the main store (Urban Roll)', () => {
  const store = buildMainStore(BASE);
  const active = activeProducts(store);

  it('is a Mumbai shop with the agreed contact details', () => {
    expect(store).toMatchObject({
      id: MAIN_STORE_ID,
      name: 'Urban Roll',
      email: 'hello@urbanroll.example',
      phone: '9820012345',
      whatsappNumber: '919820012345',
    });
  });

  it('has at least 64 products, 60 of them active in 6+ active categories', () => {
    expect(store.products.length).toBeGreaterThanOrEqual(64);
    expect(active.length).toBeGreaterThanOrEqual(60);
    expect(new Set(active.map((p) => p.category)).size).toBeGreaterThanOrEqual(6);
    for (const c of store.categories) expect(c.category).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(store.categories.map((c) => c.category)).toEqual(
      expect.arrayContaining([
        't-shirts',
        'hoodies',
        'track-pants',
        'inline-skates',
        'protective-gear',
        'accessories',
        'courses',
      ]),
    );
  });

  it('has one inactive category whose products are all inactive', () => {
    const inactive = store.categories.filter((c) => c.status === 'Inactive');
    expect(inactive).toHaveLength(1);
    const products = store.products.filter((p) => p.category === inactive[0]?.category);
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) expect(p.status).toBe('Inactive');
  });

  it('has exactly one inactive product in an active category', () => {
    const activeKeys = new Set(
      store.categories.filter((c) => c.status === 'Active').map((c) => c.category),
    );
    const hidden = store.products.filter(
      (p) => p.status === 'Inactive' && activeKeys.has(p.category),
    );
    expect(hidden).toHaveLength(1);
  });

  it('has 5+ courses with course pricing and next-day delivery', () => {
    const courses = store.products.filter((p) => p.category === 'courses');
    expect(courses.length).toBeGreaterThanOrEqual(5);
    for (const c of courses) {
      expect(c.originalPricePaise).toBeGreaterThanOrEqual(2_500_00);
      expect(c.originalPricePaise).toBeLessThanOrEqual(12_000_00);
    }
    expect(courses.map((c) => c.title)).toEqual(
      expect.arrayContaining([
        'Beginner Inline Skating – 1 Month',
        'Speed Skating Advanced',
        'Kids Weekend Batch',
        'Artistic Skating',
        'Roller Hockey Basics',
      ]),
    );
  });

  it('keeps prices in believable rupee ranges', () => {
    const range = (category: string, min: number, max: number) => {
      for (const p of store.products.filter(
        (x) => x.category === category && x.productType !== 'Grouped Product',
      )) {
        expect(p.originalPricePaise, p.sku).toBeGreaterThanOrEqual(min * 100);
        expect(p.originalPricePaise, p.sku).toBeLessThanOrEqual(max * 100);
      }
    };
    range('t-shirts', 499, 1299);
    range('hoodies', 1499, 2999);
    range('inline-skates', 3999, 18999);
  });

  it('mixes product types, stock states, discounts and merchandising tags', () => {
    const variable = active.filter((p) => p.productType === 'Variable Product');
    expect(variable.length).toBeGreaterThanOrEqual(5);
    expect(variable.some((p) => p.variations.some((v) => v.stock === 0))).toBe(true);
    expect(variable.some((p) => p.attribute.some((a) => a.slug === 'colour'))).toBe(true);
    const grouped = store.products.filter((p) => p.productType === 'Grouped Product');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]?.title).toBe('Beginner Skater Starter Kit');
    const members = (grouped[0]?.groupedSkus ?? []).map((sku) =>
      store.products.find((p) => p.sku === sku),
    );
    expect(members.map((m) => m?.category)).toEqual(
      expect.arrayContaining(['inline-skates', 'protective-gear']),
    );
    expect(members.some((m) => m?.title.includes('Helmet'))).toBe(true);
    expect(members.some((m) => m?.title.includes('Knee'))).toBe(true);
    const outOfStock = active.filter((p) => p.totalStock === 0);
    expect(outOfStock.length).toBeGreaterThanOrEqual(3);
    for (const p of outOfStock) expect(p.stock).toBe(0);
    expect(active.filter((p) => p.discountPricePaise > 0).length).toBeGreaterThan(10);
    expect(active.filter((p) => p.discountPricePaise === 0).length).toBeGreaterThan(10);
    expect(active.filter((p) => p.categorytype.includes('Best Sellers')).length).toBeGreaterThan(4);
    expect(active.filter((p) => p.categorytype.includes('Trending')).length).toBeGreaterThan(4);
  });

  it('has the home-page content the storefront shows', () => {
    expect(store.sliders).toHaveLength(3);
    expect(store.offers).toHaveLength(4);
    expect(store.offers.filter((o) => o.link === null)).toHaveLength(1);
    expect(store.newArrivals).toHaveLength(3);
    for (const g of store.newArrivals) {
      expect(g.productSkus.length).toBeGreaterThanOrEqual(6);
      expect(g.productSkus.length).toBeLessThanOrEqual(8);
    }
    expect(store.marquees.length).toBeGreaterThanOrEqual(4);
    expect(store.marquees.length).toBeLessThanOrEqual(6);
    expect(store.cartButtons).toEqual([
      { buttonId: 'addtocart', isDefault: true },
      { buttonId: 'buynow', isDefault: false },
      { buttonId: 'getquote', isDefault: false },
    ]);
    expect(store.payButtons).toEqual([
      { buttonId: 'paynow', label: 'Pay now', isDefault: true },
      { buttonId: 'payondelivery', label: 'Pay on delivery', isDefault: false },
    ]);
  });

  it('delivers to 40+ real Mumbai pincodes with coordinates, a couple switched off', () => {
    expect(store.pincodes.length).toBeGreaterThanOrEqual(40);
    expect(new Set(store.pincodes.map((p) => p.pincode)).size).toBe(store.pincodes.length);
    for (const p of store.pincodes) {
      expect(p.pincode).toMatch(/^4000\d\d$/);
      expect(p.latitude).toBeGreaterThan(18.85);
      expect(p.latitude).toBeLessThan(19.3);
      expect(p.longitude).toBeGreaterThan(72.75);
      expect(p.longitude).toBeLessThan(73.0);
    }
    const off = store.pincodes.filter((p) => p.status === 'Inactive');
    expect(off.length).toBeGreaterThanOrEqual(2);
    expect(off.length).toBeLessThanOrEqual(3);
  });

  it('uses artwork kinds the generator knows', () => {
    const kinds = new Set<string>(ARTWORK_KINDS);
    for (const a of store.artwork) {
      const kind = a.spec.type === 'category' ? a.spec.kind : a.spec.input.kind;
      expect(kinds.has(kind)).toBe(true);
    }
  });
});

describe('the quote store (Threadline Uniforms)', () => {
  const store = buildQuoteStore(BASE);

  it('is a small teamwear supplier whose default button is Get Quote', () => {
    expect(store.id).toBe(QUOTE_STORE_ID);
    expect(store.products.length).toBeGreaterThanOrEqual(8);
    expect(store.products.length).toBeLessThanOrEqual(12);
    expect(store.categories.length).toBeGreaterThanOrEqual(2);
    expect(store.categories.length).toBeLessThanOrEqual(3);
    expect(store.cartButtons.filter((b) => b.isDefault)).toEqual([
      { buttonId: 'getquote', isDefault: true },
    ]);
    expect(store.cartButtons).toContainEqual({ buttonId: 'addtocart', isDefault: false });
    expect(store.sliders.length).toBeGreaterThanOrEqual(1);
    expect(store.sliders.length).toBeLessThanOrEqual(2);
  });
});

it('builds both stores deterministically from the base date', () => {
  const a = buildDemoStores(BASE);
  const b = buildDemoStores(BASE);
  expect(a.map((s) => s.id)).toEqual([MAIN_STORE_ID, QUOTE_STORE_ID]);
  expect(JSON.stringify(a)).toBe(JSON.stringify(b));
});
