/**
 * The load mix's data: the demo stores, then `count` believable products in the main demo store
 * (six categories, merchandising tags, sale prices, GST, some out of stock, a third Variable with
 * sizes), inserted a thousand rows per statement.
 */
import { and, asc, eq } from 'drizzle-orm';
import { GST_BY_KIND, products, variations, type Database } from '@shop/db';
import { ORDERS_STORE_ID, random } from './mix-users.ts';

type Kind = keyof typeof GST_BY_KIND;

interface CategoryPlan {
  category: string;
  kind: Kind;
  items: string[];
  /** Price range in rupees. */
  rupees: [number, number];
  sizes?: string[];
  variableShare: number;
}

const APPAREL = ['S', 'M', 'L', 'XL', 'XXL'];
const SKATE_SIZES = ['UK 5', 'UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10'];
const PLANS: CategoryPlan[] = [
  {
    category: 't-shirts',
    kind: 'tshirt',
    items: ['Tee', 'Crew Tee', 'Pocket Tee', 'Henley', 'Polo', 'Raglan Tee', 'Jersey'],
    rupees: [399, 1999],
    sizes: APPAREL,
    variableShare: 0.5,
  },
  {
    category: 'hoodies',
    kind: 'hoodie',
    items: ['Zip Hoodie', 'Pullover Hoodie', 'Sweatshirt', 'Fleece Jacket', 'Windcheater'],
    rupees: [999, 3999],
    sizes: APPAREL,
    variableShare: 0.5,
  },
  {
    category: 'track-pants',
    kind: 'trackpants',
    items: ['Joggers', 'Track Pants', 'Cargo Joggers', 'Shorts', 'Tights'],
    rupees: [599, 2499],
    sizes: APPAREL,
    variableShare: 0.4,
  },
  {
    category: 'inline-skates',
    kind: 'inline-skate',
    items: ['Inline Skates', 'Fitness Skates', 'Aggressive Skates', 'Adjustable Kids Skates'],
    rupees: [2999, 19999],
    sizes: SKATE_SIZES,
    variableShare: 0.4,
  },
  {
    category: 'protective-gear',
    kind: 'helmet',
    items: ['Helmet', 'Knee Pads', 'Elbow Pads', 'Wrist Guards', 'Protective Set'],
    rupees: [499, 3999],
    variableShare: 0,
  },
  {
    category: 'accessories',
    kind: 'wheels',
    items: ['Wheel Set', 'ABEC-7 Bearings', 'Skate Bag', 'Cap', 'Socks', 'Water Bottle', 'Laces'],
    rupees: [149, 2499],
    variableShare: 0,
  },
];
const BRANDS = ['Urban Roll', 'Glide', 'Kinetic', 'Velocity', 'Rolla', 'Pace', 'Street Kings'];
const STYLES = [
  'Classic',
  'Vintage',
  'Oversized',
  'Slim',
  'Graphic',
  'Retro',
  'Everyday',
  'Rink',
  'Monsoon',
  'Pro',
  'Lightweight',
  'Breathable',
];
const COLOURS = [
  'Black',
  'White',
  'Navy',
  'Maroon',
  'Olive',
  'Mustard',
  'Sage',
  'Teal',
  'Charcoal',
  'Saffron',
  'Indigo',
  'Sky Blue',
];
const SENTENCES = [
  'Made for long sessions on the rink and the promenade.',
  'Tested by our coaches through a Mumbai monsoon.',
  'Easy to wash, quick to dry, and built to last a season of daily skating.',
  'A regular fit with room to move.',
  'Chosen by our students for their first year on wheels.',
  'Packed in recycled cardboard and shipped from our Andheri store.',
];

export interface MixCatalogue {
  /** Every active product id (demo and bulk): product pages. */
  productIds: string[];
  /** Lines a shopper can buy: simple products with stock, and variations with stock. */
  buyable: { id: string; sku: string }[];
  /** The words of the bulk titles: search terms. */
  words: string[];
  categories: string[];
  tags: string[];
}

