import type { AuditAction } from '@shop/contracts';
import type { Database, Transaction } from '@shop/db';
import type { AuditQuery, AuditRepository, AuditRow } from './audit-repository.ts';

/** Who made an admin write: a signed-in staff member or owner, or null for start-up tasks. */
export interface AuditActor {
  storeId: string;
  userId: string | null;
}

/** What an admin write did: `action` like `order.move`, on `entity` `entityId`. */
export interface AuditWrite {
  action: AuditAction;
  entity: string;
  entityId: string;
  /** The fields the write touched, as they were and as they are; secrets are dropped. */
  before?: unknown;
  after?: unknown;
}

/** Keys never written to the log, whatever their nesting (secrets, codes, identity numbers). */
const SECRET_KEY = /password|secret|token|aadhaar|code_?hash|otp|key_?secret/i;

/** A copy of `value` without the keys that hold secrets (replaced by "[redacted]"). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      SECRET_KEY.test(k) ? '[redacted]' : withoutSecrets(v),
    ]),
  );
}

/**
 * The audit log of admin writes. Every admin write calls `record` with the
 * transaction of the write itself, so the entry commits or rolls back with it.
 */
export class AuditService {
  constructor(private readonly repo: AuditRepository) {}

  record(tx: Transaction | Database, actor: AuditActor, write: AuditWrite): Promise<void> {
    return this.repo.insert(tx, {
      storeId: actor.storeId,
      actorUserId: actor.userId,
      action: write.action,
      entity: write.entity,
      entityId: write.entityId,
      before: withoutSecrets(write.before ?? null),
      after: withoutSecrets(write.after ?? null),
    });
  }

  /** The store's entries, newest first (owner only: the route checks the role). */
  list(storeId: string, q: AuditQuery): Promise<AuditRow[]> {
    return this.repo.list(storeId, { ...q, limit: Math.min(Math.max(q.limit, 1), 200) });
  }
}
