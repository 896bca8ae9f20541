import type {
  InboxHistoryEntry,
  InboxItem,
  InboxItemDetail,
  InboxNote,
  InboxPatch,
} from '@shop/contracts';
import {
  INBOX_KIND_LABELS,
  inboxGreeting,
  maskAadhaar,
  paiseToRupees,
  senderLinks,
  type InboxKind,
} from '@shop/domain';
import type { Clock } from '../../lib/clock.ts';
import { toCsv } from '../../lib/csv.ts';
import { BadRequest, NotFound } from '../../lib/errors.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import type { AdmissionsService } from '../admissions/admissions-service.ts';
import type { ConsentsService } from '../privacy/consents-service.ts';
import { erasureAnswer } from '../privacy/erasure-service.ts';
import type { AuditService } from '../audit/audit-service.ts';
import type { ErasedRows } from '../../lib/personal-rows.ts';
import type { InboxErasureRepository, InboxItemRef } from './inbox-erasure-repository.ts';
import type {
  ErasureRow,
  InboxFilters,
  InboxNoteRow,
  InboxRepository,
  InboxRow,
} from './inbox-repository.ts';

export const INBOX_ITEM_NOT_FOUND = 'Inbox item not found.';
export const NOT_AN_ASSIGNEE = 'assignee_id must be a staff member or the owner of this store.';
/** The most rows one CSV export holds. */
export const EXPORT_MAX_ROWS = 10_000;

export interface InboxServiceDeps {
  repository: InboxRepository;
  /** Erasing items' states and notes (issue 61 items 3 and 5). */
  erasure: InboxErasureRepository;
  audit: AuditService;
  admissions: Pick<AdmissionsService, 'reveal'>;
  /** An admission shows whether the parent allows the course's photos (issue 61 item 2). */
  consents: Pick<ConsentsService, 'allows'>;
  clock: Clock;
}

/** The admission's line about photos, from the parent's standing consent. */
export const photosField = (allowed: boolean) => ({
  label: 'Course photos',
  value: allowed ? 'Allowed by the parent' : 'Not allowed: take or share no photos of this student',
});

/** The audit entity of an inbox item: its kind and id. */
const entityId = (kind: InboxKind, id: string) => `${kind}:${id}`;

/**
 * The admin inbox: leads, enquiries, quote requests and admissions of the
 * caller's store in one list, each with a status, an assignee, notes and links to the sender.
 * Every write is audited in its own transaction.
 */
export class InboxService {
  constructor(private readonly inboxDeps: InboxServiceDeps) {}

