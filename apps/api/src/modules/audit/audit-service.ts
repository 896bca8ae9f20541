import type { AuditAction } from '@shop/contracts';
import type { Database, Transaction } from '@shop/db';
import type { ErasedRows } from '../../lib/personal-rows.ts';
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

/** What stands in the log for an erased person's detail. */
export const ERASED = '[erased]';
/** Shorter strings are not redacted (they would wreck unrelated words). */
const SHORTEST_REDACTED = 3;

/**
 * A copy of `value` with every occurrence of each of `strings` in its string values (any case)
 * replaced by "[erased]"; keys and other values are kept. `value` itself when nothing matched.
 */
export function redacted(value: unknown, strings: readonly string[]): unknown {
  const words = strings.map((s) => s.trim()).filter((s) => s.length >= SHORTEST_REDACTED);
  if (words.length === 0) return value;
  const pattern = new RegExp(
    words
      .sort((a, b) => b.length - a.length)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|'),
    'gi',
  );
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(pattern, ERASED);
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
  };
  const out = walk(value);
  return JSON.stringify(out) === JSON.stringify(value) ? value : out;
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

  /**
   * A person's erasure (issue 61 item 3): the entries about `entityIds` (their orders, their
   * account, their inbox items as `kind:id`) in the store keep their rows, the log of processing
   * DPDP Rules rule 6 keeps a year, with each of `strings` (the person's email, phone, name,
   * address lines) in their before and after replaced by "[erased]". Counts the entries changed
   * now (anonymised) and those left as they were (kept); a second run changes nothing.
   */
  redact(
    storeId: string,
    entityIds: readonly string[],
    strings: readonly string[],
  ): Promise<ErasedRows[]> {
    return this.repo.redact(storeId, entityIds, (v) => redacted(v, strings));
  }
}
