import { eq, sql, type SQL } from 'drizzle-orm';
import { users, type Database, type Transaction } from '@shop/db';
import { ReusableStatement } from '../../lib/reusable-statement.ts';

/**
 * What other modules read of the `users` table this module owns, each function on the caller's
 * database handle or transaction.
 */
type Db = Database | Transaction;

/** Who to write to about an account (null: no such account). */
export async function accountContactOf(
  db: Db,
  userId: string,
): Promise<{ email: string; name: string } | null> {
  const [row] = await contactOf.run(db, db, { userId });
  return row ?? null;
}

/** accountContactOf's statement (built once: every confirmed order's emails run it). */
const contactOf = new ReusableStatement<{ email: string; name: string }>((db) =>
  db
    .select({ email: users.email, name: users.fullName })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('account_contact'),
);

/** Locks the account's row for the rest of the caller's transaction. */
export async function lockAccount(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * The account's email as a scalar subquery (null when there is no such account), for a statement
 * of another module that keeps it (the audit log's entry).
 */
export function accountEmailSql(userId: string): SQL<string | null> {
  return sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${userId})`;
}