  private async toItems(storeId: string, rows: readonly InboxRow[]): Promise<InboxItem[]> {
    const store = rows.length ? await this.inboxDeps.repository.storeName(storeId) : '';
    return rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      name: r.name,
      email: r.email,
      mobile: r.mobile,
      summary: r.summary,
      status: r.status,
      assignee_id: r.assigneeId,
      assignee_email: r.assigneeEmail,
      version: r.version,
      created_at: new Date(r.createdAt).toISOString(),
      due_at: r.dueAt === null ? null : new Date(r.dueAt).toISOString(),
      links: senderLinks(r.mobile, inboxGreeting(r.name, store, r.kind)),
    }));
  }

  async list(caller: SignedInUser, f: InboxFilters, page: number, limit: number) {
    const { rows, total } = await this.inboxDeps.repository.list(caller.storeId, f, {
      offset: (page - 1) * limit,
      limit,
    });
    return { items: await this.toItems(caller.storeId, rows), total };
  }

  /**
   * Deletes the shop's work state and staff's notes of these items of the store, whose messages
   * are being erased (a shopper's erasure, enquiries past their period). Idempotent.
   */
  eraseItems(storeId: string, items: readonly InboxItemRef[]): Promise<ErasedRows[]> {
    return this.inboxDeps.erasure.eraseItems(storeId, items);
  }

  /** How many of the store's items are new (the dashboard's figure). */
  countNew(storeId: string): Promise<number> {
    return this.inboxDeps.repository.countNew(storeId);
  }

  private async row(storeId: string, kind: InboxKind, id: string): Promise<InboxRow> {
    const row = await this.inboxDeps.repository.one(storeId, kind, id);
    if (!row) throw new NotFound(INBOX_ITEM_NOT_FOUND, 'id');
    return row;
  }

  async item(caller: SignedInUser, kind: InboxKind, id: string): Promise<InboxItemDetail> {
    const row = await this.row(caller.storeId, kind, id);
    const [item] = await this.toItems(caller.storeId, [row]);
    const [details, notes, history] = await Promise.all([
      this.inboxDeps.repository.details(kind, id),
      this.inboxDeps.repository.notes(kind, id),
      this.inboxDeps.audit.list(caller.storeId, {
        entity: 'inbox_item',
        entityId: entityId(kind, id),
        limit: 100,
      }),
    ]);
    const { fields, amount } = describe(kind, details ?? {});
    if (kind === 'admission' && typeof details?.userId === 'string') {
      const allowed = await this.inboxDeps.consents.allows(
        caller.storeId,
        details.userId,
        'course_photos',
      );
      fields.push(photosField(allowed));
    }
    return {
      ...item!,
      fields,
      amount,
      notes: notes.map(toNote),
      history: history.map((h): InboxHistoryEntry => ({
        action: h.action,
        actor_email: h.actorEmail,
        at: h.at.toISOString(),
        before: h.before,
        after: h.after,
      })),
    };
  }

  /** Sets the status and/or the assignee; 400 when the assignee is not the store's staff. */
  async update(
    caller: SignedInUser,
    kind: InboxKind,
    id: string,
    patch: InboxPatch,
  ): Promise<InboxItemDetail> {
    await this.row(caller.storeId, kind, id);
    const r = this.inboxDeps.repository;
    await r.transaction(async (tx) => {
      await r.ensureState(tx, caller.storeId, kind, id);
      const before = (await r.stateForUpdate(tx, kind, id))!;
      const assigneeId = patch.assignee_id === undefined ? before.assigneeId : patch.assignee_id;
      if (
        assigneeId !== null &&
        assigneeId !== before.assigneeId &&
        !(await r.isStaffOf(tx, caller.storeId, assigneeId))
      ) {
        throw new BadRequest(NOT_AN_ASSIGNEE, 'assignee_id');
      }
      const after = await r.updateState(
        tx,
        kind,
        id,
        { status: patch.status ?? (before.status as InboxRow['status']), assigneeId },
        this.inboxDeps.clock(),
      );
      await this.inboxDeps.audit.record(
        tx,
        { storeId: caller.storeId, userId: caller.id },
        {
          action: 'inbox.update',
          entity: 'inbox_item',
          entityId: entityId(kind, id),
          before: { status: before.status, assignee_id: before.assigneeId },
          after: { status: after.status, assignee_id: after.assigneeId },
        },
      );
    });
    return this.item(caller, kind, id);
  }

  async addNote(
    caller: SignedInUser,
    kind: InboxKind,
    id: string,
    text: string,
  ): Promise<InboxNote> {
    await this.row(caller.storeId, kind, id);
    const r = this.inboxDeps.repository;
    const note = await r.transaction(async (tx) => {
      const row = await r.addNote(tx, {
        storeId: caller.storeId,
        kind,
        itemId: id,
        authorId: caller.id,
        text,
      });
      await this.inboxDeps.audit.record(
        tx,
        { storeId: caller.storeId, userId: caller.id },
        {
          action: 'inbox.note',
          entity: 'inbox_item',
          entityId: entityId(kind, id),
          after: { note_id: row.id, text },
        },
      );
      return row;
    });
    return toNote(note);
  }

  /**
   * The Aadhaar digits of one of the store's admissions, for the owner only (the admissions
   * service refuses anyone else); recorded in the reveals table and the audit log, both in the
   * reveal's transaction. The digits are never logged.
   */
  reveal(caller: SignedInUser, id: string): Promise<string> {
    return this.inboxDeps.admissions.reveal(caller, id, (tx) =>
      this.inboxDeps.audit.record(
        tx,
        { storeId: caller.storeId, userId: caller.id },
        {
          action: 'admission.aadhaar_reveal',
          entity: 'inbox_item',
          entityId: entityId('admission', id),
        },
      ),
    );
  }

  assignees(caller: SignedInUser) {
    return this.inboxDeps.repository.staffOf(caller.storeId);
  }

  /** The filtered items as CSV (newest first, at most EXPORT_MAX_ROWS), never an Aadhaar. */
  async exportCsv(caller: SignedInUser, f: InboxFilters): Promise<string> {
    const { items } = await this.list(caller, f, 1, EXPORT_MAX_ROWS);
    return toCsv(
      ['Kind', 'Received', 'Name', 'Email', 'Mobile', 'Message', 'Status', 'Assignee'],
      items.map((i) => [
        INBOX_KIND_LABELS[i.kind],
        i.created_at,
        i.name,
        i.email,
        i.mobile,
        i.summary,
        i.status,
        i.assignee_email ?? '',
      ]),
    );
  }
}

function toNote(n: InboxNoteRow): InboxNote {
  return {
    id: n.id,
    text: n.text,
    author_id: n.authorId,
    author_email: n.authorEmail,
    created_at: n.createdAt.toISOString(),
  };
}

const str = (v: unknown) =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';

