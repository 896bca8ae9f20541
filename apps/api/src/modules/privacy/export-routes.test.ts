import { eq, getTableColumns, is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_EXPORT_FORMAT, type PrivacyExport, type PrivacyExportRow } from '@shop/contracts';
import * as schema from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, client, MAIN } from '../../test-support/accounts.ts';
import {
  checkoutUser,
  lineOf,
  placePaidOrder,
  simpleProducts,
} from '../../test-support/checkout.ts';
import { orderKit } from '../../test-support/orders.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { personalTables, type ExportSection } from './personal-data-map.ts';

/** Every table of the schema by SQL name. */
const tablesByName = new Map<string, PgTable>();
for (const value of Object.values(schema)) {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) === null)
    continue;
  if (is(value, PgTable)) tablesByName.set(getTableConfig(value).name, value);
}

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

  const download = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/privacy/export',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  /**
   * A shopper with a row in every table the export shows: through the API where there is one
   * (sign-up, sign-in, push device, order paid, cart, contact message, enquiry), else stored
   * directly (an invoice, a UPI reference, a quote of a Get Quote store,
   * an admission with its sealed Aadhaar and a reveal, a consent).
   */
  async function fullShopper() {
    const goods = await simpleProducts(t);
    const u = await checkoutUser(t, mail);
    const addressId = await u.address('bandra');
    await db()
      .update(schema.users)
      .set({ fullName: 'Asha Kulkarni', mobile: '9820012345', gstNo: '27AAACR5055K1Z5' })
      .where(eq(schema.users.id, u.userId));
    expect(
      (
        await u.post('/api/firebase/register-token', {
          user_id: u.userId,
          deviceToken: `device-${u.userId}`,
        })
      ).status,
    ).toBe(200);
    const orderId = await placePaidOrder(t, u, [lineOf(goods[0]!, 2)]);
    const sequence = Math.floor(Math.random() * 900000) + 100000;
    await db()
      .insert(schema.taxDocuments)
      .values({
        storeId: MAIN,
        orderId,
        kind: 'invoice',
        number: `INV/9899/${sequence}`,
        financialYear: '9899',
        sequence,
        issuedAt: new Date(),
      });
    await db()
      .insert(schema.orderUtrs)
      .values({ storeId: MAIN, utr: String(Date.now()).padStart(12, '7').slice(-12), orderId });
    const added = await u.post('/api/cart', {
      product_id: goods[1]!.id,
      product_sku: goods[1]!.sku,
      quantity: 1,
      user_id: u.userId,
      main_id: MAIN,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const lead = await u.post('/api/leads', {
      name: 'Asha Kulkarni',
      email: u.email,
      mobile: '9820012345',
      remark: 'Do you have size 32?',
      user_id: u.userId,
      property_id: MAIN,
    });
    expect(lead.status, JSON.stringify(lead.body)).toBe(200);
    const enquiry = await client(t).post('/api/inquiry', {
      name: 'Asha Kulkarni',
      mobile: '9820012345',
      email: u.email,
      parent_name: 'Meera Kulkarni',
      dob: '2014-05-02',
      remark: 'Batches on Saturday?',
      main_id: MAIN,
    });
    expect(enquiry.status, JSON.stringify(enquiry.body)).toBe(200);
    await db().insert(schema.quoteRequests).values({
      storeId: MAIN,
      userId: u.userId,
      userName: 'Asha Kulkarni',
      name: 'Asha Kulkarni',
      mobile: '9820012345',
      email: u.email,
      description: '15 jerseys for the school team',
      cartProducts: [],
      amountBeforeDiscountPaise: 0,
      amountAfterDiscountPaise: 0,
    });
    const [admission] = await db()
      .insert(schema.admissions)
      .values({
        storeId: MAIN,
        userId: u.userId,
        name: 'Rohan Kulkarni',
        guardianName: 'Asha Kulkarni',
        guardianRelation: 'Mother',
        guardianMobile: '9820012345',
        dob: '2010-01-01',
        aadhaarSealed: 'v1.sealed-for-test',
        aadhaarHash: 'hash-for-test',
        aadhaarLast4: '2346',
        gender: 'Male',
        school: 'St. Mary',
        address: '12 Test Road, Bandra',
        pincode: '400050',
        mobile: '9820012345',
        email: u.email,
        center: 'Bandra',
        rulesAgreed: true,
      })
      .returning();
    await db()
      .insert(schema.admissionAadhaarReveals)
      .values({ storeId: MAIN, admissionId: admission!.id });
    await db().insert(schema.consents).values({
      storeId: MAIN,
      userId: u.userId,
      purpose: 'marketing_email',
      noticeVersion: 'test-1',
      source: 'privacy_page',
      withdrawnAt: new Date(),
    });
    return { ...u, addressId, orderId, admissionId: admission!.id };
  }

  /** The shopper's rows of a table as stored, reached by the map's path. */
  async function storedRows(
    table: string,
    who: { userId: string; email: string; orderIds: string[]; admissionId: string },
  ): Promise<Record<string, unknown>[]> {
    const entry = personalTables[table]!;
    const pg = tablesByName.get(table)!;
    const col = (name: string) => sql.identifier(name);
    const list = (ids: string[]) =>
      sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
    let where: SQL;
    switch (entry.path.via) {
      case 'user_id':
        where = sql`${col(entry.path.column)} = ${who.userId}`;
        break;
      case 'order':
        where = sql`${col('order_id')} IN (${list(who.orderIds)})`;
        break;
      case 'admission':
        where = sql`${col('admission_id')} = ${who.admissionId}`;
        break;
      case 'email':
        where = sql`${col('email')} = ${who.email} AND ${col('store_id')} = ${MAIN}`;
        break;
      default:
        throw new Error(`no path to ${table} in this test`);
    }
    const rows = await db().select().from(pg).where(where);
    const keys = Object.entries(getTableColumns(pg)).map(([key, c]) => [key, c.name] as const);
    return rows.map((r) =>
      Object.fromEntries(keys.map(([key, name]) => [name, (r as Record<string, unknown>)[key]])),
    );
  }

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
      admissionId: u.admissionId,
    };
    expect(who.orderIds).toEqual([u.orderId]);

    const checked: string[] = [];
    for (const [table, entry] of Object.entries(personalTables)) {
      if (entry.subject !== 'shopper' || !('section' in entry.export)) continue;
      const stored = await storedRows(table, who);
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
