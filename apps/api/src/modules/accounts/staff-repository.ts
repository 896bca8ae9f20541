import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { staffInvites, users, type Database } from '@shop/db';
import { lockStore } from '../store-settings/index.ts';

export type StaffInviteRow = typeof staffInvites.$inferSelect;
export type StaffUserRow = typeof users.$inferSelect;

/** The only code that reads and writes staff invites and staff roles. */
export class StaffRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  /**
   * Locks the store's row for the rest of the transaction: every change of a store's staff
   * takes it first, so two changes cannot both leave the store without an owner.
   */
  lockStore(tx: Database, storeId: string): Promise<boolean> {
    return lockStore(tx, storeId);
  }

  /** The store's owner and staff, owners first, then by email. */
  staffOf(storeId: string): Promise<StaffUserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(and(eq(users.storeId, storeId), inArray(users.role, ['staff', 'owner'])))
      .orderBy(desc(users.role), asc(users.email));
  }

  async countOwners(tx: Database, storeId: string): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.storeId, storeId), eq(users.role, 'owner')));
    return row?.n ?? 0;
  }

  async userOfStore(tx: Database, storeId: string, userId: string) {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.storeId, storeId), eq(users.id, userId)));
    return row ?? null;
  }

  async userByEmail(tx: Database, storeId: string, email: string) {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.storeId, storeId), eq(users.email, email)));
    return row ?? null;
  }

  async createUser(tx: Database, values: typeof users.$inferInsert) {
    const [row] = await tx.insert(users).values(values).returning();
    return row!;
  }

  async updateUser(tx: Database, id: string, values: Partial<typeof users.$inferInsert>) {
    const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
    return row!;
  }

  /** The store's invites still open and not expired, newest first. */
  openInvites(storeId: string, now: Date): Promise<StaffInviteRow[]> {
    return this.db
      .select()
      .from(staffInvites)
      .where(
        and(
          eq(staffInvites.storeId, storeId),
          isNull(staffInvites.closedAt),
          gt(staffInvites.expiresAt, now),
        ),
      )
      .orderBy(desc(staffInvites.createdAt));
  }

  /** A new invite; the email's older open invites close (the newest code is the one that works). */
  async addInvite(tx: Database, values: typeof staffInvites.$inferInsert & { createdAt: Date }) {
    await tx
      .update(staffInvites)
      .set({ closedAt: values.createdAt })
      .where(
        and(
          eq(staffInvites.storeId, values.storeId),
          eq(staffInvites.email, values.email),
          isNull(staffInvites.closedAt),
        ),
      );
    const [row] = await tx.insert(staffInvites).values(values).returning();
    return row!;
  }

  /** The email's open, unexpired invite, if any. */
  async openInvite(storeId: string, email: string, now: Date) {
    const [row] = await this.db
      .select()
      .from(staffInvites)
      .where(
        and(
          eq(staffInvites.storeId, storeId),
          eq(staffInvites.email, email),
          isNull(staffInvites.closedAt),
          gt(staffInvites.expiresAt, now),
        ),
      )
      .orderBy(desc(staffInvites.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** Counts a try on an invite (one atomic statement); false once it has no tries left. */
  async countTry(id: string, maxTries: number): Promise<boolean> {
    const rows = await this.db
      .update(staffInvites)
      .set({ attempts: sql`${staffInvites.attempts} + 1` })
      .where(and(eq(staffInvites.id, id), lt(staffInvites.attempts, maxTries)))
      .returning({ id: staffInvites.id });
    return rows.length > 0;
  }

  /** Closes an open invite as accepted; false when it was closed meanwhile (used twice). */
  async closeAccepted(tx: Database, id: string, userId: string, now: Date): Promise<boolean> {
    const rows = await tx
      .update(staffInvites)
      .set({ closedAt: now, acceptedUserId: userId })
      .where(and(eq(staffInvites.id, id), isNull(staffInvites.closedAt)))
      .returning({ id: staffInvites.id });
    return rows.length > 0;
  }
}
