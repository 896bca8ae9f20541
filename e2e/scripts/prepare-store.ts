/**
 * Run once before the e2e server starts, on the database it will open (DATA_DIR/pglite): seeds
 * the demo stores as the server would, then gives urbanroll what the undeliverable-pincode test
 * needs: Virar (401303, ~47 road km from the Andheri office) in its pincode list, so an address
 * there can be saved, and its open-ended 40+ km delivery band switched off, as a shop that only
 * delivers within 40 km would. No other spec ships beyond 40 km. Thane (400601, ~22 road km)
 * is listed too: the admin delivery spec changes the 15–40 km band's price and checks it at a
 * Thane checkout, and no other spec ships in that band, so specs running beside it keep their
 * prices. The server's own seed then finds the stores and leaves them as they are.
 */
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { deliveryPriceBands, openDatabase, pincodes, seedDemoStores } from '@shop/db';

export const FAR_PINCODE = { pincode: '401303', latitude: 19.455, longitude: 72.811 } as const;
export const THANE_PINCODE = { pincode: '400601', latitude: 19.201, longitude: 72.9785 } as const;

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must name the e2e server data directory');

const database = openDatabase({ dataDir: path.join(dataDir, 'pglite') });
try {
  await database.migrate();
  await seedDemoStores(database.db, { uploadsDir: path.join(dataDir, 'uploads') });
  await database.db
    .insert(pincodes)
    .values([
      { storeId: 'urbanroll', ...FAR_PINCODE },
      { storeId: 'urbanroll', ...THANE_PINCODE },
    ])
    .onConflictDoNothing();
  await database.db
    .update(deliveryPriceBands)
    .set({ status: 'Inactive' })
    .where(
      and(eq(deliveryPriceBands.storeId, 'urbanroll'), isNull(deliveryPriceBands.maxKilometer)),
    );
} finally {
  await database.close();
}
