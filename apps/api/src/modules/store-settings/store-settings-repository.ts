import { and, eq, inArray } from 'drizzle-orm';
import { PAY_BUTTON_IDS } from '@shop/contracts';
import {
  cartButtons,
  payButtons,
  paymentGatewaySettings,
  storeSettings,
  stores,
  type Database,
  type Transaction,
} from '@shop/db';

export type StoreRow = typeof stores.$inferSelect;
export type StoreSettingsRow = typeof storeSettings.$inferSelect;
export type StoreSettingsValues = Omit<
  typeof storeSettings.$inferInsert,
  | 'storeId'
  | 'updatedAt'
  | 'staffSecondFactor'
  | 'upiId'
  | 'upiPayeeName'
  | 'upiQrImage'
  | 'payAtAcademy'
>;
export type StoreContact = Pick<
  StoreRow,
  'name' | 'email' | 'phone' | 'whatsappNumber' | 'logoUrl'
>;

/** The only code of the store settings module that touches the database. */
export class StoreSettingsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The store's security settings, the row locked when `tx` is given (null: no settings row). */
  async security(storeId: string, tx?: Transaction) {
    const query = (tx ?? this.db)
      .select({ staffSecondFactor: storeSettings.staffSecondFactor })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, storeId));
    const [row] = tx ? await query.for('update') : await query;
    return row ?? null;
  }

  async setSecurity(tx: Transaction, storeId: string, values: { staffSecondFactor: boolean }) {
    await tx.update(storeSettings).set(values).where(eq(storeSettings.storeId, storeId));
  }

  /** Whether courses may be paid at the academy, the row locked when `tx` is given. */
  async academy(storeId: string, tx?: Transaction) {
    const query = (tx ?? this.db)
      .select({ payAtAcademy: storeSettings.payAtAcademy })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, storeId));
    const [row] = tx ? await query.for('update') : await query;
    return row ?? null;
  }

  async setAcademy(tx: Transaction, storeId: string, values: { payAtAcademy: boolean }) {
    await tx.update(storeSettings).set(values).where(eq(storeSettings.storeId, storeId));
  }

  /**
   * The store row, its settings row (null before the first save) and its checkout colour, the
   * store row locked when `tx` is given (so two saves of the profile queue up).
   */
  async profile(storeId: string, tx?: Transaction) {
    const db = tx ?? this.db;
    const storeQuery = db.select().from(stores).where(eq(stores.id, storeId));
    const [store] = tx ? await storeQuery.for('update') : await storeQuery;
    if (!store) return null;
    const [[settings], [gateway]] = await Promise.all([
      db.select().from(storeSettings).where(eq(storeSettings.storeId, storeId)),
      db
        .select({ companyColor: paymentGatewaySettings.companyColor })
        .from(paymentGatewaySettings)
        .where(eq(paymentGatewaySettings.storeId, storeId)),
    ]);
    return { store, settings: settings ?? null, color: gateway?.companyColor ?? null };
  }

  /** Writes the profile: the store row, the settings row (made on the first save), the colour. */
  async saveProfile(
    tx: Transaction,
    storeId: string,
    contact: StoreContact,
    settings: StoreSettingsValues,
    color: string,
  ) {
    await tx.update(stores).set(contact).where(eq(stores.id, storeId));
    await tx
      .insert(storeSettings)
      .values({ storeId, ...settings })
      .onConflictDoUpdate({ target: storeSettings.storeId, set: settings });
    // The checkout window's name and colour; the gateway keys on the row are left alone.
    const checkout = { companyName: contact.name, companyColor: color };
    await tx
      .insert(paymentGatewaySettings)
      .values({ storeId, ...checkout })
      .onConflictDoUpdate({ target: paymentGatewaySettings.storeId, set: checkout });
  }

  async buttons(storeId: string, tx?: Transaction) {
    const db = tx ?? this.db;
    const [cart, pay] = await Promise.all([
      db.select().from(cartButtons).where(eq(cartButtons.storeId, storeId)),
      db.select().from(payButtons).where(eq(payButtons.storeId, storeId)),
    ]);
    return { cart, pay };
  }

  /** Replaces the store's cart and pay buttons with these. */
  async replaceButtons(
    tx: Transaction,
    storeId: string,
    cart: { buttonId: string; isDefault: boolean; status: string }[],
    pay: { buttonId: string; label: string; isDefault: boolean; status: string }[],
  ) {
    await tx.delete(cartButtons).where(eq(cartButtons.storeId, storeId));
    // The manual UPI button (paymanual) is the UPI settings' (setUpi), not this form's.
    await tx
      .delete(payButtons)
      .where(
        and(eq(payButtons.storeId, storeId), inArray(payButtons.buttonId, [...PAY_BUTTON_IDS])),
      );
    if (cart.length > 0) await tx.insert(cartButtons).values(cart.map((b) => ({ storeId, ...b })));
    if (pay.length > 0) await tx.insert(payButtons).values(pay.map((b) => ({ storeId, ...b })));
  }

  /**
   * The shop's UPI ID, payee name, own QR image and whether the manual UPI button is on; the
   * settings row locked when `tx` is given. Null: no settings row yet.
   */
  async upi(storeId: string, tx?: Transaction) {
    const db = tx ?? this.db;
    const query = db
      .select({
        upiId: storeSettings.upiId,
        upiPayeeName: storeSettings.upiPayeeName,
        upiQrImage: storeSettings.upiQrImage,
      })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, storeId));
    const [row] = tx ? await query.for('update') : await query;
    if (!row) return null;
    const [button] = await db
      .select({ status: payButtons.status })
      .from(payButtons)
      .where(and(eq(payButtons.storeId, storeId), eq(payButtons.buttonId, 'paymanual')));
    return { ...row, enabled: button?.status === 'Active' };
  }

  /** Writes the UPI ID, payee and own QR image, and the paymanual pay button on or off. */
  async setUpi(
    tx: Transaction,
    storeId: string,
    v: { upiId: string; upiPayeeName: string; upiQrImage: string; enabled: boolean },
  ) {
    await tx
      .update(storeSettings)
      .set({ upiId: v.upiId, upiPayeeName: v.upiPayeeName, upiQrImage: v.upiQrImage })
      .where(eq(storeSettings.storeId, storeId));
    const button = { label: 'Pay by UPI', status: v.enabled ? 'Active' : 'Inactive' };
    await tx
      .insert(payButtons)
      .values({ storeId, buttonId: 'paymanual', isDefault: false, ...button })
      .onConflictDoUpdate({ target: [payButtons.storeId, payButtons.buttonId], set: button });
  }

  /** The store's own gateway keys (sealed), the row locked when `tx` is given; null: none. */
  async gatewayKeys(storeId: string, tx?: Transaction) {
    const query = (tx ?? this.db)
      .select({
        keyId: paymentGatewaySettings.keyId,
        keySecretCiphertext: paymentGatewaySettings.keySecretCiphertext,
        webhookSecretCiphertext: paymentGatewaySettings.webhookSecretCiphertext,
      })
      .from(paymentGatewaySettings)
      .where(eq(paymentGatewaySettings.storeId, storeId));
    const [row] = tx ? await query.for('update') : await query;
    return row ?? null;
  }

  /** Writes the store's own keys (null: none), leaving the checkout window's name and colour. */
  async saveGatewayKeys(
    tx: Transaction,
    storeId: string,
    keys: {
      keyId: string | null;
      keySecretCiphertext: string | null;
      webhookSecretCiphertext: string | null;
    },
  ) {
    await tx
      .insert(paymentGatewaySettings)
      .values({ storeId, ...keys })
      .onConflictDoUpdate({ target: paymentGatewaySettings.storeId, set: keys });
  }
}
