import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Database, Transaction } from '../client.ts';
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
import { renderArtwork } from './artwork.ts';
import { buildDemoStores, type ArtworkFile, type DemoStore } from './demo-data.ts';
import { seedCheckout } from './seed-checkout.ts';
import { seedContentPages } from './seed-content.ts';

/**
 * Where generated artwork goes when it is not a local folder (the API passes its media store,
 * e.g. an S3 bucket; this package never imports the API). Keys are paths under `/api/uploads/`.
 */
export interface ArtworkWriter {
  /** The keys that already exist under `prefix`. */
  existing(prefix: string): Promise<Set<string>>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
}

export type SeedDemoOptions = (
  | {
      /** Root of the uploads served under `/api/uploads/`; artwork goes to `<store>/...` in it. */
      uploadsDir: string;
      artwork?: undefined;
    }
  | { artwork: ArtworkWriter; uploadsDir?: undefined }
) & {
  /** The moment product dates are spread back from (default: now). */
  now?: Date;
};

/**
 * Seeds the demo stores (Urban Roll and Threadline Uniforms). Idempotent: a store whose row
 * already exists is left alone, and each store is written in one transaction, so a restart never
 * duplicates anything and a half-seeded store cannot exist. Missing artwork files are (re)written
 * every time. The checkout settings (seed-checkout.ts) are seeded the same way, keyed on their
 * own row, so a store seeded before checkout existed gains them. Returns the ids of the stores
 * inserted by this call.
 */
