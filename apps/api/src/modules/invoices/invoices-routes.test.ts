import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocumentAnswer, Order, PayNowResponse } from '@shop/contracts';
import { INVOICE_MESSAGES } from '@shop/contracts';
import { orders, products, QUOTE_STORE_ID, taxDocuments, users } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { isCourse } from '@shop/domain';
import { checkoutSignature } from '../../adapters/payment-signatures.ts';
import { capturingEmail, MAIN } from '../../test-support/accounts.ts';
import {
  checkoutUser,
  lineOf,
  simpleProducts,
  variationInStock,
} from '../../test-support/checkout.ts';
import { pdfText } from '../../test-support/pdf-text.ts';
import { adminSession } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { InvoicesRepository } from './invoices-repository.ts';
import { InvoicesService } from './invoices-service.ts';

const KEY_SECRET = 'test-key-secret-0123456789abcdef';

describe.each(testDatabaseTargets())('GST invoices on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  let goods: Awaited<ReturnType<typeof simpleProducts>>;
  let service: InvoicesService;

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender, paymentWebhooks: null },
      config: { RAZORPAY_KEY_SECRET: KEY_SECRET },
    });
    goods = await simpleProducts(t);
    service = new InvoicesService(new InvoicesRepository(t.database.db));
  });
  afterAll(async () => {
    await t.close();
  });

  const issue = (orderId: string, at: Date) =>
    t.database.db.transaction((tx) => service.issueInvoice(tx, orderId, at));

  /** A customer with an address in `place` who has placed and paid an order of `lines`. */
  async function paidOrder(
    lines = [lineOf(goods[0]!, 2), lineOf(goods[1]!)],
    place: 'bandra' | 'bengaluru' = 'bandra',
  ) {
    const u = await checkoutUser(t, mail);
    const addressId = await u.address(place);
    const placed = await u.post<PayNowResponse>('/api/payment', {
      main_id: MAIN,
      cart_products: lines,
      billing_address: addressId,
      shipping_address: { id: addressId },
      mobile: '+91 98200 12345',
      coupon_code: '',
      customer_note: '',
      payment_mode: 'Pay now',
      user_gstNo: place === 'bengaluru' ? '29AAACR5055K1Z5' : '',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const gid = placed.body.razorpay_order.id;
    const paymentId = `pay_${placed.body.order_id.slice(0, 8)}`;
    const verified = await u.post('/api/payment/verify', {
      razorpay_order_id: gid,
      razorpay_payment_id: paymentId,
      razorpay_signature: checkoutSignature(gid, paymentId, KEY_SECRET),
    });
    expect(verified.status).toBe(200);
    return { u, orderId: placed.body.order_id };
  }

  /** Copies of a placed order (new ids and receipts), for numbering many orders quickly. */
  async function copiesOf(orderId: string, n: number) {
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const rest: Partial<typeof row> = { ...row! };
    delete rest.id;
    const inserted = await t.database.db
      .insert(orders)
      .values(
        Array.from({ length: n }, (_, i) => ({
          ...(rest as Omit<typeof orders.$inferInsert, 'id'>),
          receiptId: `${rest.receiptId}_${i}_${Math.random().toString(36).slice(2, 8)}`,
          gatewayOrderId: null,
          idempotencyKey: null,
        })),
      )
      .returning({ id: orders.id });
    return inserted.map((r) => r.id);
  }

  /** Gives the user `role` and answers the access token of an admin sign-in. */
  const withRole = async (u: { userId: string; email: string }, role: string, storeId = MAIN) => {
    await t.database.db.update(users).set({ role, storeId }).where(eq(users.id, u.userId));
    return (await adminSession(t, u.email, storeId)).accessToken;
  };

  const get = (url: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  describe('numbering', () => {
    it('gives 50 parallel invoices the numbers 1..50 of the year, no gaps, no duplicates; a new year starts at 1', async () => {
      const { orderId } = await paidOrder();
      const ids = await copiesOf(orderId, 50);
      const at = new Date('2040-06-01T06:00:00Z'); // FY 2040-41
      const issued = await Promise.all(ids.map((id) => issue(id, at)));
      const sequences = issued.map((d) => d.sequence).sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(new Set(issued.map((d) => d.number)).size).toBe(50);
      expect(issued.find((d) => d.sequence === 7)!.number).toBe('INV/4041/000007');
      expect(issued.every((d) => d.number.length <= 16)).toBe(true);

      // Idempotent: the same order keeps its number, nothing is consumed.
      const again = await issue(ids[0]!, at);
      expect(again.number).toBe(issued[0]!.number);

      // 31 March 23:59:59 IST is still 2040-41; 1 April 00:00 IST starts 2041-42 at 1.
      const more = await copiesOf(orderId, 2);
      const lastOfYear = await issue(more[0]!, new Date('2041-03-31T18:29:59Z'));
      expect(lastOfYear.number).toBe('INV/4041/000051');
      const firstOfYear = await issue(more[1]!, new Date('2041-03-31T18:30:00Z'));
      expect(firstOfYear.number).toBe('INV/4142/000001');
    });

    it('gives a rolled-back number to the next document (no gap)', async () => {
      const { orderId } = await paidOrder();
      const [a, b] = await copiesOf(orderId, 2);
      const at = new Date('2045-05-01T06:00:00Z');
      await expect(
        t.database.db.transaction(async (tx) => {
          await service.issueInvoice(tx, a!, at);
          throw new Error('the move failed');
        }),
      ).rejects.toThrow('the move failed');
      expect((await issue(b!, at)).number).toBe('INV/4546/000001');
      expect((await issue(a!, at)).number).toBe('INV/4546/000002');
    });

    it('issues a credit note only for an invoiced order, in its own series, once', async () => {
      const { orderId } = await paidOrder();
      const [a] = await copiesOf(orderId, 1);
      const at = new Date('2050-05-01T06:00:00Z');
      const credit = (id: string) =>
        t.database.db.transaction((tx) => service.issueCreditNote(tx, id, at));
      expect(await credit(a!)).toBeNull();
      await issue(a!, at);
      const note = await credit(a!);
      expect(note!.number).toBe('CN/5051/000001');
      expect((await credit(a!))!.number).toBe('CN/5051/000001');
      await expect(issue('00000000-0000-4000-8000-000000000000', at)).rejects.toThrow(
        'Order not found',
      );
    });
  });

  describe('GET /payment/order/{id}/invoice', () => {
    it("names the variation bought (size, colour) on the invoice's line", async () => {
      const v = await variationInStock(t, 2);
      const { u, orderId } = await paidOrder([
        { product_id: v.productId, product_sku: v.sku, quantity: 1 },
      ]);
      await issue(orderId, new Date());
      const order = (await u.get<{ data: Order }>(`/api/payment/order/${orderId}`)).body.data;
      const attributes = Object.values(order.cart_products[0]!.variation_attributes);
      expect(attributes.length).toBeGreaterThan(0);
      const res = await get(`/api/payment/order/${orderId}/invoice/document`, u.token);
      const [line] = res.json<{ data: InvoiceDocumentAnswer }>().data.lines;
      expect(line!.description).toBe(`${v.title} (${attributes.join(' / ')})`);
    });

    it('serves the PDF with Rule 46 particulars to the owner and the store staff only', async () => {
      const { u, orderId } = await paidOrder();
      const url = `/api/payment/order/${orderId}/invoice`;

      const early = await get(url, u.token);
      expect(early.statusCode).toBe(404);
      expect(early.json()).toMatchObject({ msg: INVOICE_MESSAGES.invoiceNotIssued, field: 'kind' });
      const unshipped = await u.get<{ data: Order }>(`/api/payment/order/${orderId}`);
      expect(unshipped.body.data.invoice).toBeNull();

      const doc = await issue(orderId, new Date());
      const res = await get(url, u.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`${doc.number.replace(/\//g, '-')}.pdf`);
      const text = await pdfText(res.rawPayload);

      const order = (await u.get<{ data: Order }>(`/api/payment/order/${orderId}`)).body.data;
      expect(order.invoice).toEqual({ number: doc.number, date: doc.issuedAt.toISOString() });
      expect(order.credit_note).toBeNull();
      const list = await u.get<{ data: Order[] }>(`/api/payment/${u.userId}`);
      expect(list.body.data[0]!.invoice!.number).toBe(doc.number);

      const inr = (n: number) =>
        n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      expect(text).toContain('Tax Invoice');
      expect(text).toContain(doc.number);
      // The order as the customer knows it (UR-10423), not the gateway's receipt id.
      expect(order.order_number).toMatch(/^UR-1\d{4,}$/);
      expect(text).toContain(order.order_number);
      expect(text).not.toContain(order.receipt_id);
      expect(text).toContain('Urban Roll Sports LLP');
      expect(text).toContain('GSTIN: 27AAHFU4821R1ZH');
      expect(text).toContain('Maharashtra (27)');
      expect(text).toContain(order.cart_products[0]!.hsn_code);
      expect(text).toContain(order.cart_products[0]!.product_name.slice(0, 20));
      expect(text).toMatch(/CGST ₹/);
      expect(text).toMatch(/SGST ₹/);
      expect(text).toContain(`₹${inr(order.tax.cgst)}`);
      expect(text).toContain(`₹${inr(order.tax.sgst)}`);
      expect(text).toContain(`₹${inr(order.tax.taxable_value)}`);
      expect(text).toContain(`₹${inr(order.totalAmountbeforePay)}`);
      expect(text).toContain('Delivery charge');
      expect(text).toMatch(/Rupees [A-Za-z ]+ Only/);
      expect(text).toContain('Tax is not payable on reverse charge');

      // The JSON form adds up to the order.
      const json = await get(`${url}/document`, u.token);
      expect(json.statusCode).toBe(200);
      const data = json.json<{ data: InvoiceDocumentAnswer }>().data;
      expect(data.totals.total).toBe(order.totalAmountbeforePay);
      expect(data.totals.cgst).toBe(order.tax.cgst);
      expect(data.totals.taxable_value).toBe(order.tax.taxable_value);
      expect(data.lines).toHaveLength(order.cart_products.length + 1);
      expect(data.order_reference).toBe(order.order_number);

      // Another customer, staff of another store: 404; no token: 401; the store's staff: 200.
      const other = await checkoutUser(t, mail);
      expect((await get(url, other.token)).statusCode).toBe(404);
      expect((await get(`${url}/document`, other.token)).statusCode).toBe(404);
      expect((await get(url)).statusCode).toBe(401);
      const elsewhere = await checkoutUser(t, mail);
      const foreignStaff = await withRole(elsewhere, 'owner', QUOTE_STORE_ID);
      expect((await get(url, foreignStaff)).statusCode).toBe(404);
      const staff = await checkoutUser(t, mail);
      const staffToken = await withRole(staff, 'staff');
      expect((await get(url, staffToken)).statusCode).toBe(200);
      // Their storefront session shops as a customer's: another's invoice is not theirs to read.
      expect((await get(url, staff.token)).statusCode).toBe(404);

      // The credit note: none yet; bad kind: 400 naming it.
      const cn = await get(`${url}?kind=credit-note`, u.token);
      expect(cn.statusCode).toBe(404);
      expect(cn.json()).toMatchObject({ msg: INVOICE_MESSAGES.creditNoteNotIssued });
      const bad = await get(`${url}?kind=receipt`, u.token);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'kind' });
      expect((await get('/api/payment/order/not-a-uuid/invoice', u.token)).statusCode).toBe(400);

      await t.database.db.transaction((tx) => service.issueCreditNote(tx, orderId, new Date()));
      const note = await get(`${url}?kind=credit-note`, u.token);
      expect(note.statusCode).toBe(200);
      const noteText = await pdfText(note.rawPayload);
      expect(noteText).toContain('Credit Note');
      expect(noteText).toContain(doc.number);
      expect(noteText).toMatch(/CN\/\d{4}\/\d{6}/);
    });

    it('shows IGST and the customer GSTIN for another state', async () => {
      const { u, orderId } = await paidOrder([lineOf(goods[0]!)], 'bengaluru');
      await issue(orderId, new Date());
      const text = await pdfText(
        (await get(`/api/payment/order/${orderId}/invoice`, u.token)).rawPayload,
      );
      const order = (await u.get<{ data: Order }>(`/api/payment/order/${orderId}`)).body.data;
      expect(order.tax.igst).toBeGreaterThan(0);
      expect(text).toContain('IGST ₹');
      expect(text).not.toContain('CGST ₹');
      expect(text).toContain('Karnataka (29)');
      expect(text).toContain('GSTIN: 29AAACR5055K1Z5');
    });

    it('invoices a course-only order when it is paid, once', async () => {
      const [course] = (
        await t.database.db
          .select()
          .from(products)
          .where(and(eq(products.storeId, MAIN), eq(products.status, 'Active')))
      ).filter((p) => isCourse(p) && p.productType === 'Simple');
      expect(course).toBeDefined();
      const { orderId } = await paidOrder([lineOf(course!)]);
      const docs = await t.database.db
        .select()
        .from(taxDocuments)
        .where(eq(taxDocuments.orderId, orderId));
      expect(docs).toHaveLength(1);
      expect(docs[0]).toMatchObject({ kind: 'invoice' });
      // A goods order is not invoiced when paid (it is, when first shipped).
      const goodsOrder = await paidOrder([lineOf(goods[2]!)]);
      const none = await t.database.db
        .select()
        .from(taxDocuments)
        .where(eq(taxDocuments.orderId, goodsOrder.orderId));
      expect(none).toHaveLength(0);
    });
  });
});
