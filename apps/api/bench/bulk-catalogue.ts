import { categories, products, stores, variations, type Database } from '@shop/db';

export const BENCH_STORE_ID = 'bench';
const CATEGORIES = [
  't-shirts',
  'hoodies',
  'track-pants',
  'inline-skates',
  'protective-gear',
  'accessories',
  'courses',
];
const WORDS = [
  'Street',
  'Pro',
  'Classic',
  'Urban',
  'Speed',
  'Glide',
  'Carbon',
  'Neon',
  'Retro',
  'Flex',
];
const KINDS = ['Tee', 'Hoodie', 'Joggers', 'Skates', 'Helmet', 'Pads', 'Bag', 'Wheels', 'Course'];

/** Inserts a store with `count` products (every fifth one Variable, with 4 variations). */
export async function seedBulkCatalogue(db: Database, count: number): Promise<void> {
  await db.insert(stores).values({ id: BENCH_STORE_ID, name: 'Bench Store' });
  await db.insert(categories).values(
    CATEGORIES.map((category, i) => ({
      storeId: BENCH_STORE_ID,
      category,
      name: category,
      position: i,
    })),
  );
  const base = Date.UTC(2026, 0, 1);
  const chunk = 1000;
  for (let start = 0; start < count; start += chunk) {
    const rows = Array.from({ length: Math.min(chunk, count - start) }, (_, k) => {
      const i = start + k;
      const price = 49_900 + ((i * 7919) % 1_500_000);
      const variable = i % 5 === 0;
      return {
        storeId: BENCH_STORE_ID,
        title: `${WORDS[i % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]} ${KINDS[i % KINDS.length]} ${i}`,
        sku: `BENCH-${i}`,
        image: `/api/uploads/bench/${i % 50}.svg`,
        gallery: [`/api/uploads/bench/${i % 50}.svg`],
        description:
          'A product of the benchmark catalogue, with a description of realistic length. '.repeat(
            3,
          ),
        shortDescription: 'Benchmark product',
        productType: variable ? 'Variable Product' : 'Simple',
        category: CATEGORIES[i % CATEGORIES.length]!,
        categorytype: i % 11 === 0 ? ['Best Sellers'] : [],
        originalPricePaise: price,
        discountPricePaise: i % 3 === 0 ? Math.round(price * 0.8) : 0,
        stock: i % 13 === 0 ? 0 : 25,
        totalStock: i % 13 === 0 ? 0 : 25,
        totalSold: (i * 31) % 500,
        keyFeatures: ['Durable', 'Comfortable', 'Made in India'],
        specifications: [{ label: 'Material', value: 'Cotton' }],
        deliveryDays: 2 + (i % 5),
        position: i,
        createdAt: new Date(base + i * 60_000),
      };
    });
    const inserted = await db
      .insert(products)
      .values(rows)
      .returning({ id: products.id, sku: products.sku, type: products.productType });
    const vars = inserted
      .filter((p) => p.type === 'Variable Product')
      .flatMap((p) =>
        ['S', 'M', 'L', 'XL'].map((size, n) => ({
          storeId: BENCH_STORE_ID,
          productId: p.id,
          sku: `${p.sku}-${size}`,
          pricePaise: 99_900 + n * 10_000,
          stock: n === 3 ? 0 : 10,
          attributes: { Size: size },
          position: n,
        })),
      );
    if (vars.length > 0) await db.insert(variations).values(vars);
  }
}
