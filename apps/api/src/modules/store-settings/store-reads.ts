import { eq, inArray } from 'drizzle-orm';
import {
  cartButtons,
  payButtons,
  paymentGatewaySettings,
  storeSettings,
  stores,
  type Database,
  type Transaction,
} from '@shop/db';

/**
 * What other modules read (and the few writes they start) of the `stores` and `store_settings`
 * tables, which this module owns. Each function takes the caller's database handle or
 * transaction, so a read keeps its place (and its statement) in the caller's work.
 */
type Db = Database | Transaction;

export type StoreSettingsRow = typeof storeSettings.$inferSelect;
export type GatewaySettingsRow = typeof paymentGatewaySettings.$inferSelect;

/** The store's own gateway keys (secrets sealed), if it has any. */
export async function gatewaySettingsOf(
  db: Db,
  storeId: string,
): Promise<GatewaySettingsRow | null> {
  const [row] = await db
    .select()
    .from(paymentGatewaySettings)
    .where(eq(paymentGatewaySettings.storeId, storeId));
  return row ?? null;
}

/** The store's settings row (null: none yet, so the store cannot take orders). */
export async function storeSettingsOf(db: Db, storeId: string): Promise<StoreSettingsRow | null> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.storeId, storeId));
  return row ?? null;
}

/** A store's second-factor setting for staff sign-ins (off when the store has no settings). */
export async function staffSecondFactorOf(db: Db, storeId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: storeSettings.staffSecondFactor })
    .from(storeSettings)
    .where(eq(storeSettings.storeId, storeId));
  return row?.on ?? false;
}

/** The store's low-stock threshold (null: no settings row). */
export async function lowStockThresholdOf(db: Db, storeId: string): Promise<number | null> {
  const [row] = await db
    .select({ threshold: storeSettings.lowStockThreshold })
    .from(storeSettings)
    .where(eq(storeSettings.storeId, storeId));
  return row?.threshold ?? null;
}

/** The store's name and where its notices go (the settings' inbox, else the store's email). */
export async function storeInboxOf(
  db: Db,
  storeId: string,
): Promise<{ name: string; noticeTo: string } | null> {
  const [row] = await db
    .select({
      name: stores.name,
      email: stores.email,
      notificationEmail: storeSettings.notificationEmail,
    })
    .from(stores)
    .leftJoin(storeSettings, eq(storeSettings.storeId, stores.id))
    .where(eq(stores.id, storeId));
  if (!row) return null;
  return { name: row.name, noticeTo: row.notificationEmail || row.email };
}

/** The store's name and how customers reach it (null: no such store). */
export async function storeContactOf(db: Db, storeId: string) {
  const [row] = await db
    .select({
      id: stores.id,
      name: stores.name,
      phone: stores.phone,
      whatsapp: stores.whatsappNumber,
      email: stores.email,
    })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row ?? null;
}

/** The names of stores by id. */
export async function storeNamesOf(
  db: Db,
  storeIds: readonly string[],
): Promise<Map<string, string>> {
  if (storeIds.length === 0) return new Map();
  const rows = await db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(inArray(stores.id, [...storeIds]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * What a new store sells with from the start (issue 57 item 2): Add to Cart (the default) and
 * Buy Now, and pay on delivery (at the profile's 0% advance until the owner sets one, so it
 * needs no payment gateway). The owner changes them in Admin → Settings.
 */
const NEW_STORE_CART_BUTTONS = [
  { buttonId: 'addtocart', isDefault: true, status: 'Active' },
  { buttonId: 'buynow', isDefault: false, status: 'Active' },
];
const NEW_STORE_PAY_BUTTONS = [
  { buttonId: 'payondelivery', label: 'Pay on delivery', isDefault: false, status: 'Active' },
];

/**
 * Creates the store when there is none with this id, with the buttons a new store sells with,
 * in one transaction; true when it was created. A store that exists is left as it is.
 */
export async function createStoreIfMissing(db: Db, id: string, name: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(stores)
      .values({ id, name })
      .onConflictDoNothing()
      .returning({ id: stores.id });
    if (rows.length === 0) return false;
    await tx.insert(cartButtons).values(NEW_STORE_CART_BUTTONS.map((b) => ({ storeId: id, ...b })));
    await tx.insert(payButtons).values(NEW_STORE_PAY_BUTTONS.map((b) => ({ storeId: id, ...b })));
    return true;
  });
}

/**
 * Locks the store's row for the rest of the caller's transaction (false: no such store). Every
 * change of a store's staff takes it first, as does a save of its profile.
 */
export async function lockStore(tx: Db, storeId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.id, storeId))
    .for('update');
  return rows.length > 0;
}