/** `count` products in the main demo store (after seedDemoStores), and what the mix draws from. */
export async function seedMixCatalogue(db: Database, count: number): Promise<MixCatalogue> {
  const rnd = random(16);
  const store = ORDERS_STORE_ID;
  // The demo products' images, per category, so the bulk products show real artwork paths.
  const demo = await db
    .select({ category: products.category, image: products.image })
    .from(products)
    .where(eq(products.storeId, store))
    .orderBy(asc(products.position));
  const images = new Map<string, string[]>();
  for (const d of demo) images.set(d.category, [...(images.get(d.category) ?? []), d.image]);

  const base = Date.UTC(2024, 10, 1);
  const chunk = 1000;
  const buyable: { id: string; sku: string }[] = [];
  for (let start = 0; start < count; start += chunk) {
    const plans: CategoryPlan[] = [];
    const rows = Array.from({ length: Math.min(chunk, count - start) }, (_, k) => {
      const i = start + k;
      const plan = rnd.pick(PLANS);
      plans.push(plan);
      const gst = GST_BY_KIND[plan.kind];
      const rupees = Math.round(rnd.int(plan.rupees[0], plan.rupees[1]) / 100) * 100 + 99;
      const onSale = rnd.next() < 0.3;
      const variable = plan.sizes !== undefined && rnd.next() < plan.variableShare;
      const stock = rnd.next() < 0.04 ? 0 : rnd.int(50, 2000);
      const tags = [
        ...(rnd.next() < 0.08 ? ['Best Sellers'] : []),
        ...(rnd.next() < 0.08 ? ['Trending'] : []),
        ...(rnd.next() < 0.05 ? ['New Arrivals'] : []),
      ];
      const item = rnd.pick(plan.items);
      const colour = rnd.pick(COLOURS);
      const title = `${rnd.pick(BRANDS)} ${rnd.pick(STYLES)} ${colour} ${item}`;
      const image = rnd.pick(images.get(plan.category) ?? ['']);
      return {
        storeId: store,
        title,
        sku: `MIX-${plan.category.slice(0, 3).toUpperCase()}-${String(i).padStart(5, '0')}`,
        image,
        gallery: [image],
        description: `${title}. ${rnd.pick(SENTENCES)} ${rnd.pick(SENTENCES)} ${rnd.pick(SENTENCES)}`,
        shortDescription: `${colour} ${item.toLowerCase()} by ${rnd.pick(BRANDS)}.`,
        productType: variable ? 'Variable Product' : 'Simple',
        category: plan.category,
        categorytype: tags,
        originalPricePaise: rupees * 100,
        discountPricePaise: onSale ? Math.round(rupees * (0.6 + rnd.next() * 0.3)) * 100 : 0,
        stock,
        totalStock: stock,
        totalSold: Math.floor(rnd.next() ** 3 * 2000),
        keyFeatures: [`${colour} colourway`, 'Ships in 2–5 days', 'Made in India'],
        specifications: [{ label: 'Brand', value: title.split(' ')[0]! }],
        deliveryDays: rnd.int(2, 6),
        hsnCode: gst.hsn,
        gstRateBp: gst.rateBp,
        gstThresholdPaise: gst.aboveRupees === undefined ? null : gst.aboveRupees * 100,
        gstRateAboveBp: gst.rateAboveBp ?? null,
        position: 1000 + i,
        createdAt: new Date(base + rnd.int(0, 730 * 24 * 60) * 60_000),
      };
    });
    const inserted = await db
      .insert(products)
      .values(rows)
      .returning({ id: products.id, sku: products.sku, type: products.productType });
    const vars = inserted.flatMap((p, k) => {
      if (p.type !== 'Variable Product') return [];
      const price = rows[k]!.originalPricePaise;
      return plans[k]!.sizes!.map((size, n) => ({
        storeId: store,
        productId: p.id,
        sku: `${p.sku}-${size.replace(' ', '')}`,
        pricePaise: price + n * 5_000,
        salePricePaise: rows[k]!.discountPricePaise > 0 ? rows[k]!.discountPricePaise : 0,
        stock: rnd.next() < 0.1 ? 0 : rnd.int(20, 400),
        attributes: { Size: size },
        position: n,
      }));
    });
    inserted.forEach((p, k) => {
      if (p.type === 'Simple' && rows[k]!.stock > 0) buyable.push({ id: p.id, sku: p.sku });
    });
    if (vars.length > 0) {
      const made = await db.insert(variations).values(vars).returning({
        productId: variations.productId,
        sku: variations.sku,
        stock: variations.stock,
      });
      for (const v of made) if (v.stock > 0) buyable.push({ id: v.productId, sku: v.sku });
    }
  }

  const active = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, store), eq(products.status, 'Active')));
  const words = new Set<string>();
  for (const s of [...BRANDS, ...STYLES, ...COLOURS, ...PLANS.flatMap((p) => p.items)]) {
    for (const w of s.toLowerCase().split(/\s+/)) if (w.length > 2) words.add(w);
  }
  return {
    productIds: active.map((p) => p.id),
    buyable,
    words: [...words],
    categories: PLANS.map((p) => p.category),
    tags: ['Best Sellers', 'Trending', 'New Arrivals'],
  };
}
