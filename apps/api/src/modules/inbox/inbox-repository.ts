import {
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  admissions,
  erasureRequests,
  inboxNotes,
  inboxStates,
  inquiries,
  leads,
  quoteRequests,
  stores,
  users,
  type Database,
  type Transaction,
} from '@shop/db';
import { INBOX_KINDS, writtenAsNumber, type InboxKind, type InboxStatus } from '@shop/domain';

export interface InboxFilters {
  kind?: InboxKind | undefined;
  status?: InboxStatus | undefined;
  /** A user id, or 'none' for unassigned items. */
  assignee?: string | undefined;
  search?: string | undefined;
}

export interface InboxRow {
  kind: InboxKind;
  id: string;
  name: string;
  email: string;
  mobile: string;
  summary: string;
  createdAt: Date;
  /** An erasure request's due date; null for the other kinds. */
  dueAt: Date | string | null;
  status: InboxStatus;
  assigneeId: string | null;
  assigneeEmail: string | null;
  version: number;
}

export type InboxStateRow = typeof inboxStates.$inferSelect;
export type InboxNoteRow = typeof inboxNotes.$inferSelect;
/** An erasure request as the inbox reads it (the privacy module writes it). */
export type ErasureRow = typeof erasureRequests.$inferSelect;
type Tx = Transaction | Database;

/** The table of each kind and its columns, as one shape (the inbox's common fields). */
const SOURCES = {
  lead: {
    table: leads,
    cols: { id: leads.id, storeId: leads.storeId, name: leads.name, email: leads.email },
    more: { mobile: leads.mobile, summary: leads.remark, createdAt: leads.createdAt },
  },
  enquiry: {
    table: inquiries,
    cols: {
      id: inquiries.id,
      storeId: inquiries.storeId,
      name: inquiries.name,
      email: inquiries.email,
    },
    more: { mobile: inquiries.mobile, summary: inquiries.remark, createdAt: inquiries.createdAt },
  },
  quote: {
    table: quoteRequests,
    cols: {
      id: quoteRequests.id,
      storeId: quoteRequests.storeId,
      name: quoteRequests.name,
      email: quoteRequests.email,
    },
    more: {
      mobile: quoteRequests.mobile,
      summary: quoteRequests.description,
      createdAt: quoteRequests.createdAt,
    },
  },
  admission: {
    table: admissions,
    cols: {
      id: admissions.id,
      storeId: admissions.storeId,
      name: admissions.name,
      email: admissions.email,
    },
    more: {
      mobile: admissions.mobile,
      summary: admissions.center,
      createdAt: admissions.createdAt,
    },
  },
} as const;

/** The due date of the kinds that have none, typed as the erasure request's. */
const noDueDate = () => sql<Date | null>`null::timestamptz`.as('due_at');

/** An erased account's row is anonymised: the inbox names it so, not by its `…@invalid` address. */
const unlessErased = (column: SQL | typeof users.email) =>
  sql<string>`case when ${users.erasedAt} is null then ${column} else '' end`;

/**
 * An erasure request as an inbox item (issue 61 item 3): the account's name, email and mobile
 * ("Erased account" once erased); its state as the summary, "Waiting for UR-10001, UR-10002"
 * or "Erased on 07/12/2026" (the day in India); its due date.
 */
const erasureColumns = {
  id: erasureRequests.id,
  storeId: erasureRequests.storeId,
  name: sql<string>`case when ${users.erasedAt} is null then coalesce(nullif(${users.fullName}, ''), ${users.email}) else 'Erased account' end`.as(
    'name',
  ),
  email: unlessErased(users.email).as('email'),
  mobile: unlessErased(sql`${users.mobile}`).as('mobile'),
  summary: sql<string>`case
    when ${erasureRequests.status} = 'done'
      then 'Erased on ' || to_char(${erasureRequests.doneAt} at time zone 'Asia/Kolkata', 'DD/MM/YYYY')
    when cardinality(${erasureRequests.waitingFor}) > 0
      then 'Waiting for ' || array_to_string(${erasureRequests.waitingFor}, ', ')
    else 'Waiting to run' end`.as('summary'),
  createdAt: erasureRequests.requestedAt,
  dueAt: erasureRequests.dueAt,
};

/** `text` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The inbox's reads over the forms' tables (leads, enquiries, quote requests, admissions: read
 * only, never written here) and the only code that writes the inbox's own state and notes.
 * The Aadhaar columns are never selected, except its last four digits for the masked form.
 */