/** "07/12/2026", the day in India. */
const istDay = (at: Date) => at.toLocaleDateString('en-GB', { timeZone: 'Asia/Kolkata' });

/**
 * An erasure request's fields (issue 61 item 3): why, by when, where it stands, what each table
 * gave up, and what a law keeps (the same words as the shopper's answer).
 */
function describeErasure(d: Record<string, unknown>): { label: string; value: string }[] {
  const row = d as unknown as ErasureRow;
  const answer = erasureAnswer(row);
  const fields = [
    {
      label: 'Asked by',
      value:
        row.reason === 'inactive'
          ? 'The retention job: the account was inactive past its period'
          : 'The shopper, on their privacy page',
    },
    { label: 'Due by', value: istDay(row.dueAt) },
    {
      label: 'State',
      value:
        row.status === 'done'
          ? `Erased on ${istDay(row.doneAt ?? row.requestedAt)}`
          : row.waitingFor.length > 0
            ? `Waiting for ${row.waitingFor.join(', ')} to be delivered or cancelled`
            : 'Waiting to run',
    },
  ];
  if (row.status !== 'done') return fields;
  const outcome = row.outcome ?? [];
  return [
    ...fields,
    {
      label: 'What was done',
      value:
        outcome
          .filter((r) => r.erased + r.anonymised + r.kept > 0)
          .map((r) => {
            const did = [
              r.erased > 0 ? `${r.erased} deleted` : '',
              r.anonymised > 0 ? `${r.anonymised} anonymised` : '',
              r.kept > 0 ? `${r.kept} kept` : '',
            ].filter(Boolean);
            return `${r.table}: ${did.join(', ')}`;
          })
          .join('\n') || 'Nothing was left to erase',
    },
    {
      label: 'Kept by law',
      value:
        answer.kept.map((k) => `${k.table} (${k.rows}): ${k.law}; kept ${k.keep}`).join('\n') ||
        'Nothing',
    },
  ];
}

/** The kind's own fields as labelled values (the Aadhaar masked), and a quote's total. */
function describe(
  kind: InboxKind,
  d: Record<string, unknown>,
): { fields: { label: string; value: string }[]; amount: number | null } {
  if (kind === 'lead') {
    return { fields: [{ label: 'Message', value: str(d.remark) }], amount: null };
  }
  if (kind === 'enquiry') {
    // The spec's enquiry: its message, parent_name, dob and age (their own columns).
    return {
      fields: [
        { label: 'Message', value: str(d.remark) },
        { label: 'Parent name', value: str(d.parentName) },
        { label: 'Date of birth', value: str(d.dob) },
        { label: 'Age', value: str(d.age) },
      ],
      amount: null,
    };
  }
  if (kind === 'erasure') return { fields: describeErasure(d), amount: null };
  if (kind === 'quote') {
    const lines = Array.isArray(d.cartProducts)
      ? (d.cartProducts as Record<string, unknown>[])
      : [];
    return {
      fields: [
        { label: 'Description', value: str(d.description) },
        {
          label: 'Items',
          value: lines
            .map((l) => `${str(l.quantity)} × ${str(l.product_name ?? l.product_sku)}`)
            .join(', '),
        },
        { label: 'Coupon', value: str(d.couponCode) },
      ],
      amount:
        typeof d.amountAfterDiscountPaise === 'number'
          ? paiseToRupees(d.amountAfterDiscountPaise)
          : null,
    };
  }
  return {
    fields: [
      {
        label: str(d.guardianRelation) || 'Parent or guardian',
        value: `${str(d.guardianName)}, +91 ${str(d.guardianMobile)}`,
      },
      ...(str(d.guardian2Name)
        ? [
            {
              label: str(d.guardian2Relation) || 'Second parent or guardian',
              value: str(d.guardian2Mobile)
                ? `${str(d.guardian2Name)}, +91 ${str(d.guardian2Mobile)}`
                : str(d.guardian2Name),
            },
          ]
        : []),
      { label: 'Date of birth', value: str(d.dob) },
      ...(d.parentConsentAt instanceof Date
        ? [
            {
              label: "Parent's consent",
              value: `${d.parentConsentMethod === 'declared' ? 'Declared by the account holder' : "From the parent's own account"}, ${str(d.parentConsentEmail)}, ${d.parentConsentAt.toISOString().slice(0, 10)}`,
            },
          ]
        : []),
      { label: 'Gender', value: str(d.gender) },
      { label: 'School', value: str(d.school) },
      { label: 'Address', value: `${str(d.address)} ${str(d.pincode)}`.trim() },
      { label: 'Centre', value: str(d.center) },
      {
        label: 'Aadhaar',
        value: d.aadhaarLast4 ? maskAadhaar(str(d.aadhaarLast4)) : 'Not given',
      },
    ],
    amount: null,
  };
}
