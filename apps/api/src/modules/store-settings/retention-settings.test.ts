import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetentionSettingsResponse } from '@shop/contracts';
import { auditLog, storeSettings } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { client, MAIN } from '../../test-support/accounts.ts';
import { memberToken, roleTokens } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

type Body = { msg?: string; field?: string };
const PATH = '/api/admin/settings/retention';

/**
 * The retention periods the owner sets (issue 61 item 5): enquiries' and inactive accounts',
 * 730 and 1095 days by default, 180..3650 days, the owner's alone, audited.
 */
describe.each(testDatabaseTargets())('the retention periods on $name', (target) => {
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

  const stored = async (store = MAIN) =>
    (
      await t.database.db
        .select({
          enquiry: storeSettings.enquiryRetentionDays,
          inactive: storeSettings.inactiveAccountDays,
        })
        .from(storeSettings)
        .where(eq(storeSettings.storeId, store))
    )[0];
  const put = (body: unknown, token = owner) =>
    client(t).call<RetentionSettingsResponse & Body>('PUT', PATH, body, token);

  it('are two and three years until the owner sets them', async () => {
    const res = await client(t).get<RetentionSettingsResponse>(PATH, owner);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ enquiry_retention_days: 730, inactive_account_days: 1095 });
  });

  it('are saved by the owner, audited, and read back', async () => {
    const res = await put({ enquiry_retention_days: 365, inactive_account_days: 730 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ enquiry_retention_days: 365, inactive_account_days: 730 });
    expect(await stored()).toEqual({ enquiry: 365, inactive: 730 });
    expect((await client(t).get<RetentionSettingsResponse>(PATH, owner)).body.data).toEqual(
      res.body.data,
    );
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.storeId, MAIN), eq(auditLog.action, 'settings.retention')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toEqual({ enquiry_retention_days: 730, inactive_account_days: 1095 });
  });

  it.each([
    [{ enquiry_retention_days: 179, inactive_account_days: 730 }, 'enquiry_retention_days'],
    [{ enquiry_retention_days: 365, inactive_account_days: 3651 }, 'inactive_account_days'],
    [{ enquiry_retention_days: 365.5, inactive_account_days: 730 }, 'enquiry_retention_days'],
    [{ enquiry_retention_days: '365', inactive_account_days: 730 }, 'enquiry_retention_days'],
    [{ enquiry_retention_days: 365 }, 'inactive_account_days'],
  ])('refuses %j with 400 naming %s, and changes nothing', async (body, field) => {
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.msg).toContain(field);
    expect(await stored()).toEqual({ enquiry: 365, inactive: 730 });
  });

  it('takes the bounds themselves', async () => {
    expect((await put({ enquiry_retention_days: 180, inactive_account_days: 3650 })).status).toBe(
      200,
    );
    expect(await stored()).toEqual({ enquiry: 180, inactive: 3650 });
  });

  it('answer only the store owner: staff, a shopper and a guest are refused; another store’s owner sets its own', async () => {
    const body = { enquiry_retention_days: 400, inactive_account_days: 400 };
    expect((await put(body, staff)).status).toBe(403);
    expect((await put(body, customer)).status).toBe(403);
    expect((await client(t).call('PUT', PATH, body)).status).toBe(401);
    expect((await client(t).get(PATH, staff)).status).toBe(403);
    expect((await client(t).get(PATH, customer)).status).toBe(403);
    // The owner's own storefront session: owner power comes from the admin sign-in only.
    const owner2 = await memberToken(t, 'owner');
    const shopSide = await t.services.tokens.sign({
      userId: owner2.userId,
      storeId: owner2.storeId,
      role: 'owner',
      scope: 'storefront',
    });
    expect((await put(body, shopSide)).status).toBe(403);
    expect((await client(t).get(PATH, shopSide)).status).toBe(403);
    const other = await put(body, otherOwner);
    expect([200, 404]).toContain(other.status);
    expect(await stored()).toEqual({ enquiry: 180, inactive: 3650 });
  });
});
