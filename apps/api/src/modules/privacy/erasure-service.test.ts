import { describe, expect, it, vi } from 'vitest';
import { erasureDueAt } from '@shop/domain';
import { manualClock } from '../../lib/clock.ts';
import type { ErasedRows } from '../../lib/personal-rows.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import type { ErasureRepository, ErasureRequestRow } from './erasure-repository.ts';
import { PrivacyErasureService } from './erasure-service.ts';
import type { ErasureSteps } from './erasure-steps.ts';

const ok = <T>(value: T) => Promise.resolve(value);
const rows = (table: string, n: Partial<ErasedRows> = {}): ErasedRows[] => [
  { table, erased: 0, anonymised: 0, kept: 0, ...n },
];

/** The service over an in-memory request table and steps that can be made to fail. */
function harness() {
  const clock = manualClock(new Date('2027-06-01T10:00:00Z'));
  const stored = new Map<string, ErasureRequestRow>();
  const repository = {
    of: (userId: string) => ok(stored.get(userId) ?? null),
    create: (v: { storeId: string; userId: string; requestedAt: Date; dueAt: Date }) => {
      if (stored.has(v.userId)) return ok(null);
      const row = {
        id: `req-${v.userId}`,
        reason: 'request',
        status: 'waiting',
        waitingFor: [],
        doneAt: null,
        outcome: null,
        ...v,
      } as ErasureRequestRow;
      stored.set(v.userId, row);
      return ok(row);
    },
    waitFor: (id: string, numbers: readonly string[]) => {
      const row = [...stored.values()].find((r) => r.id === id && r.status === 'waiting');
      if (row) row.waitingFor = [...numbers];
      return ok(row ?? null);
    },
    markDone: (id: string, outcome: readonly ErasedRows[], at: Date) => {
      const row = [...stored.values()].find((r) => r.id === id && r.status === 'waiting');
      if (row) Object.assign(row, { status: 'done', doneAt: at, waitingFor: [], outcome });
      return ok(row ?? null);
    },
    waiting: () => ok([...stored.values()].filter((r) => r.status === 'waiting')),
  };
  let open: string[] = [];
  let failing = false;
  const step = (table: string) => ({
    erasePersonalDataOf: vi.fn(() => ok(rows(table, { erased: 1 }))),
  });
  const accountsStep = step('users');
  const steps: ErasureSteps = {
    contact: {
      erasePersonalDataOf: () =>
        failing
          ? Promise.reject(new Error('database went away'))
          : ok({ rows: rows('leads', { erased: 1 }), items: [] }),
      eraseNoticesOf: () => ok(rows('shop_notices')),
    },
    quotes: { erasePersonalDataOf: () => ok({ rows: rows('quote_requests'), items: [] }) },
    cart: step('cart_lines'),
    addresses: step('addresses'),
    admissions: {
      erasePersonalDataOf: () => ok({ rows: rows('admissions'), deletedIds: [], keptIds: [] }),
    },
    orders: {
      openOrderNumbersOf: () => ok(open),
      orderIdsOf: () => ok(['o1']),
      erasePersonalDataOf: () => ok(rows('orders', { kept: 1 })),
    },
    invoices: {
      heldOrderIds: () => ok(new Set(['o1'])),
      erasePersonalDataOf: () => ok(rows('tax_documents', { kept: 1 })),
    },
    payments: { erasePersonalDataOf: () => ok(rows('refunds')) },
    inbox: { eraseItems: () => ok(rows('inbox_notes')) },
    audit: { redact: () => ok(rows('audit_log')) },
    reads: () => ok([]),
    consents: { erasePersonalDataOf: () => ok(rows('consents', { kept: 2 })) },
    accounts: accountsStep,
  };
  const log = { error: vi.fn() };
  const service = new PrivacyErasureService({
    repository: repository as unknown as ErasureRepository,
    accounts: {
      accountOf: (id: string) =>
        ok({
          id,
          storeId: 'shop',
          email: `${id}@example.com`,
          role: id.startsWith('staff') ? 'staff' : 'customer',
          erasedAt: null,
        }),
    },
    steps,
    clock,
    log,
  });
  return {
    service,
    clock,
    accountsStep,
    log,
    setOpen: (numbers: string[]) => (open = numbers),
    setFailing: (f: boolean) => (failing = f),
  };
}

const caller = (id: string): SignedInUser => ({ id, storeId: 'shop', role: 'customer' });

describe('PrivacyErasureService', () => {
  it('runs at once with nothing open: every step, the account last, kept tables with their law', async () => {
    const h = harness();
    const done = await h.service.request(caller('u1'));
    expect(done.status).toBe('done');
    expect(done.erased.map((e) => e.table)).toEqual(['leads', 'cart_lines', 'addresses', 'users']);
    expect(done.kept.map((k) => k.table)).toEqual(['orders', 'tax_documents', 'consents']);
    expect(done.kept[0]!.law).toMatch(/CGST Act 2017 s\.36/);
    expect(done.due_at).toBe(erasureDueAt(h.clock()).toISOString());
  });

  it('a failed step leaves the request waiting (201, not an error); the sweep finishes it', async () => {
    const h = harness();
    h.setFailing(true);
    const first = await h.service.request(caller('u2'));
    expect(first).toMatchObject({ status: 'waiting', waiting_for: [], erased: [] });
    expect(h.log.error).toHaveBeenCalled();
    expect(h.accountsStep.erasePersonalDataOf).not.toHaveBeenCalled();
    expect(await h.service.completeWaiting()).toEqual({ done: 0, waiting: 0, failed: 1 });
    h.setFailing(false);
    expect(await h.service.completeWaiting()).toEqual({ done: 1, waiting: 0, failed: 0 });
    expect((await h.service.status(caller('u2')))!.status).toBe('done');
  });

  it('waits for open orders, then runs anyway a day before it is due', async () => {
    const h = harness();
    h.setOpen(['UR-1001']);
    const waiting = await h.service.request(caller('u3'));
    expect(waiting).toMatchObject({ status: 'waiting', waiting_for: ['UR-1001'] });
    h.clock.advance(88 * 24 * 3600_000);
    expect(await h.service.completeWaiting(h.clock())).toMatchObject({ done: 0, waiting: 1 });
    h.clock.advance(24 * 3600_000);
    expect(await h.service.completeWaiting(h.clock())).toMatchObject({ done: 1 });
  });

  it('refuses a second request (409 saying when and where it stands) and staff accounts (403)', async () => {
    const h = harness();
    await h.service.request(caller('u4'));
    await expect(h.service.request(caller('u4'))).rejects.toMatchObject({
      statusCode: 409,
      message: 'You asked for erasure on 1 June 2027; it is done.',
    });
    await expect(h.service.request(caller('staff-1'))).rejects.toMatchObject({
      statusCode: 403,
      message: expect.stringMatching(/Hand over the shop first/),
    });
  });

  it('eraseAccount records an inactive account once and answers the existing request after', async () => {
    const h = harness();
    const first = await h.service.eraseAccount('shop', 'u5', 'inactive');
    expect(first.status).toBe('done');
    const again = await h.service.eraseAccount('shop', 'u5', 'inactive');
    expect(again.id).toBe(first.id);
  });
});
