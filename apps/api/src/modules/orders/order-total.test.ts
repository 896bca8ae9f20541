import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocumentAnswer, Order, PaymentSummary } from '@shop/contracts';
import { testDatabaseTargets } from '@shop/db/testing';
import { formatInr } from '@shop/domain';
import { capturingEmail, client, MAIN } from '../../test-support/accounts.ts';
import { lineOf } from '../../test-support/checkout.ts';
import { orderKit, type OrderKit } from '../../test-support/orders.ts';
import { pdfText } from '../../test-support/pdf-text.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const KEY_SECRET = 'test-key-secret-0123456789abcdef';

/** Issue 28 item 1: one amount after discount, sale prices less the coupon, in every answer. */
describe.each(testDatabaseTargets())('one order total on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  let kit: OrderKit;
  let staffToken: string;

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender, paymentWebhooks: null },
      config: { RAZORPAY_KEY_SECRET: KEY_SECRET },
    });
    kit = await orderKit(t, mail);
    staffToken = await kit.member('staff');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the same amount after discount in the summary, the placed order, the list, the order, the desk, the invoice and the email', async () => {
    // A product on sale (0 < sale < list), enough of it for the FLAT200 coupon (from ₹1,499).
    const onSale = kit.goods.find(
      (p) => p.discountPricePaise > 0 && p.discountPricePaise < p.originalPricePaise,
    )!;
    expect(onSale).toBeDefined();
    const quantity = Math.ceil(150_000 / onSale.discountPricePaise);
    const u = await kit.buyer();
    const cart = [lineOf(onSale, quantity)];

    const summary = await u.post<PaymentSummary>('/api/payment/summary', {
      main_id: MAIN,
      cart_products: cart,
      shipping_address: u.addressId,
      coupon_code: 'FLAT200',
    });
    expect(summary.status).toBe(200);
    expect(summary.body.couponapplied).toBe(true);
    const saleTotal = (onSale.discountPricePaise * quantity) / 100;
    const after = summary.body.amountafterdiscount;
    expect(after).toBeCloseTo(saleTotal - 200, 2);
    // Not the list prices less the coupon (what was stored before).
    expect(after).toBeLessThan(summary.body.amountbeforediscount - summary.body.discountprice);
    expect(summary.body.totalAmountbeforePay).toBeCloseTo(after + summary.body.deliveryCharge, 2);

    const placed = await kit.placePaid(u, { cart_products: cart, coupon_code: 'FLAT200' });
    expect(placed.totalAmountbeforePay).toBe(summary.body.totalAmountbeforePay);
    expect((await kit.orderRow(placed.order_id)).amountAfterDiscountPaise).toBe(
      Math.round(after * 100),
    );

    const one = await u.get<{ data: Order }>(`/api/payment/order/${placed.order_id}`);
    const list = await u.get<{ data: Order[] }>(`/api/payment/${u.userId}`);
    const listed = list.body.data.find((o) => o.order_id === placed.order_id)!;
    for (const order of [one.body.data, listed]) {
      expect(order).toMatchObject({
        amountbeforediscount: summary.body.amountbeforediscount,
        discountprice: summary.body.discountprice,
        amountafterdiscount: after,
        deliveryCharge: summary.body.deliveryCharge,
        totalAmountbeforePay: summary.body.totalAmountbeforePay,
      });
    }

    // Shipped: the invoice is issued; the desk and the invoice say the same.
    const shipped = await kit.patchAs(staffToken, placed.order_id, {
      orderStatus: 'Shipped',
      version: (await kit.orderRow(placed.order_id)).version,
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const desk = await client(t).get<{ data: Order }>(
      `/api/admin/orders/${placed.order_id}`,
      staffToken,
    );
    expect(desk.body.data.amountafterdiscount).toBe(after);

    const url = `/api/payment/order/${placed.order_id}/invoice`;
    const doc = await u.get<{ data: InvoiceDocumentAnswer }>(`${url}/document`);
    expect(doc.status).toBe(200);
    expect(doc.body.data.totals.amountafterdiscount).toBe(after);
    expect(doc.body.data.totals.total).toBe(summary.body.totalAmountbeforePay);
    const goodsLines = doc.body.data.lines.filter((l) => !l.description.startsWith('Delivery'));
    expect(goodsLines.reduce((n, l) => n + Math.round(l.total * 100), 0)).toBe(
      Math.round(after * 100),
    );
    const pdf = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${u.token}` },
    });
    const inr = (n: number) =>
      n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(await pdfText(pdf.rawPayload)).toContain(`₹${inr(after)}`);

    // The confirmation email: items at sale prices, the coupon, what is left after it.
    const email = mail.sent.find((m) => m.to === u.email && m.text.includes(placed.receipt_id))!;
    expect(email.text).toContain(`Items: ${formatInr(onSale.discountPricePaise * quantity)}`);
    expect(email.text).toContain(`Items after discount: ${formatInr(Math.round(after * 100))}`);
  });
});
