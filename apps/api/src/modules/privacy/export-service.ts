import { getTableColumns } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import {
  PRIVACY_EXPORT_FORMAT,
  type PrivacyExport,
  type PrivacyExportRow,
  type PrivacyExportSections,
} from '@shop/contracts';
import { maskAadhaar } from '@shop/domain';
import { NotFound } from '../../lib/errors.ts';
import type { PersonalRows } from '../../lib/personal-rows.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import type { AccountsService } from '../accounts/accounts-service.ts';
import type { AddressesService } from '../addresses/addresses-service.ts';
import type { AdmissionsService } from '../admissions/admissions-service.ts';
import type { CartService } from '../cart/cart-service.ts';
import type { ContactService } from '../contact/contact-service.ts';
import type { InvoicesService } from '../invoices/invoices-service.ts';
import type { OrdersService } from '../orders/orders-service.ts';
import type { QuotesService } from '../quotes/quotes-service.ts';
import type { ExportRepository } from './export-repository.ts';
import { personalTables, type ExportSection, type PersonalTable } from './personal-data-map.ts';

/** The services the export gathers a person's rows through, one per owning module. */
export interface ExportSources {
  accounts: Pick<AccountsService, 'personalRowsOf'>;
  addresses: Pick<AddressesService, 'personalRowsOf'>;
  cart: Pick<CartService, 'personalRowsOf'>;
  quotes: Pick<QuotesService, 'personalRowsOf'>;
  contact: Pick<ContactService, 'personalRowsOf'>;
  orders: Pick<OrdersService, 'personalRowsOf'>;
  invoices: Pick<InvoicesService, 'personalRowsOf'>;
  admissions: Pick<AdmissionsService, 'personalRowsOf'>;
}

export const ACCOUNT_NOT_FOUND = 'Your account was not found.';

/** A value as the file shows it: dates as ISO strings, the rest as stored. */
function shown(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** One table's rows by SQL column name, as the map says: secrets withheld, Aadhaar masked. */
function project({ table, rows }: PersonalRows): { name: string; rows: PrivacyExportRow[] } {
  const name = getTableConfig(table).name;
  const entry = personalTables[name];
  if (!entry || !('section' in entry.export)) {
    throw new Error(`The personal-data map shows no export section for table ${name}`);
  }
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({
    key,
    name: column.name,
    as: entry.personal[column.name]?.export ?? 'shown',
  }));
  return {
    name,
    rows: rows.map((row) => {
      const out: PrivacyExportRow = {};
      const values = row as Record<string, unknown>;
      for (const c of columns) {
        if (c.as === 'withheld') continue;
        const value = values[c.key];
        out[c.name] =
          c.as === 'masked' && typeof value === 'string' ? maskAadhaar(value) : shown(value);
      }
      return out;
    }),
  };
}

const tablesWith = (test: (t: PersonalTable) => boolean) =>
  Object.entries(personalTables).filter(([, t]) => t.subject === 'shopper' && test(t));

/**
 * The signed-in person's data export (DPDP Act 2023 s.11: a summary of the personal data
 * processed): every row of their account, gathered through each owning module's service and
 * shown by the personal-data map, with what is withheld, left out and kept by law.
 */
export class PrivacyExportService {
  constructor(
    private readonly sources: ExportSources,
    private readonly repository: ExportRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async export(caller: SignedInUser): Promise<PrivacyExport> {
    const s = this.sources;
    const account = await s.accounts.personalRowsOf(caller.id);
    const user = account.flatMap((r) => r.rows as { id?: string; email?: string }[])[0];
    if (!user?.email) throw new NotFound(ACCOUNT_NOT_FOUND);
    const gathered = await Promise.all([
      s.addresses.personalRowsOf(caller.id),
      s.cart.personalRowsOf(caller.id),
      s.quotes.personalRowsOf(caller.id),
      s.contact.personalRowsOf(caller.storeId, caller.id, user.email),
      s.orders.personalRowsOf(caller.id),
      s.admissions.personalRowsOf(caller.id),
      this.repository.personalRowsOf(caller.id),
    ]);
    const byTable = new Map<string, PrivacyExportRow[]>();
    const take = (list: readonly PersonalRows[]) => {
      for (const p of list) {
        const { name, rows } = project(p);
        byTable.set(name, [...(byTable.get(name) ?? []), ...rows]);
      }
    };
    take(account);
    gathered.forEach(take);
    const orderIds = (byTable.get('orders') ?? []).map((o) => String(o.id));
    const hasRows = (table: string) => (byTable.get(table) ?? []).length > 0;
    take(await s.invoices.personalRowsOf(orderIds));

    const section = (name: ExportSection) =>
      Object.entries(personalTables)
        .filter(([, t]) => 'section' in t.export && t.export.section === name)
        .flatMap(([table]) => byTable.get(table) ?? []);
    const childrenOf = (rows: PrivacyExportRow[], key: string, id: unknown) =>
      rows.filter((r) => r[key] === id);
    const lines = section('order_lines');
    const timeline = section('order_timeline');
    const utrs = section('order_utrs');
    const reveals = section('aadhaar_reveals');
    const sections: PrivacyExportSections = {
      profile: section('profile'),
      addresses: section('addresses'),
      orders: section('orders').map((o) => ({
        ...o,
        lines: childrenOf(lines, 'order_id', o.id),
        timeline: childrenOf(timeline, 'order_id', o.id),
        utrs: childrenOf(utrs, 'order_id', o.id),
      })),
      invoices: section('invoices'),
      admissions: section('admissions').map((a) => ({
        ...a,
        aadhaar_reveals: childrenOf(reveals, 'admission_id', a.id),
      })),
      enquiries: section('enquiries'),
      contact_messages: section('contact_messages'),
      quotes: section('quotes'),
      consents: section('consents'),
      sessions: section('sessions'),
      push_devices: section('push_devices'),
      cart: section('cart'),
    };

    return {
      format: PRIVACY_EXPORT_FORMAT,
      generated_at: this.now().toISOString(),
      store_id: caller.storeId,
      account_id: caller.id,
      sections,
      withheld: tablesWith((t) => 'section' in t.export).flatMap(([table, t]) =>
        Object.entries(t.personal)
          .filter(([, c]) => c.export === 'withheld' || c.export === 'masked')
          .map(([column, c]) => ({
            column: `${table}.${column}`,
            shown: c.export === 'masked' ? ('masked' as const) : ('no' as const),
            why: c.why ?? 'shown masked',
          })),
      ),
      not_included: tablesWith((t) => 'omitted' in t.export).map(([table, t]) => ({
        table,
        why: 'omitted' in t.export ? t.export.omitted : '',
      })),
      legal_holds: tablesWith((t) => t.legalHold !== undefined)
        .filter(([table, t]) => hasRows(table) || (t.path.via === 'order' && hasRows('orders')))
        .map(([table, t]) => ({ table, law: t.legalHold!.law, keep: t.legalHold!.keep })),
    };
  }
}

/** The export's file name: the store, the account and the day. */
export function exportFileName(storeId: string, at: Date): string {
  const safe = storeId.replace(/[^A-Za-z0-9_-]/g, '-');
  return `my-data-${safe}-${at.toISOString().slice(0, 10)}.json`;
}
