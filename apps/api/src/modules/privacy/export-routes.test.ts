import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_EXPORT_FORMAT, type PrivacyExport, type PrivacyExportRow } from '@shop/contracts';
import * as schema from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail } from '../../test-support/accounts.ts';
import { checkoutUser } from '../../test-support/checkout.ts';
import { orderKit } from '../../test-support/orders.ts';
import { fullShopper as seedShopper, storedRows } from '../../test-support/personal-data.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { personalTables, type ExportSection } from './personal-data-map.ts';

/** A value as JSON carries it (a date as its ISO string). */
const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v ?? null));

/** The rows of a section of the file, children of orders and admissions included. */
function exportRows(file: PrivacyExport, section: ExportSection): PrivacyExportRow[] {
  const s = file.sections;
  switch (section) {
    case 'order_lines':
      return s.orders.flatMap((o) => o.lines);
    case 'order_timeline':
      return s.orders.flatMap((o) => o.timeline);
    case 'order_utrs':
      return s.orders.flatMap((o) => o.utrs);
    case 'aadhaar_reveals':
      return s.admissions.flatMap((a) => a.aadhaar_reveals);
    default:
      return s[section];
  }
}

describe.each(testDatabaseTargets())('GET /api/privacy/export on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender, paymentWebhooks: null } });
  });
  afterAll(async () => {
    await t.close();
  });

  const fullShopper = () => seedShopper(t, mail);
  const download = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/privacy/export',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it("holds each classified column of every one of the shopper's rows, secrets withheld and Aadhaar masked", async () => {
    const u = await fullShopper();
    const res = await download(u.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-.+\.json"$/);
    const file = res.json<PrivacyExport>();
    expect(file.format).toBe(PRIVACY_EXPORT_FORMAT);
    expect(file.account_id).toBe(u.userId);
    const who = {
      userId: u.userId,
      email: u.email,
      orderIds: file.sections.orders.map((o) => String(o.id)),
      admissionIds: [u.admissionId],
      itemIds: [],
    };
    expect(who.orderIds).toEqual([u.orderId]);

    const checked: string[] = [];
    for (const [table, entry] of Object.entries(personalTables)) {
      if (entry.subject !== 'shopper' || !('section' in entry.export)) continue;
      const stored = await storedRows(t, table, who);
      // The seed gives the shopper a row in every table the export shows.
      expect(stored.length, `${table}: the seeded shopper has no row`).toBeGreaterThan(0);
      const shown = exportRows(file, entry.export.section);
      expect(shown.length, `${table} in section ${entry.export.section}`).toBe(stored.length);
      const key = table === 'device_tokens' ? 'token' : table === 'order_utrs' ? 'utr' : 'id';
      for (const row of stored) {
        const match = shown.find((r) => r[key] === row[key]);
        expect(match, `${table}: stored row ${String(row[key])} is not in the file`).toBeDefined();
        for (const column of Object.keys(row)) {
          const c = entry.personal[column];
          if (c?.export === 'withheld') {
            expect(match, `${table}.${column} is withheld`).not.toHaveProperty(column);
          } else if (c?.export === 'masked') {
            expect(match![column], `${table}.${column} masked`).toBe(
              `XXXX XXXX ${String(row[column])}`,
            );
          } else {
            expect(match, `${table}.${column}`).toHaveProperty(column);
            expect(json(match![column]), `${table}.${column}`).toEqual(json(row[column]));
          }
          if (c) checked.push(`${table}.${column}`);
        }
      }
    }
    // The columns that identify or describe the shopper were each compared with the database.
    expect(checked).toEqual(
      expect.arrayContaining([
        'users.email',
        'users.full_name',
        'users.mobile',
        'addresses.new_address',
        'orders.shipping_address',
        'admissions.aadhaar_last4',
        'inquiries.parent_name',
        'quote_requests.description',
        'device_tokens.token',
      ]),
    );

    // No secret reaches the file: not the sealed number or its hash, nor any credential's hash.
    const [account] = await db()
      .select({ hash: schema.users.passwordHash })
      .from(schema.users)
      .where(eq(schema.users.id, u.userId));
    const sectionsText = JSON.stringify(file.sections);
    for (const secret of ['v1.sealed-for-test', 'hash-for-test', account!.hash!]) {
      expect(res.body.includes(secret), 'a secret in the file').toBe(false);
    }
    for (const column of ['password_hash', 'token_hash', 'aadhaar_sealed', 'aadhaar_hash']) {
      expect(sectionsText.includes(`"${column}"`), column).toBe(false);
    }
    expect(file.sections.admissions[0]!.aadhaar_last4).toBe('XXXX XXXX 2346');
    expect(file.sections.admissions[0]!.aadhaar_reveals).toHaveLength(1);
    expect(file.sections.orders[0]!.lines.length).toBeGreaterThan(0);
    expect(file.sections.orders[0]!.timeline.length).toBeGreaterThan(0);
    expect(file.not_included.map((n) => n.table)).toContain('payment_events');
    expect(file.legal_holds.map((h) => h.table)).toEqual(
      expect.arrayContaining(['orders', 'tax_documents']),
    );
    expect(file.withheld.map((w) => w.column)).toEqual(
      expect.arrayContaining(['users.password_hash', 'admissions.aadhaar_sealed']),
    );
  });

  it("answers each account only its own: a second shopper's token, a staff token, no token", async () => {
    const first = await fullShopper();
    const second = await checkoutUser(t, mail);
    const res = await download(second.token);
    expect(res.statusCode).toBe(200);
    const file = res.json<PrivacyExport>();
    expect(file.account_id).toBe(second.userId);
    expect(res.body.includes(first.email)).toBe(false);
    expect(res.body.includes(first.userId)).toBe(false);
    expect(file.sections.orders).toEqual([]);
    expect(file.sections.profile.map((p) => p.email)).toEqual([second.email]);

    const kit = await orderKit(t, mail);
    const staffToken = await kit.member('staff');
    const asStaff = await download(staffToken);
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.body.includes(first.email)).toBe(false);
    expect(asStaff.json<PrivacyExport>().account_id).not.toBe(first.userId);

    // The route names no account: a query asking for another is ignored.
    const asked = await t.app.inject({
      method: 'GET',
      url: `/api/privacy/export?user_id=${first.userId}`,
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(asked.body.includes(first.email)).toBe(false);

    const anonymous = await download();
    expect(anonymous.statusCode).toBe(401);
  });
});
