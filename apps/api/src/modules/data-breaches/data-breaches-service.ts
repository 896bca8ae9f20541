import type { Breach, BreachFields } from '@shop/contracts';
import { draftBreachNotices, type BreachDataKind, type BreachShop } from '@shop/domain';
import { HttpError } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit-service.ts';
import type { StoreSettingsService } from '../store-settings/store-settings-service.ts';
import type { BreachRow, DataBreachesRepository } from './data-breaches-repository.ts';

export const BREACH_NOT_FOUND = 'No such breach in your register.';

/**
 * The shop's register of personal data breaches (DPDP Rules 2025, rule 7; issue 61 item 6): the
 * owner records one, reads the drafts of the notice to the shoppers and of the Board's report
 * (made from the record and the store profile's grievance officer, each time it is read), and
 * stamps when each was sent. Every write is audited in its own transaction.
 */
export class DataBreachesService {
  constructor(
    private readonly deps: {
      repository: DataBreachesRepository;
      audit: AuditService;
      settings: Pick<StoreSettingsService, 'profile'>;
    },
  ) {}

  async list(storeId: string): Promise<Breach[]> {
    const [rows, shop] = await Promise.all([
      this.deps.repository.list(storeId),
      this.shopOf(storeId),
    ]);
    return rows.map((row) => view(row, shop));
  }

  async record(actor: AuditActor, fields: BreachFields): Promise<Breach> {
    const row = await this.deps.repository.transaction(async (tx) => {
      const inserted = await this.deps.repository.insert(tx, {
        storeId: actor.storeId,
        description: fields.description,
        occurredAt: fields.occurred_at ? new Date(fields.occurred_at) : null,
        foundAt: new Date(fields.found_at),
        dataKinds: [...new Set(fields.data_kinds)],
        peopleAffected: fields.people_affected,
        measures: fields.measures,
        recordedBy: actor.userId,
      });
      await this.deps.audit.record(tx, actor, {
        action: 'breach.record',
        entity: 'data_breach',
        entityId: inserted.id,
        after: fields,
      });
      return inserted;
    });
    return view(row, await this.shopOf(actor.storeId));
  }

  /** Stamps (true) or clears (false) when the shoppers were told and the Board reported to. */
  async progress(
    actor: AuditActor,
    id: string,
    done: { shoppers_told?: boolean | undefined; board_reported?: boolean | undefined },
    now = new Date(),
  ): Promise<Breach> {
    const row = await this.deps.repository.transaction(async (tx) => {
      const before = await this.deps.repository.lock(tx, actor.storeId, id);
      if (!before) throw new HttpError(404, BREACH_NOT_FOUND);
      const stamp = (flag: boolean | undefined, was: Date | null) =>
        flag === undefined ? was : flag ? (was ?? now) : null;
      const after = await this.deps.repository.update(tx, id, {
        shoppersToldAt: stamp(done.shoppers_told, before.shoppersToldAt),
        boardReportedAt: stamp(done.board_reported, before.boardReportedAt),
      });
      await this.deps.audit.record(tx, actor, {
        action: 'breach.update',
        entity: 'data_breach',
        entityId: id,
        before: {
          shoppers_told_at: before.shoppersToldAt,
          board_reported_at: before.boardReportedAt,
        },
        after: { shoppers_told_at: after.shoppersToldAt, board_reported_at: after.boardReportedAt },
      });
      return after;
    });
    return view(row, await this.shopOf(actor.storeId));
  }

  private async shopOf(storeId: string): Promise<BreachShop> {
    const p = await this.deps.settings.profile(storeId);
    return {
      name: p.name,
      legalName: p.legal_name,
      email: p.email,
      phone: p.phone,
      contactName: p.grievance_officer_name,
      contactEmail: p.grievance_officer_email,
      contactPhone: p.grievance_officer_phone,
    };
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function view(row: BreachRow, shop: BreachShop): Breach {
  const drafts = draftBreachNotices(
    {
      description: row.description,
      occurredAt: iso(row.occurredAt),
      foundAt: row.foundAt.toISOString(),
      dataKinds: row.dataKinds as BreachDataKind[],
      peopleAffected: row.peopleAffected,
      measures: row.measures,
    },
    shop,
  );
  return {
    id: row.id,
    description: row.description,
    occurred_at: iso(row.occurredAt),
    found_at: row.foundAt.toISOString(),
    data_kinds: row.dataKinds,
    people_affected: row.peopleAffected,
    measures: row.measures,
    shoppers_told_at: iso(row.shoppersToldAt),
    board_reported_at: iso(row.boardReportedAt),
    board_report_due_at: drafts.boardReportDueAt,
    created_at: row.createdAt.toISOString(),
    drafts: { shoppers: drafts.shopperNotice, board: drafts.boardReport },
  };
}
