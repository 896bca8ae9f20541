import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ConsentPurpose, ConsentSource } from '@shop/domain';
import { consents, type Database } from '@shop/db';

export type ConsentRow = typeof consents.$inferSelect;

/** The only code that reads and writes consents. */
export class ConsentsRepository {
  constructor(private readonly db: Database) {}

  /** Every consent of a user, newest first (history included). */
  listOf(storeId: string, userId: string): Promise<ConsentRow[]> {
    return this.db
      .select()
      .from(consents)
      .where(and(eq(consents.storeId, storeId), eq(consents.userId, userId)))
      .orderBy(desc(consents.givenAt), desc(consents.id));
  }

  /** The standing (not withdrawn) consent of a user for a purpose, if any. */
  async standing(
    storeId: string,
    userId: string,
    purpose: ConsentPurpose,
    db: Database = this.db,
  ): Promise<ConsentRow | null> {
    const [row] = await db
      .select()
      .from(consents)
      .where(
        and(
          eq(consents.storeId, storeId),
          eq(consents.userId, userId),
          eq(consents.purpose, purpose),
          isNull(consents.withdrawnAt),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /**
   * Gives a consent: a new row, unless one stands already (then that one is kept as it is). One
   * transaction; the partial unique index keeps two concurrent gives to one standing row.
   */
  give(values: {
    storeId: string;
    userId: string;
    purpose: ConsentPurpose;
    source: ConsentSource;
    noticeVersion: string;
    at: Date;
  }): Promise<ConsentRow> {
    return this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(consents)
        .values({
          storeId: values.storeId,
          userId: values.userId,
          purpose: values.purpose,
          source: values.source,
          noticeVersion: values.noticeVersion,
          givenAt: values.at,
        })
        .onConflictDoNothing({
          target: [consents.userId, consents.purpose],
          where: isNull(consents.withdrawnAt),
        })
        .returning();
      if (inserted) return inserted;
      const standing = await this.standing(values.storeId, values.userId, values.purpose, tx);
      if (!standing) throw new Error('consent neither inserted nor standing');
      return standing;
    });
  }

  /** Withdraws the standing consent (stamps withdrawn_at); null when none stood. */
  async withdraw(
    storeId: string,
    userId: string,
    purpose: ConsentPurpose,
    at: Date,
  ): Promise<ConsentRow | null> {
    const [row] = await this.db
      .update(consents)
      .set({ withdrawnAt: at })
      .where(
        and(
          eq(consents.storeId, storeId),
          eq(consents.userId, userId),
          eq(consents.purpose, purpose),
          isNull(consents.withdrawnAt),
        ),
      )
      .returning();
    return row ?? null;
  }

  /**
   * Withdraws every standing consent of a user (their erasure): the rows stay as the proof of
   * what was given and withdrawn, with no personal column. Answers how many rows the user has.
   */
  async withdrawAll(storeId: string, userId: string, at: Date): Promise<number> {
    const mine = and(eq(consents.storeId, storeId), eq(consents.userId, userId));
    await this.db
      .update(consents)
      .set({ withdrawnAt: at })
      .where(and(mine, isNull(consents.withdrawnAt)));
    return this.db.$count(consents, mine);
  }
}
