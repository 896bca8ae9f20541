import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { auditLog, type Database, type Transaction } from '@shop/db';
import { accountEmailSql } from '../accounts/index.ts';
import type { ErasedRows } from '../../lib/personal-rows.ts';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditInsert {
  storeId: string;
  actorUserId: string | null;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

export interface AuditQuery {
  entity?: string;
  entityId?: string;
  /** Entries strictly older than this moment (the previous page's last `at`). */
  olderThan?: Date;
  /**
   * Entries after this one in the log's order (newest first): the previous page's last entry.
   * Compared on the stored (at, id), so entries of the same moment are neither lost nor repeated.
   */
  afterEntryId?: string;
  limit: number;
}

/** The only code that reads and writes the audit log. */
export class AuditRepository {
  constructor(private readonly db: Database) {}

  async insert(tx: Transaction | Database, row: AuditInsert): Promise<void> {
    await tx.insert(auditLog).values({
      ...row,
      // The actor's email as it is now, kept on the entry when the account goes.
      actorEmail:
        row.actorUserId === null ? '' : sql`coalesce(${accountEmailSql(row.actorUserId)}, '')`,
      before: row.before ?? null,
      after: row.after ?? null,
    });
  }

  list(storeId: string, q: AuditQuery): Promise<AuditRow[]> {
    return this.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.storeId, storeId),
          q.entity === undefined ? undefined : eq(auditLog.entity, q.entity),
          q.entityId === undefined ? undefined : eq(auditLog.entityId, q.entityId),
          q.olderThan === undefined ? undefined : lt(auditLog.at, q.olderThan),
          q.afterEntryId === undefined
            ? undefined
            : sql`(${auditLog.at}, ${auditLog.id}) < (select a.at, a.id from ${auditLog} a where a.id = ${q.afterEntryId} and a.store_id = ${storeId})`,
        ),
      )
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(q.limit);
  }

  /**
   * Rewrites the before and after of the store's entries about `entityIds` through `redact`, in
   * one transaction (rows locked), writing only those it changes (`redact` answers its argument
   * itself when nothing matched).
   */
  redact(
    storeId: string,
    entityIds: readonly string[],
    redact: (value: unknown) => unknown,
  ): Promise<ErasedRows[]> {
    const counts = (anonymised: number, kept: number): ErasedRows[] => [
      { table: 'audit_log', erased: 0, anonymised, kept },
    ];
    if (entityIds.length === 0) return Promise.resolve(counts(0, 0));
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: auditLog.id, before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.storeId, storeId), inArray(auditLog.entityId, [...entityIds])))
        .for('update');
      let changed = 0;
      for (const row of rows) {
        const before = redact(row.before);
        const after = redact(row.after);
        if (before === row.before && after === row.after) continue;
        await tx.update(auditLog).set({ before, after }).where(eq(auditLog.id, row.id));
        changed += 1;
      }
      return counts(changed, rows.length - changed);
    });
  }
}
