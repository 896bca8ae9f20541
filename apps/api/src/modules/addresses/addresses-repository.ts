import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { addresses, type Database } from '@shop/db';
import { lockAccount } from '../accounts/index.ts';
import type { PersonalRows } from '../../lib/personal-rows.ts';
import { activePincodesOf, pincodeCoordinatesOf } from '../delivery/index.ts';
import { ReusableStatement } from '../../lib/reusable-statement.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Omit<typeof addresses.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type DefaultKind = 'shipping' | 'billing';

const column = (kind: DefaultKind) =>
  kind === 'shipping' ? addresses.defaultShipping : addresses.defaultBilling;
const field = (kind: DefaultKind) => (kind === 'shipping' ? 'defaultShipping' : 'defaultBilling');

const addressById = new ReusableStatement<AddressRow>((db) =>
  db
    .select()
    .from(addresses)
    .where(eq(addresses.id, sql.placeholder('id')))
    .prepare('address_by_id'),
);

/** The only code that reads and writes addresses (and reads the pincode table for them). */
export class AddressesRepository {
  constructor(private readonly db: Database) {}

  list(userId: string) {
    return this.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(asc(addresses.createdAt), asc(addresses.id));
  }

  /** The user's address rows as stored, for their data export. */
  async personalRowsOf(userId: string): Promise<PersonalRows[]> {
    return [{ table: addresses, rows: await this.list(userId) }];
  }

  /** Deletes every address of the account (its erasure); the orders keep their own copies. */
  async deleteAllOf(userId: string): Promise<number> {
    const rows = await this.db
      .delete(addresses)
      .where(eq(addresses.userId, userId))
      .returning({ id: addresses.id });
    return rows.length;
  }

  /** Built once: every order reads its addresses with it. */
  async byId(id: string) {
    const [row] = await addressById.run(this.db, this.db, { id });
    return row ?? null;
  }

  async count(userId: string) {
    return this.db.$count(addresses, eq(addresses.userId, userId));
  }

  /** Clears a default of the user, except on `keepId`. */
  private async clearDefault(tx: Database, userId: string, kind: DefaultKind, keepId?: string) {
    await tx
      .update(addresses)
      .set({ [field(kind)]: false })
      .where(
        and(
          eq(addresses.userId, userId),
          eq(column(kind), true),
          keepId ? ne(addresses.id, keepId) : undefined,
        ),
      );
  }

  /**
   * A transaction holding the user's row lock: one address write of a user at a time, so two
   * parallel first addresses, or two "set default" calls, cannot both claim a default (which
   * the one-default indexes would refuse with a 5xx) nor both pass the count check.
   */
  private lockedFor<T>(userId: string, work: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await lockAccount(tx, userId);
      return work(tx);
    });
  }

  /**
   * Inserts unless the user already has `max` addresses (then null). The first address becomes
   * both defaults; one that claims a default takes it from the user's other addresses.
   */
  create(values: AddressValues, max: number) {
    return this.lockedFor(values.userId, async (tx) => {
      const count = await tx.$count(addresses, eq(addresses.userId, values.userId));
      if (count >= max) return null;
      const row = {
        ...values,
        defaultShipping: values.defaultShipping || count === 0,
        defaultBilling: values.defaultBilling || count === 0,
      };
      if (row.defaultShipping) await this.clearDefault(tx, values.userId, 'shipping');
      if (row.defaultBilling) await this.clearDefault(tx, values.userId, 'billing');
      const [inserted] = await tx.insert(addresses).values(row).returning();
      return inserted!;
    });
  }

  update(id: string, userId: string, values: Partial<AddressValues>) {
    return this.lockedFor(userId, async (tx) => {
      if (values.defaultShipping) await this.clearDefault(tx, userId, 'shipping', id);
      if (values.defaultBilling) await this.clearDefault(tx, userId, 'billing', id);
      const [row] = await tx
        .update(addresses)
        .set(values)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning();
      return row ?? null;
    });
  }

  async delete(id: string, userId: string) {
    const rows = await this.db
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning({ id: addresses.id });
    return rows.length > 0;
  }

  async resetDefault(userId: string, kind: DefaultKind) {
    await this.lockedFor(userId, (tx) => this.clearDefault(tx, userId, kind));
  }

  /** The store's active pincodes (an empty list means it delivers everywhere). */
  activePincodes(storeId: string) {
    return activePincodesOf(this.db, storeId);
  }

  pincodeCoordinates(storeId: string, pincode: string) {
    return pincodeCoordinatesOf(this.db, storeId, pincode);
  }
}
