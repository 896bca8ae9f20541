/**
 * A shopper with personal data in every table the personal-data map classifies, and a reader of
 * their rows by the map's paths: the export's and the erasure's tests (issue 61 item 3).
 */
import { eq, getTableColumns, is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import * as schema from '@shop/db';
import { personalTables } from '../modules/privacy/personal-data-map.ts';
import { client, MAIN, type capturingEmail } from './accounts.ts';
import { checkoutUser, lineOf, placePaidOrder, simpleProducts } from './checkout.ts';
import type { TestApp } from './test-app.ts';

/** Every table of the schema by SQL name. */
export const tablesByName = new Map<string, PgTable>();
for (const value of Object.values(schema)) {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) === null)
    continue;
  if (is(value, PgTable)) tablesByName.set(getTableConfig(value).name, value);
}

/** What the seeded shopper is called, reached at and lives at: none may outlive an erasure. */
export const SHOPPER = {
  name: 'Asha Kulkarni',
  surname: 'Kulkarni',
  mobile: '9820012345',
  gstin: '27AAACR5055K1Z5',
  street: '12 Test Road',
} as const;

/**
 * A shopper with a row in every table the export shows: through the API where there is one
 * (sign-up, sign-in, push device, order paid, cart, contact message, enquiry), else stored
 * directly (an invoice, a UPI reference, a quote of a Get Quote store, an admission with its
 * sealed Aadhaar and a reveal, a consent).
 */
export async function fullShopper(t: TestApp, mail: ReturnType<typeof capturingEmail>) {
  const db = t.database.db;
  const goods = await simpleProducts(t);
  const u = await checkoutUser(t, mail);
  const addressId = await u.address('bandra');
  await db
    .update(schema.users)
    .set({ fullName: SHOPPER.name, mobile: SHOPPER.mobile, gstNo: SHOPPER.gstin })
    .where(eq(schema.users.id, u.userId));
  const device = await u.post('/api/firebase/register-token', {
    user_id: u.userId,
    deviceToken: `device-${u.userId}`,
  });
  expect(device.status).toBe(200);
  const orderId = await placePaidOrder(t, u, [lineOf(goods[0]!, 2)]);
  const sequence = Math.floor(Math.random() * 900000) + 100000;
  await db.insert(schema.taxDocuments).values({
    storeId: MAIN,
    orderId,
    kind: 'invoice',
    number: `INV/9899/${sequence}`,
    financialYear: '9899',
    sequence,
    issuedAt: new Date(),
  });
  await db
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
    name: SHOPPER.name,
    email: u.email,
    mobile: SHOPPER.mobile,
    remark: 'Do you have size 32?',
    user_id: u.userId,
    property_id: MAIN,
  });
  expect(lead.status, JSON.stringify(lead.body)).toBe(200);
  const enquiry = await client(t).post('/api/inquiry', {
    name: SHOPPER.name,
    mobile: SHOPPER.mobile,
    email: u.email,
    parent_name: 'Meera Kulkarni',
    dob: '2014-05-02',
    remark: 'Batches on Saturday?',
    main_id: MAIN,
  });
  expect(enquiry.status, JSON.stringify(enquiry.body)).toBe(200);
  await db.insert(schema.quoteRequests).values({
    storeId: MAIN,
    userId: u.userId,
    userName: SHOPPER.name,
    name: SHOPPER.name,
    mobile: SHOPPER.mobile,
    email: u.email,
    description: '15 jerseys for the school team',
    cartProducts: [],
    amountBeforeDiscountPaise: 0,
    amountAfterDiscountPaise: 0,
  });
  const [admission] = await db
    .insert(schema.admissions)
    .values({
      storeId: MAIN,
      userId: u.userId,
      name: 'Rohan Kulkarni',
      guardianName: SHOPPER.name,
      guardianRelation: 'Mother',
      guardianMobile: SHOPPER.mobile,
      dob: '2010-01-01',
      aadhaarSealed: 'v1.sealed-for-test',
      aadhaarHash: 'hash-for-test',
      aadhaarLast4: '2346',
      gender: 'Male',
      school: 'St. Mary',
      address: `${SHOPPER.street}, Bandra`,
      pincode: '400050',
      mobile: SHOPPER.mobile,
      email: u.email,
      center: 'Bandra',
      rulesAgreed: true,
    })
    .returning();
  await db
    .insert(schema.admissionAadhaarReveals)
    .values({ storeId: MAIN, admissionId: admission!.id });
  await db.insert(schema.consents).values({
    storeId: MAIN,
    userId: u.userId,
    purpose: 'marketing_email',
    noticeVersion: 'test-1',
    source: 'privacy_page',
    withdrawnAt: new Date(),
  });
  return { ...u, addressId, orderId, admissionId: admission!.id };
}

export type FullShopper = Awaited<ReturnType<typeof fullShopper>>;

/**
 * The rest of the tables the map reaches from an account, stored directly for `u`: a sign-up
 * code to its email, a standing consent, an email owed about its order, the gateway's payment
 * message and a refund, the parent's consent link and the shop's notice of its admission, the
 * inbox's state and note of its messages, and the audit log's copy of its order.
 */