export async function seedDemoStores(
  db: Database,
  options: SeedDemoOptions,
): Promise<{ seededStores: string[] }> {
  const now = options.now ?? new Date();
  const seededStores: string[] = [];
  for (const store of buildDemoStores(now)) {
    await (options.artwork
      ? putArtwork(options.artwork, store.id, store.artwork)
      : writeArtworkFiles(options.uploadsDir, store.artwork));
    const inserted = await db.transaction(async (tx) => {
      const storeInserted = await insertStore(tx, store);
      await seedCheckout(tx, store);
      await seedContentPages(tx, store.id);
      return storeInserted;
    });
    if (inserted) seededStores.push(store.id);
  }
  return { seededStores };
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Writes each missing file through a temporary name and a rename, so no file is ever partial. */
export async function writeArtworkFiles(
  uploadsDir: string,
  files: readonly ArtworkFile[],
): Promise<number> {
  let written = 0;
  const writeOne = async (file: ArtworkFile) => {
    const target = join(uploadsDir, ...file.path.split('/'));
    if (await exists(target)) return;
    await mkdir(dirname(target), { recursive: true });
    const temp = join(dirname(target), `.${randomUUID()}.tmp`);
    try {
      await writeFile(temp, renderArtwork(file.spec), 'utf8');
      await rename(temp, target);
      written += 1;
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  };
  const batch = 32;
  for (let i = 0; i < files.length; i += batch) {
    await Promise.all(files.slice(i, i + batch).map(writeOne));
  }
  return written;
}

/** Puts each artwork file the writer does not hold yet; answers how many it put. */
export async function putArtwork(
  writer: ArtworkWriter,
  storeId: string,
  files: readonly ArtworkFile[],
): Promise<number> {
  const have = await writer.existing(`${storeId}/`);
  const missing = files.filter((f) => !have.has(f.path));
  const batch = 16;
  for (let i = 0; i < missing.length; i += batch) {
    await Promise.all(
      missing
        .slice(i, i + batch)
        .map((f) =>
          writer.put(f.path, Buffer.from(renderArtwork(f.spec), 'utf8'), 'image/svg+xml'),
        ),
    );
  }
  return missing.length;
}

/** Inserts one store and everything in it; false (and nothing written) when it already exists. */
async function insertStore(tx: Transaction, store: DemoStore): Promise<boolean> {
  const storeId = store.id;
  const [row] = await tx
    .insert(stores)
    .values({
      id: storeId,
      name: store.name,
      email: store.email,
      phone: store.phone,
      whatsappNumber: store.whatsappNumber,
    })
    .onConflictDoNothing()
    .returning({ id: stores.id });
  if (!row) return false;

  const productRows = await tx
    .insert(products)
    .values(
      store.products.map((p) => ({
        storeId,
        title: p.title,
        sku: p.sku,
        image: p.image,
        gallery: p.gallery,
        description: p.description,
        shortDescription: p.shortDescription,
        productType: p.productType,
        status: p.status,
        category: p.category,
        categorytype: p.categorytype,
        originalPricePaise: p.originalPricePaise,
        discountPricePaise: p.discountPricePaise,
        stock: p.stock,
        totalStock: p.totalStock,
        totalSold: p.totalSold,
        keyFeatures: p.keyFeatures,
        specifications: p.specifications,
        attribute: p.attribute,
        downloadableFiles: [],
        deliveryDays: p.deliveryDays,
        hsnCode: p.hsnCode,
        gstRateBp: p.gstRateBp,
        gstThresholdPaise: p.gstThresholdPaise,
        gstRateAboveBp: p.gstRateAboveBp,
        position: p.position,
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      })),
    )
    .returning({ id: products.id, sku: products.sku });
  const idBySku = new Map(productRows.map((r) => [r.sku, r.id]));
  const productId = (sku: string) => {
    const id = idBySku.get(sku);
    if (!id) throw new Error(`${storeId}: no product ${sku}`);
    return id;
  };
  const bySku = new Map(store.products.map((p) => [p.sku, p]));

  const variationRows = store.products.flatMap((p) =>
    p.variations.map((v) => ({ storeId, productId: productId(p.sku), ...v })),
  );
  if (variationRows.length > 0) await tx.insert(variations).values(variationRows);

  const groupedRows = store.products.flatMap((p) =>
    p.groupedSkus.map((sku, i) => {
      const member = bySku.get(sku);
      if (!member) throw new Error(`${storeId}: grouped member ${sku} of ${p.sku} is missing`);
      return {
        storeId,
        productId: productId(p.sku),
        memberProductId: productId(sku),
        title: member.title,
        image: member.image,
        position: i + 1,
      };
    }),
  );
  if (groupedRows.length > 0) await tx.insert(groupedItems).values(groupedRows);

  const reviewRows = store.products.flatMap((p) =>
    p.reviews.map((r) => ({ storeId, productId: productId(p.sku), ...r })),
  );
  if (reviewRows.length > 0) await tx.insert(reviews).values(reviewRows);

  if (store.categories.length > 0) {
    await tx.insert(categories).values(store.categories.map((c) => ({ storeId, ...c })));
  }

  if (store.newArrivals.length > 0) {
    const groups = await tx
      .insert(newArrivalGroups)
      .values(
        store.newArrivals.map((g, i) => ({
          storeId,
          categoryName: g.categoryName,
          description: g.description,
          position: i + 1,
        })),
      )
      .returning({ id: newArrivalGroups.id, position: newArrivalGroups.position });
    const groupByPosition = new Map(groups.map((g) => [g.position, g.id]));
    const links = store.newArrivals.flatMap((g, i) =>
      g.productSkus.map((sku, j) => ({
        groupId: groupByPosition.get(i + 1) ?? '',
        productId: productId(sku),
        position: j + 1,
      })),
    );
    if (links.length > 0) await tx.insert(newArrivalProducts).values(links);
  }

  if (store.offers.length > 0) {
    await tx
      .insert(offers)
      .values(store.offers.map((o, i) => ({ storeId, ...o, position: i + 1 })));
  }

  if (store.sliders.length > 0) {
    await tx.insert(sliders).values(
      store.sliders.map(({ productSku, ...s }, i) => ({
        storeId,
        ...s,
        productId: productId(productSku),
        position: i + 1,
      })),
    );
  }

  if (store.marquees.length > 0) {
    await tx
      .insert(marquees)
      .values(store.marquees.map((heading, i) => ({ storeId, heading, position: i + 1 })));
  }

  if (store.cartButtons.length > 0) {
    await tx.insert(cartButtons).values(store.cartButtons.map((b) => ({ storeId, ...b })));
  }
  if (store.payButtons.length > 0) {
    await tx.insert(payButtons).values(store.payButtons.map((b) => ({ storeId, ...b })));
  }

  await tx.insert(pageMeta).values({ storeId, ...store.meta });

  if (store.pincodes.length > 0) {
    await tx.insert(pincodes).values(store.pincodes.map((p) => ({ storeId, ...p })));
  }
  return true;
}