export class InboxRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The union of the kinds asked for, one row per item of the store, with its state. */
  private items(storeId: string, f: InboxFilters) {
    const kinds = f.kind ? [f.kind] : INBOX_KINDS;
    const source = (kind: Exclude<InboxKind, 'erasure'>, none = false) => {
      const s = SOURCES[kind];
      return this.db
        .select({
          kind: sql<InboxKind>`${kind}::text`.as('item_kind'),
          ...s.cols,
          ...s.more,
          dueAt: noDueDate(),
        })
        .from(s.table)
        .where(
          and(
            eq(s.cols.storeId, storeId),
            none ? sql`false` : undefined,
            // An admission waiting for a parent's consent is not the shop's to see (issue 61 item 4).
            kind === 'admission' ? isNotNull(admissions.submittedAt) : undefined,
          ),
        );
    };
    type Branch = ReturnType<typeof source>;
    const branches = kinds.map((kind): Branch => {
      if (kind !== 'erasure') return source(kind);
      // The same columns in the same order, some of them expressions (typed as the others).
      return this.db
        .select({ kind: sql<InboxKind>`${kind}::text`.as('item_kind'), ...erasureColumns })
        .from(erasureRequests)
        .innerJoin(users, eq(users.id, erasureRequests.userId))
        .where(eq(erasureRequests.storeId, storeId)) as unknown as Branch;
    });
    // The union takes its columns' names from the first branch, and the outer query names them
    // by the table's: erasure requests alone come after an empty branch of leads, whose columns
    // are named.
    if (kinds[0] === 'erasure') branches.unshift(source('lead', true));
    // Each branch has the same columns in the same order: a UNION ALL of them.
    const union = branches
      .slice(1)
      .reduce((all: Branch, b) => all.unionAll(b) as unknown as Branch, branches[0]!);
    return union.as('items');
  }

  /** The items with their state (new and unassigned without a state row) and assignee. */
  private withState(items: ReturnType<InboxRepository['items']>) {
    const assignee = alias(users, 'assignee');
    return this.db
      .select({
        kind: items.kind,
        id: items.id,
        name: items.name,
        email: items.email,
        mobile: items.mobile,
        summary: items.summary,
        createdAt: items.createdAt,
        dueAt: items.dueAt,
        status: sql<InboxStatus>`coalesce(${inboxStates.status}, 'new')`,
        assigneeId: inboxStates.assigneeId,
        assigneeEmail: assignee.email,
        version: sql<number>`coalesce(${inboxStates.version}, 0)::int`,
      })
      .from(items)
      .leftJoin(
        inboxStates,
        and(eq(inboxStates.kind, items.kind), eq(inboxStates.itemId, items.id)),
      )
      .leftJoin(assignee, eq(assignee.id, inboxStates.assigneeId));
  }

  private where(items: ReturnType<InboxRepository['items']>, f: InboxFilters): SQL | undefined {
    const search = f.search?.trim();
    // A search written as a phone number (digits, spaces, +, -, brackets, dots) also finds mobiles
    // by their digits; one with letters (a name, an email) is text only: the digits inside an
    // email address are not a phone number.
    const digits = search && writtenAsNumber(search) ? search.replace(/\D/g, '') : '';
    return and(
      f.status === undefined
        ? undefined
        : eq(sql`coalesce(${inboxStates.status}, 'new')`, f.status),
      f.assignee === undefined
        ? undefined
        : f.assignee === 'none'
          ? isNull(inboxStates.assigneeId)
          : eq(inboxStates.assigneeId, f.assignee),
      search
        ? or(
            ilike(items.name, containing(search)),
            ilike(items.email, containing(search)),
            digits.length >= 3 ? ilike(items.mobile, containing(digits)) : undefined,
          )
        : undefined,
    );
  }

  /** One page of the store's items matching the filters, newest first, and how many match. */
  async list(
    storeId: string,
    f: InboxFilters,
    page: { offset: number; limit: number },
  ): Promise<{ rows: InboxRow[]; total: number }> {
    const items = this.items(storeId, f);
    const on = and(eq(inboxStates.kind, items.kind), eq(inboxStates.itemId, items.id));
    const where = this.where(items, f);
    const rows = await this.withState(items)
      .where(where)
      .orderBy(desc(items.createdAt), desc(items.id))
      .limit(page.limit)
      .offset(page.offset);
    const [counted] = await this.db
      .select({ n: count() })
      .from(items)
      .leftJoin(inboxStates, on)
      .where(where);
    return { rows: rows, total: counted?.n ?? 0 };
  }

  /** How many of the store's items are still new. */
  async countNew(storeId: string): Promise<number> {
    const { total } = await this.list(storeId, { status: 'new' }, { offset: 0, limit: 1 });
    return total;
  }

  /** One item of the store with its state, or null (another store's item too). */
  async one(storeId: string, kind: InboxKind, id: string): Promise<InboxRow | null> {
    const items = this.items(storeId, { kind });
    const [row] = await this.withState(items).where(eq(items.id, id));
    return row ?? null;
  }

  /** The kind's own fields of an item (no Aadhaar but its last four digits). */
  async details(kind: InboxKind, id: string): Promise<Record<string, unknown> | null> {
    if (kind === 'erasure') {
      const [row] = await this.db.select().from(erasureRequests).where(eq(erasureRequests.id, id));
      return row ?? null;
    }
    if (kind === 'lead') {
      const [row] = await this.db.select().from(leads).where(eq(leads.id, id));
      return row ?? null;
    }
    if (kind === 'enquiry') {
      const [row] = await this.db.select().from(inquiries).where(eq(inquiries.id, id));
      return row ?? null;
    }
    if (kind === 'quote') {
      const [row] = await this.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
      return row ?? null;
    }
    const [row] = await this.db
      .select({
        userId: admissions.userId,
        guardianName: admissions.guardianName,
        guardianRelation: admissions.guardianRelation,
        guardianMobile: admissions.guardianMobile,
        guardian2Name: admissions.guardian2Name,
        guardian2Relation: admissions.guardian2Relation,
        guardian2Mobile: admissions.guardian2Mobile,
        parentConsentMethod: admissions.parentConsentMethod,
        parentConsentEmail: admissions.parentConsentEmail,
        parentConsentAt: admissions.parentConsentAt,
        dob: admissions.dob,
        gender: admissions.gender,
        school: admissions.school,
        address: admissions.address,
        pincode: admissions.pincode,
        center: admissions.center,
        aadhaarLast4: admissions.aadhaarLast4,
      })
      .from(admissions)
      .where(eq(admissions.id, id));
    return row ?? null;
  }

  async storeName(storeId: string): Promise<string> {
    const [row] = await this.db
      .select({ name: stores.name })
      .from(stores)
      .where(eq(stores.id, storeId));
    return row?.name ?? '';
  }

  /** The item's state row, locked for this transaction (null: never touched, so new). */
  async stateForUpdate(tx: Tx, kind: InboxKind, id: string): Promise<InboxStateRow | null> {
    const [row] = await tx
      .select()
      .from(inboxStates)
      .where(and(eq(inboxStates.kind, kind), eq(inboxStates.itemId, id)))
      .for('update');
    return row ?? null;
  }

  /**
   * Creates the item's state row if it has none (as new, unassigned), so concurrent writers
   * then queue on its lock.
   */
  async ensureState(tx: Tx, storeId: string, kind: InboxKind, id: string): Promise<void> {
    await tx.insert(inboxStates).values({ storeId, kind, itemId: id }).onConflictDoNothing();
  }

  async updateState(
    tx: Tx,
    kind: InboxKind,
    id: string,
    set: { status: InboxStatus; assigneeId: string | null },
    now: Date,
  ): Promise<InboxStateRow> {
    const [row] = await tx
      .update(inboxStates)
      .set({ ...set, updatedAt: now, version: sql`${inboxStates.version} + 1` })
      .where(and(eq(inboxStates.kind, kind), eq(inboxStates.itemId, id)))
      .returning();
    return row!;
  }

  /** Whether the user is staff or the owner of the store (locked until the write commits). */
  async isStaffOf(tx: Tx, storeId: string, userId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, userId),
          eq(users.storeId, storeId),
          inArray(users.role, ['staff', 'owner']),
        ),
      )
      .for('share');
    return row !== undefined;
  }

  /** The store's staff and owner, for the assignee picker. */
  staffOf(storeId: string) {
    return this.db
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where(and(eq(users.storeId, storeId), inArray(users.role, ['staff', 'owner'])))
      .orderBy(users.email);
  }

  async addNote(
    tx: Tx,
    values: { storeId: string; kind: InboxKind; itemId: string; authorId: string; text: string },
  ): Promise<InboxNoteRow> {
    const [row] = await tx
      .insert(inboxNotes)
      .values({
        ...values,
        authorEmail: sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${values.authorId}), '')`,
      })
      .returning();
    return row!;
  }

  notes(kind: InboxKind, id: string): Promise<InboxNoteRow[]> {
    return this.db
      .select()
      .from(inboxNotes)
      .where(and(eq(inboxNotes.kind, kind), eq(inboxNotes.itemId, id)))
      .orderBy(inboxNotes.createdAt, inboxNotes.id);
  }
}