export async function everyOtherPersonalRow(t: TestApp, u: FullShopper) {
  const db = t.database.db;
  const soon = new Date(Date.now() + 10 * 60_000);
  await db.insert(schema.otpCodes).values({
    storeId: MAIN,
    email: u.email,
    purpose: 'signup',
    codeHash: `hash-${u.userId}`,
    expiresAt: soon,
    createdAt: new Date(),
  });
  await db.insert(schema.consents).values({
    storeId: MAIN,
    userId: u.userId,
    purpose: 'whatsapp_updates',
    noticeVersion: 'test-1',
    source: 'privacy_page',
  });
  await db.insert(schema.orderEmails).values({
    orderId: u.orderId,
    kind: 'utr_notice',
    dueAt: new Date(),
    details: { utr: '123456789012', name: SHOPPER.name } as never,
  });
  const payer = { email: u.email, contact: `+91${SHOPPER.mobile}` };
  await db.insert(schema.paymentEvents).values({
    gateway: 'sandbox',
    eventId: `test:${u.userId}`,
    eventType: 'payment.captured',
    storeId: MAIN,
    orderId: u.orderId,
    gatewayPaymentId: `pay_${u.userId.slice(0, 8)}`,
    payload: payer,
  });
  await db.insert(schema.refunds).values({
    storeId: MAIN,
    orderId: u.orderId,
    gatewayPaymentId: `pay_${u.userId.slice(0, 8)}`,
    amountPaise: 100,
    reason: `Order cancelled: ${SHOPPER.name} asked by phone ${SHOPPER.mobile}`,
  });
  await db.insert(schema.admissionConsentRequests).values({
    storeId: MAIN,
    admissionId: u.admissionId,
    parentEmail: u.email,
    tokenHash: `link-${u.userId}`,
    expiresAt: soon,
  });
  await db.insert(schema.shopNotices).values({
    storeId: MAIN,
    form: 'admission',
    itemId: u.admissionId,
    dueAt: new Date(),
    subject: `Admission: Rohan ${SHOPPER.surname}`,
    intro: `From ${SHOPPER.name}`,
    fields: [['Mobile', SHOPPER.mobile]],
  });
  const [lead] = await db
    .select({ id: schema.leads.id })
    .from(schema.leads)
    .where(eq(schema.leads.userId, u.userId));
  for (const [kind, itemId] of [
    ['lead', lead!.id],
    ['admission', u.admissionId],
  ] as const) {
    await db
      .insert(schema.inboxStates)
      .values({ kind, itemId, storeId: MAIN, status: 'contacted' });
    await db.insert(schema.inboxNotes).values({
      storeId: MAIN,
      kind,
      itemId,
      text: `Called ${SHOPPER.name} on ${SHOPPER.mobile}`,
    });
  }
  await db.insert(schema.auditLog).values({
    storeId: MAIN,
    action: 'order.move',
    entity: 'order',
    entityId: u.orderId,
    before: { user_name: SHOPPER.name, mobile: SHOPPER.mobile },
    after: { user_name: SHOPPER.name, email: u.email },
  });
}

/** Where a shopper's rows are: their account, email, orders, admissions, inbox items. */
export interface RowsOf {
  userId: string;
  email: string;
  orderIds: string[];
  admissionIds: string[];
  /** The ids of their leads, enquiries, quotes and admissions (the inbox's items). */
  itemIds: string[];
}

/** The shopper's rows of a table as stored, by SQL column name, reached by the map's path. */
export async function storedRows(
  t: TestApp,
  table: string,
  who: RowsOf,
): Promise<Record<string, unknown>[]> {
  const entry = personalTables[table]!;
  const pg = tablesByName.get(table)!;
  const col = (name: string) => sql.identifier(name);
  const among = (column: string, ids: string[]) =>
    ids.length === 0
      ? sql`false`
      : sql`${col(column)}::text IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  let where: SQL;
  switch (entry.path.via) {
    case 'user_id':
      where = sql`${col(entry.path.column)} = ${who.userId}`;
      break;
    case 'order':
      where = among('order_id', who.orderIds);
      break;
    case 'admission':
      where = among('admission_id', who.admissionIds);
      break;
    case 'email':
      where = sql`${col('email')} = ${who.email} AND ${col('store_id')} = ${MAIN}`;
      break;
    case 'inbox-item':
      where = among('item_id', who.itemIds);
      break;
    case 'audit-entity':
      where = among('entity_id', [who.userId, ...who.orderIds, ...who.admissionIds]);
      break;
    default:
      throw new Error(`no path to ${table} in this test`);
  }
  const rows = await t.database.db.select().from(pg).where(where);
  const keys = Object.entries(getTableColumns(pg)).map(([key, c]) => [key, c.name] as const);
  return rows.map((r) =>
    Object.fromEntries(keys.map(([key, name]) => [name, (r as Record<string, unknown>)[key]])),
  );
}
