import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditListResponse,
  Breach,
  BreachListResponse,
  BreachResponse,
} from '@shop/contracts';
import { testDatabaseTargets } from '@shop/db/testing';
import { client } from '../../test-support/accounts.ts';
import { memberToken, roleTokens } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const URL = '/api/admin/privacy/breaches';
const BREACH = {
  description: 'A staff laptop with an export of orders was stolen in Bandra.',
  occurred_at: '2026-12-06T18:30:00.000Z',
  found_at: '2026-12-07T04:00:00+00:00',
  data_kinds: ['names', 'phones', 'addresses'],
  people_affected: 412,
  measures: 'Sessions ended and the export deleted from the cloud drive.',
};

/**
 * Admin → Privacy's breach register (DPDP Rules 2025, rule 7; issue 61 item 6): recorded by the
 * owner, each field checked, the drafts of both notices made from the record and the profile's
 * grievance officer, stamps for what was sent, audited, and no one else's.
 */
describe.each(testDatabaseTargets())('the breach register on $name', (target) => {
  let t: TestApp;
  let owner: string;
  let staff: string;
  let customer: string;
  let otherOwner: string;

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { paymentWebhooks: null } });
    ({ owner, staff, customer, otherOwner } = await roleTokens(t));
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (token = owner) =>
    (await client(t).get<BreachListResponse>(URL, token)).body.data;
  let recorded: Breach;

  it('records a breach and drafts both notices, the Board report due 72 hours after it was found', async () => {
    const res = await client(t).post<BreachResponse>(URL, BREACH, owner);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    recorded = res.body.data;
    expect(recorded).toMatchObject({
      description: BREACH.description,
      occurred_at: '2026-12-06T18:30:00.000Z',
      found_at: '2026-12-07T04:00:00.000Z',
      data_kinds: ['names', 'phones', 'addresses'],
      people_affected: 412,
      shoppers_told_at: null,
      board_reported_at: null,
      board_report_due_at: '2026-12-10T04:00:00.000Z',
    });
    expect(recorded.drafts.shoppers.subject).toBe('Important: a data breach at Urban Roll');
    expect(recorded.drafts.shoppers.text).toContain('Which of your data: Names, Mobile numbers');
    expect(recorded.drafts.board.text).toContain('Data Principals affected (estimated): 412.');
    expect(await list()).toEqual([recorded]);
  });

  it('stamps when the shoppers were told and the Board reported to, keeps a stamp, and clears one', async () => {
    const told = await client(t).patch<BreachResponse>(
      `${URL}/${recorded.id}`,
      { shoppers_told: true },
      owner,
    );
    expect(told.status, JSON.stringify(told.body)).toBe(200);
    const toldAt = told.body.data.shoppers_told_at;
    expect(toldAt).not.toBeNull();
    expect(told.body.data.board_reported_at).toBeNull();
    const both = await client(t).patch<BreachResponse>(
      `${URL}/${recorded.id}`,
      { shoppers_told: true, board_reported: true },
      owner,
    );
    expect(both.body.data.shoppers_told_at).toBe(toldAt);
    expect(both.body.data.board_reported_at).not.toBeNull();
    const undone = await client(t).patch<BreachResponse>(
      `${URL}/${recorded.id}`,
      { board_reported: false },
      owner,
    );
    expect(undone.body.data.board_reported_at).toBeNull();
    const audit = await client(t).get<AuditListResponse>(
      `/api/admin/audit?entity=data_breach&entity_id=${recorded.id}`,
      owner,
    );
    expect(audit.body.data.entries.map((e) => e.action).sort()).toEqual([
      'breach.record',
      'breach.update',
      'breach.update',
      'breach.update',
    ]);
  });

  it.each([
    ['description', { description: 'short' }, 'Say what happened, in a sentence or more'],
    ['found_at', { found_at: 'yesterday' }, 'Give a date and time'],
    ['people_affected', { people_affected: -1 }, 'Zero or more'],
    ['people_affected', { people_affected: 2.5 }, 'A whole number'],
    ['data_kinds.0', { data_kinds: ['shoe sizes'] }, 'Not a kind of data listed'],
    [
      'occurred_at',
      { occurred_at: '2026-12-08T00:00:00.000Z' },
      'It cannot have happened after you found out',
    ],
  ])('refuses a bad %s with a 400 naming it, and records nothing', async (field, change, msg) => {
    const before = (await list()).length;
    const res = await client(t).post(URL, { ...BREACH, ...change }, owner);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ field, msg });
    expect((await list()).length).toBe(before);
  });

  it('answers only the store owner: staff, a shopper, a guest and another store get nothing and change nothing', async () => {
    for (const token of [staff, customer]) {
      expect((await client(t).get(URL, token)).status).toBe(403);
      expect((await client(t).post(URL, BREACH, token)).status).toBe(403);
      expect(
        (await client(t).patch(`${URL}/${recorded.id}`, { shoppers_told: false }, token)).status,
      ).toBe(403);
    }
    expect((await client(t).get(URL)).status).toBe(401);
    // The owner's own storefront session: owner power comes from the admin sign-in only.
    const owner2 = await memberToken(t, 'owner');
    const shopSide = await t.services.tokens.sign({
      userId: owner2.userId,
      storeId: owner2.storeId,
      role: 'owner',
      scope: 'storefront',
    });
    expect((await client(t).get(URL, shopSide)).status).toBe(403);
    expect((await client(t).post(URL, BREACH, shopSide)).status).toBe(403);
    expect(await list(otherOwner)).toEqual([]);
    const other = await client(t).patch(
      `${URL}/${recorded.id}`,
      { shoppers_told: false },
      otherOwner,
    );
    expect(other.status).toBe(404);
    expect((await list())[0]!.shoppers_told_at).not.toBeNull();
  });

  it('refuses a stamp without anything said, and an id that is not one', async () => {
    const empty = await client(t).patch(`${URL}/${recorded.id}`, {}, owner);
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('Say what was done: shoppers_told or board_reported');
    const bad = await client(t).patch(`${URL}/not-an-id`, { shoppers_told: true }, owner);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'id', msg: 'Not a breach id' });
  });
});
