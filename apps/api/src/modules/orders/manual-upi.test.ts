import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MANUAL_UPI_MESSAGES,
  type Order,
  type PayByUpiResponse,
  type PayNowResponse,
  type UpiPayment,
} from '@shop/contracts';
import {
  auditLog,
  orders,
  orderTimeline,
  payButtons,
  products,
  stores,
  taxDocuments,
  users,
} from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { formatInr, isCourse, UPI_MESSAGES } from '@shop/domain';
import { loadConfig } from '../../config/config.ts';
import { capturingEmail, client, MAIN } from '../../test-support/accounts.ts';
import { checkoutUser, lineOf, simpleProducts } from '../../test-support/checkout.ts';
import { postgresOnly } from '../../test-support/postgres-only.ts';
import { storeMember } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { OrdersRepository } from './orders-repository.ts';

const UPI = { upi_id: 'urbanroll@okhdfcbank', payee_name: 'Urban Roll', enabled: true };
let utrCounter = 0;
/** A fresh 12-digit UTR per call. */
const newUtr = () =>
  `${Date.now() % 1_000_000}`.padStart(6, '0') + `${utrCounter++}`.padStart(6, '0');

describe('MANUAL_PAY_HOLD_HOURS', () => {
  it('defaults to 24 and takes whole hours from 1 to 168', () => {
    expect(loadConfig({}).MANUAL_PAY_HOLD_HOURS).toBe(24);
    expect(loadConfig({ MANUAL_PAY_HOLD_HOURS: '2' }).MANUAL_PAY_HOLD_HOURS).toBe(2);
    for (const bad of ['0', '1.5', 'a day', '169']) {
      expect(() => loadConfig({ MANUAL_PAY_HOLD_HOURS: bad })).toThrow(/MANUAL_PAY_HOLD_HOURS/);
    }
  });
});

/** Issue 28 item 6: manual UPI payment (the spec's paymanual), decision 0039. */
describe.each(testDatabaseTargets())('manual UPI payment on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  let goods: Awaited<ReturnType<typeof simpleProducts>>;
  let owner: Awaited<ReturnType<typeof storeMember>>;
  let staff: Awaited<ReturnType<typeof storeMember>>;
  const race = postgresOnly(target);

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender, paymentWebhooks: null } });
    goods = await simpleProducts(t);
    owner = await storeMember(t, mail, 'owner');
    staff = await storeMember(t, mail, 'staff');
  });
  afterAll(async () => {
    await t.close();
  });

  const api = () => client(t);
  const put = (url: string, body: unknown, token: string) => api().call('PUT', url, body, token);
  const row = async (id: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const stockOf = async (id: string) =>
    (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.totalStock;
  const buyer = async () => {
    const u = await checkoutUser(t, mail);
    return { ...u, addressId: await u.address('bandra') };
  };
  type Buyer = Awaited<ReturnType<typeof buyer>>;
  const body = (u: Buyer, patch: Record<string, unknown> = {}) => ({
    main_id: MAIN,
    user_id: u.userId,
    cart_products: [lineOf(goods[0]!)],
    billing_address: u.addressId,
    shipping_address: u.addressId,
    mobile: '9820012345',
    coupon_code: '',
    payment_mode: 'Pay by UPI',
    ...patch,
  });
  const payByUpi = (u: Buyer, patch: Record<string, unknown> = {}, headers = {}) =>
    u.post<PayByUpiResponse>('/api/payment/upi', body(u, patch), headers);
  const submitUtr = (u: Buyer, orderId: string, utr: string) =>
    u.post<{ data: UpiPayment }>(`/api/payment/order/${orderId}/utr`, { utr });
  /** The desk's confirmation: it names the UTR staff saw (by default the order's as read now). */
  const confirm = async (orderId: string, token = staff.token, seen?: string) =>
    api().post<{ data: Order }>(
      `/api/admin/orders/${orderId}/upi/confirm`,
      { utr: seen ?? (await row(orderId)).utr ?? '000000000000' },
      token,
    );
  const reject = (orderId: string, token = staff.token) =>
    api().post<{ data: Order }>(`/api/admin/orders/${orderId}/upi/reject`, {}, token);
  /** A placed UPI order of `u` with a UTR entered. */
  const awaiting = async (u: Buyer, patch: Record<string, unknown> = {}) => {
    const placed = await payByUpi(u, patch);
    expect(placed.status).toBe(200);
    const utr = newUtr();
    expect((await submitUtr(u, placed.body.order_id, utr)).status).toBe(200);
    return { orderId: placed.body.order_id, orderNumber: placed.body.order_number, utr };
  };

  it('is refused at checkout until the owner sets up UPI', async () => {
    const u = await buyer();
    const res = await payByUpi(u);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'payment_mode' });
  });

  it('settings: owner only (staff 403), the UPI ID checked as name@bank (400 naming the field)', async () => {
    const path = '/api/admin/settings/upi';
    expect((await api().get(path, staff.token)).status).toBe(403);
    expect((await put(path, UPI, staff.token)).status).toBe(403);

    const bad = await put(path, { ...UPI, upi_id: 'urbanroll.okhdfc' }, owner.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'upi_id', msg: UPI_MESSAGES.upiIdInvalid });
    const noPayee = await put(path, { ...UPI, payee_name: ' ' }, owner.token);
    expect(noPayee.status).toBe(400);
    expect(noPayee.body).toMatchObject({
      field: 'payee_name',
      msg: MANUAL_UPI_MESSAGES.needsPayee,
    });

    const saved = await put(path, { ...UPI, upi_id: ' UrbanRoll@OkHdfcBank ' }, owner.token);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ data: UPI });
    expect((await api().get(path, owner.token)).body).toMatchObject({ data: UPI });

    // The storefront's buttons now carry paymanual (first in the spec's priority) ...
    const buttons = await api().get<{ data: { button_id: string; status: string }[] }>(
      `/api/paybutton/${MAIN}`,
    );
    expect(buttons.body.data).toContainEqual(
      expect.objectContaining({ button_id: 'paymanual', status: 'Active' }),
    );
    // ... and saving the cart and pay buttons form leaves it alone.
    const form = await api().get<{ data: Record<string, unknown> }>(
      '/api/admin/settings/buttons',
      owner.token,
    );
    const { cart_buttons, default_cart_button, pay_buttons } = form.body.data;
    expect(
      (
        await put(
          '/api/admin/settings/buttons',
          { cart_buttons, default_cart_button, pay_buttons },
          owner.token,
        )
      ).status,
    ).toBe(200);
    const [manual] = await t.database.db
      .select()
      .from(payButtons)
      .where(and(eq(payButtons.storeId, MAIN), eq(payButtons.buttonId, 'paymanual')));
    expect(manual).toMatchObject({ status: 'Active' });
  });

  it('places the order holding its stock for STOCK_HOLD_MINUTES until its UTR comes, answers the UPI link and QR; a retried key answers the same order', async () => {
    const u = await buyer();
    const p = goods[1]!;
    const before = await stockOf(p.id);
    const key = `upi-${randomUUID()}`;
    const placed = await payByUpi(u, { cart_products: [lineOf(p, 2)] }, { 'idempotency-key': key });
    expect(placed.status).toBe(200);
    const { upi, order_id, order_number, totalAmountbeforePay } = placed.body;
    expect(order_number).toMatch(/^\S+-\d+$/);
    expect(upi).toMatchObject({
      upi_id: UPI.upi_id,
      payee_name: UPI.payee_name,
      amount: totalAmountbeforePay,
      state: 'awaiting-payment',
      utr: null,
    });
    expect(upi.link).toBe(
      `upi://pay?pa=urbanroll%40okhdfcbank&pn=Urban%20Roll&am=${totalAmountbeforePay.toFixed(2)}&cu=INR&tn=${encodeURIComponent(`Order ${order_number}`)}`,
    );
    expect(upi.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(await stockOf(p.id)).toBe(before - 2);
    const r = await row(order_id);
    expect(r).toMatchObject({
      paymentMode: 'Pay by UPI',
      paymentStatus: 'Pending',
      orderStatus: 'Pending',
      gatewayOrderId: null,
    });
    // Issue 58 item 2: no UTR yet, so the hold is as brief as a Pay now order's.
    const minutes = (r.stockHoldExpiresAt.getTime() - r.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 1);
    // Nothing is confirmed yet: no order confirmation was emailed.
    expect(mail.sent.filter((m) => m.to === u.email && /confirm/i.test(m.subject))).toEqual([]);

    const again = await payByUpi(u, { cart_products: [lineOf(p, 2)] }, { 'idempotency-key': key });
    expect(again.body.order_id).toBe(order_id);
    expect(await stockOf(p.id)).toBe(before - 2);
  });

  it('the same cart placed by UPI again answers its order awaiting payment, with or without a UTR; a changed cart places a new one', async () => {
    const u = await buyer();
    const p = goods[2]!;
    const before = await stockOf(p.id);
    const cart = { cart_products: [lineOf(p, 1)] };
    const first = await payByUpi(u, cart);
    expect(first.status).toBe(200);
    // Back to checkout, Place order again (the cart is kept until the shop confirms).
    const again = await payByUpi(u, cart);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      order_id: first.body.order_id,
      order_number: first.body.order_number,
    });
    expect(again.body.upi).toMatchObject({ state: 'awaiting-payment', link: first.body.upi.link });
    // Its UTR entered, then placed once more: still that order, its UTR shown.
    const utr = newUtr();
    expect((await submitUtr(u, first.body.order_id, utr)).status).toBe(200);
    const third = await payByUpi(u, cart);
    expect(third.status).toBe(200);
    expect(third.body.order_id).toBe(first.body.order_id);
    expect(third.body.upi).toMatchObject({ state: 'awaiting-confirmation', utr });
    expect(await stockOf(p.id)).toBe(before - 1);
    // Another quantity is another cart: a new order.
    const other = await payByUpi(u, { cart_products: [lineOf(p, 2)] });
    expect(other.status).toBe(200);
    expect(other.body.order_id).not.toBe(first.body.order_id);
    // It replaces no order whose customer says they paid (decision 0050): the shop confirms or
    // rejects that one. The new one, without a UTR, is replaced by the same goods placed again.
    expect((await row(first.body.order_id)).orderStatus).toBe('Pending');
    expect((await payByUpi(u, { cart_products: [lineOf(p, 3)] })).status).toBe(200);
    expect((await row(other.body.order_id)).orderStatus).toBe('Cancelled');
    expect((await row(first.body.order_id)).orderStatus).toBe('Pending');
  });

  it("another customer's order is not found; a bad UTR is a 400 naming utr", async () => {
    const [u, other] = [await buyer(), await buyer()];
    const placed = await payByUpi(u);
    const id = placed.body.order_id;
    expect((await other.get(`/api/payment/order/${id}/upi`)).status).toBe(404);
    expect((await submitUtr(other, id, newUtr())).status).toBe(404);
    expect((await u.get(`/api/payment/order/${id}/upi`)).status).toBe(200);

    const bad = await submitUtr(u, id, '12345');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'utr', msg: UPI_MESSAGES.utrInvalid });
  });

  it('a UTR is taken once per store (409 naming utr); the same UTR in another store is fine', async () => {
    const u = await buyer();
    const { orderId, utr } = await awaiting(u);
    expect((await row(orderId)).utr).toBe(utr);
    const read = await u.get<{ data: UpiPayment }>(`/api/payment/order/${orderId}/upi`);
    expect(read.body.data).toMatchObject({ state: 'awaiting-confirmation', utr });
    // The shop is told to look for the money.
    expect(
      mail.sent.some((m) => m.subject.includes('UPI payment to confirm') && m.text.includes(utr)),
    ).toBe(true);

    // The same UTR on another order of the store, by its own customer: refused.
    const v = await buyer();
    const theirs = await payByUpi(v);
    const dup = await submitUtr(v, theirs.body.order_id, utr);
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ field: 'utr', msg: MANUAL_UPI_MESSAGES.utrUsed });
    expect((await row(theirs.body.order_id)).utr).toBeNull();

    // Another store's order may carry the same UTR (a payment to another shop's account).
    const other = 'upi-other-store';
    await t.database.db
      .insert(stores)
      .values({ id: other, name: 'Other shop' })
      .onConflictDoNothing();
    const copy = { ...(await row(theirs.body.order_id)) };
    const otherId = randomUUID();
    await t.database.db.insert(orders).values({
      ...copy,
      id: otherId,
      storeId: other,
      receiptId: `rcpt_other_${otherId.slice(0, 8)}`,
      idempotencyKey: null,
      utr: null,
    });
    const set = await new OrdersRepository(t.database.db).setUtr(
      otherId,
      utr,
      new Date(),
      new Date(Date.now() + 3_600_000),
    );
    expect(set?.row.utr).toBe(utr);
  });

  it('staff confirm: paid, Processing, the customer emailed and sees Processing; staff still cannot change settings', async () => {
    const u = await buyer();
    const { orderId, orderNumber, utr } = await awaiting(u);
    const res = await confirm(orderId);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'Success', orderStatus: 'Processing', utr });
    const seen = await u.get<{ data: Order }>(`/api/payment/order/${orderId}`);
    expect(seen.body.data).toMatchObject({ status: 'Success', orderStatus: 'Processing' });
    const last = seen.body.data.timeline.at(-1)!;
    expect(last).toMatchObject({ to: 'Processing', by: 'staff' });
    expect(last.note).toContain(utr);
    expect(mail.sent.filter((m) => m.to === u.email && m.text.includes(orderNumber))).toHaveLength(
      1,
    );
    expect((await row(orderId)).gatewayPaymentId).toBe(`upi:${utr}`);
    // The confirmation is in the audit log, written with the payment (one entry, the staff's).
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.upi_confirm')));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      actorUserId: staff.userId,
      before: { paymentStatus: 'Pending' },
      after: { paymentStatus: 'Success', utr },
    });

    expect((await put('/api/admin/settings/upi', UPI, staff.token)).status).toBe(403);
    // Confirming again changes nothing (no second audit entry either).
    expect((await confirm(orderId)).status).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.upi_confirm'))),
    ).toHaveLength(1);
    expect(mail.sent.filter((m) => m.to === u.email && m.text.includes(orderNumber))).toHaveLength(
      1,
    );
    // Rejecting a paid order is refused.
    const late = await reject(orderId);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ msg: MANUAL_UPI_MESSAGES.alreadyPaid });
  });

  it('confirm needs a UTR, staff of the store, and a UPI order', async () => {
    const u = await buyer();
    const placed = await payByUpi(u);
    const noUtr = await confirm(placed.body.order_id);
    expect(noUtr.status).toBe(409);
    expect(noUtr.body).toMatchObject({ msg: MANUAL_UPI_MESSAGES.noUtrYet });
    expect((await confirm(placed.body.order_id, u.token)).status).toBe(403);
    const otherStaff = await storeMember(t, mail, 'staff', 'threadline');
    expect((await confirm(placed.body.order_id, otherStaff.token)).status).toBe(403);
  });

  it('confirm names the UTR staff saw: missing is a 400 naming utr', async () => {
    const u = await buyer();
    const { orderId } = await awaiting(u);
    const res = await api().post(`/api/admin/orders/${orderId}/upi/confirm`, {}, staff.token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'utr' });
    expect((await row(orderId)).paymentStatus).toBe('Pending');
  });

  it('issue 58 item 2: a UPI order without a UTR holds the last units only for STOCK_HOLD_MINUTES; its UTR stretches the hold to MANUAL_PAY_HOLD_HOURS', async () => {
    const [u, other] = [await buyer(), await buyer()];
    const p = goods[5]!;
    const all = await stockOf(p.id);
    const placed = await payByUpi(u, { cart_products: [lineOf(p, all)] });
    expect(placed.status).toBe(200);
    // Meanwhile everyone else is told it is out of stock ...
    const shut = await payByUpi(other, { cart_products: [lineOf(p, 1)] });
    expect(shut.status).toBe(409);
    // ... but only until the short hold lapses: the sweeper gives the stock back.
    await t.database.db
      .update(orders)
      .set({ stockHoldExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, placed.body.order_id));
    expect(await t.services.holds.sweep()).toContain(placed.body.order_id);
    expect(await stockOf(p.id)).toBe(all);
    const theirs = await payByUpi(other, { cart_products: [lineOf(p, 1)] });
    expect(theirs.status).toBe(200);

    // A UTR entered while the order holds: the hold now lasts MANUAL_PAY_HOLD_HOURS from then.
    const before = Date.now();
    expect((await submitUtr(other, theirs.body.order_id, newUtr())).status).toBe(200);
    const held = await row(theirs.body.order_id);
    expect(held.stockReleasedAt).toBeNull();
    const hours = (held.stockHoldExpiresAt.getTime() - before) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThan(24.1);
  });

  it('issue 58 items 3 and 4: the shop confirms the UTR it was shown; a changed UTR is refused (409) and the first stays reserved; the same UTR again sends nothing; entries are rate-limited', async () => {
    const [u, v] = [await buyer(), await buyer()];
    const placed = await payByUpi(u);
    const { order_id: orderId, order_number: orderNumber } = placed.body;
    const notices = () =>
      mail.sent.filter((m) => m.subject === `UPI payment to confirm: order ${orderNumber}`);
    const [x, y] = [newUtr(), newUtr()];
    expect((await submitUtr(u, orderId, x)).status).toBe(200);
    await expect.poll(() => notices().length).toBe(1);
    expect(notices()[0]!.text).toContain(`UTR: ${x}`);
    expect(notices()[0]!.text).toContain(`Order ${orderNumber}`);
    // The same UTR again: nothing changes, nothing is sent (item 4).
    const version = (await row(orderId)).version;
    expect((await submitUtr(u, orderId, x)).status).toBe(200);
    expect((await row(orderId)).version).toBe(version);

    // The customer changes it to Y: the shop is told of Y too.
    expect((await submitUtr(u, orderId, y)).status).toBe(200);
    await expect.poll(() => notices().length).toBe(2);
    expect(notices()[1]!.text).toContain(`UTR: ${y}`);
    expect(notices().length).toBe(2);

    // Staff confirm what they saw in the first email, X: refused, nothing paid.
    const stale = await confirm(orderId, staff.token, x);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ field: 'utr', msg: MANUAL_UPI_MESSAGES.utrChanged });
    expect((await row(orderId)).paymentStatus).toBe('Pending');
    // X stays this order's: another customer cannot claim it (nor can it come free again).
    const theirs = await payByUpi(v);
    const claimed = await submitUtr(v, theirs.body.order_id, x);
    expect(claimed.status).toBe(409);
    expect(claimed.body).toMatchObject({ field: 'utr', msg: MANUAL_UPI_MESSAGES.utrUsed });
    // Back to X on the same order is allowed (it is this order's).
    expect((await submitUtr(u, orderId, x)).status).toBe(200);
    expect((await submitUtr(u, orderId, y)).status).toBe(200);

    // Item 4: a sixth entry within the hour is refused with a message saying so; nothing changes.
    const flood = await submitUtr(u, orderId, newUtr());
    expect(flood.status).toBe(429);
    expect(flood.body).toMatchObject({ msg: expect.stringContaining('Too many UTR entries') });
    expect((await row(orderId)).utr).toBe(y);

    // Confirmed under Y, the UTR the shop now sees: paid by UTR Y.
    const ok = await confirm(orderId, staff.token, y);
    expect(ok.status).toBe(200);
    expect(await row(orderId)).toMatchObject({
      paymentStatus: 'Success',
      gatewayPaymentId: `upi:${y}`,
    });
  });

  it('issue 58 item 2: a UTR entered after the sweeper read the short hold as lapsed keeps the stretched hold (the release re-checks it)', async () => {
    const u = await buyer();
    const p = goods[6]!;
    const placed = await payByUpi(u, { cart_products: [lineOf(p, 1)] });
    const id = placed.body.order_id;
    await t.database.db
      .update(orders)
      .set({ stockHoldExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, id));
    const held = await stockOf(p.id);
    // The sweeper has read the order as expired (its hold lapsed) when its customer enters the
    // UTR ...
    expect((await submitUtr(u, id, newUtr())).status).toBe(200);
    // ... and the sweeper's release of what it read comes: the stretched hold is kept.
    expect(await t.services.holds.release(id, new Date())).toBe(false);
    expect((await row(id)).stockReleasedAt).toBeNull();
    expect(await stockOf(p.id)).toBe(held);
  });

  race.it(
    'issue 58 item 2: a UTR entered as the sweeper releases the lapsed short hold: the hold is either released or stretched, never both',
    async () => {
      const p = goods[6]!;
      for (let round = 0; round < 8; round += 1) {
        const u = await buyer();
        const before = await stockOf(p.id);
        const placed = await payByUpi(u, { cart_products: [lineOf(p, 1)] });
        expect(placed.status).toBe(200);
        await t.database.db
          .update(orders)
          .set({ stockHoldExpiresAt: new Date(Date.now() - 1000) })
          .where(eq(orders.id, placed.body.order_id));
        const [, utr] = await Promise.all([
          t.services.holds.sweep(),
          submitUtr(u, placed.body.order_id, newUtr()),
        ]);
        expect(utr.status).toBe(200);
        const r = await row(placed.body.order_id);
        if (r.stockReleasedAt === null) {
          // The UTR came first: held for MANUAL_PAY_HOLD_HOURS, its unit still taken.
          expect(r.stockHoldExpiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
          expect(await stockOf(p.id)).toBe(before - 1);
        } else {
          // The sweep came first: released, its unit back (a confirmation takes it again).
          expect(await stockOf(p.id)).toBe(before);
        }
      }
    },
    60_000,
  );

  race.it(
    'issue 58 item 3: a confirmation racing a UTR change never pays the order under a UTR staff did not see',
    async () => {
      for (let round = 0; round < 6; round += 1) {
        const u = await buyer();
        const { orderId, utr: x } = await awaiting(u);
        const y = newUtr();
        const [confirmed, changed] = await Promise.all([
          confirm(orderId, staff.token, x),
          submitUtr(u, orderId, y),
        ]);
        const r = await row(orderId);
        if (confirmed.status === 200) {
          // The confirmation won: paid by X, and the late change was refused.
          expect(changed.status).toBe(409);
          expect(r).toMatchObject({
            paymentStatus: 'Success',
            utr: x,
            gatewayPaymentId: `upi:${x}`,
          });
        } else {
          // The change won: unpaid, under Y, and the confirmation of X refused.
          expect(confirmed.status).toBe(409);
          expect(changed.status).toBe(200);
          expect(r).toMatchObject({ paymentStatus: 'Pending', utr: y, gatewayPaymentId: null });
        }
      }
    },
    60_000,
  );

  it('reject: cancelled, stock and hold released, the customer told; a later confirm is refused', async () => {
    const u = await buyer();
    const p = goods[2]!;
    const before = await stockOf(p.id);
    const { orderId } = await awaiting(u, { cart_products: [lineOf(p, 3)] });
    expect(await stockOf(p.id)).toBe(before - 3);
    const sentBefore = mail.sent.length;
    const res = await reject(orderId);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ orderStatus: 'Cancelled', status: 'Pending' });
    expect(await stockOf(p.id)).toBe(before);
    expect((await row(orderId)).stockReleasedAt).not.toBeNull();
    const told = mail.sent.slice(sentBefore).filter((m) => m.to === u.email);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('UPI payment could not be found');
    const late = await confirm(orderId);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ msg: MANUAL_UPI_MESSAGES.cancelled });
    expect((await submitUtr(u, orderId, newUtr())).status).toBe(409);
  });

  it('an unconfirmed order releases its hold when MANUAL_PAY_HOLD_HOURS have passed (the sweeper); a confirmation after takes the stock again', async () => {
    const u = await buyer();
    const p = goods[3]!;
    const before = await stockOf(p.id);
    const { orderId } = await awaiting(u, { cart_products: [lineOf(p, 1)] });
    // Not yet: the hold lasts 24 hours.
    expect(await t.services.holds.sweep()).not.toContain(orderId);
    expect(await stockOf(p.id)).toBe(before - 1);
    await t.database.db
      .update(orders)
      .set({ stockHoldExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    expect(await t.services.holds.sweep()).toContain(orderId);
    expect(await stockOf(p.id)).toBe(before);

    // The money arrived late: the shop confirms, the stock is taken again.
    expect((await confirm(orderId)).body.data).toMatchObject({ status: 'Success' });
    expect(await stockOf(p.id)).toBe(before - 1);
    expect((await row(orderId)).stockReleasedAt).toBeNull();
  });

  it('one unpaid hold per account (decision 0034): a newer Pay now order releases the UPI hold', async () => {
    const u = await buyer();
    const p = goods[4]!;
    const before = await stockOf(p.id);
    const { orderId } = await awaiting(u, { cart_products: [lineOf(p, 1)] });
    const next = await u.post<PayNowResponse>(
      '/api/payment',
      body(u, { payment_mode: 'Pay now', cart_products: [lineOf(goods[0]!)] }),
    );
    expect(next.status).toBe(200);
    expect((await row(orderId)).stockReleasedAt).not.toBeNull();
    expect(await stockOf(p.id)).toBe(before);
  });

  /** A UPI order of `u`, confirmed paid, then cancelled by staff: its refund waits. */
  const cancelledPaid = async (u: Buyer) => {
    const { orderId } = await awaiting(u, { cart_products: [lineOf(goods[1]!, 1)] });
    expect((await confirm(orderId)).status).toBe(200);
    const version = (await row(orderId)).version;
    const cancelled = await api().call<{ data: Order }>(
      'PATCH',
      `/api/admin/orders/${orderId}`,
      { orderStatus: 'Cancelled', version },
      staff.token,
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'Refund pending' });
    return orderId;
  };
  const refundSent = (orderId: string, utr: string, token = staff.token) =>
    api().post<{ data: Order }>(`/api/admin/orders/${orderId}/upi/refund-sent`, { utr }, token);

  it('a paid UPI order cancelled: its refund, paid back by UPI, is recorded with its UTR (staff of the store only); the order is Refunded, the customer told', async () => {
    const u = await buyer();
    const orderId = await cancelledPaid(u);
    const paid = (await row(orderId)).amountToPayPaise;

    const sent = (utr: string, token = staff.token) => refundSent(orderId, utr, token);
    // Another store's staff, and the customer, may not; a bad UTR is a 400 naming utr.
    const elsewhere = `store-${randomUUID().slice(0, 8)}`;
    await t.database.db.insert(stores).values({ id: elsewhere, name: 'Kapda Mart' });
    const stranger = await storeMember(t, mail, 'staff', elsewhere);
    expect((await sent(newUtr(), stranger.token)).status).toBe(403);
    expect((await sent(newUtr(), (await storeMember(t, mail, 'customer')).token)).status).toBe(403);
    // Nor a staff member's storefront session: staff power comes from the admin sign-in only.
    const shopSide = await storeMember(t, mail, 'customer');
    await t.database.db
      .update(users)
      .set({ role: 'staff', storeId: MAIN })
      .where(eq(users.id, shopSide.userId));
    expect((await sent(newUtr(), shopSide.token)).status).toBe(403);
    const bad = await sent('12345');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'utr', msg: UPI_MESSAGES.utrInvalid });
    expect((await row(orderId)).paymentStatus).toBe('Refund pending');

    const before = mail.sent.length;
    const utr = newUtr();
    const res = await sent(utr);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'Refunded', orderStatus: 'Cancelled' });
    const [refund] = res.body.data.refunds ?? [];
    expect(refund).toMatchObject({ status: 'processed' });
    const note = `Refund of ${formatInr(paid)} sent by UPI (UTR ${utr}).`;
    const updates = await t.database.db
      .select()
      .from(orderTimeline)
      .where(eq(orderTimeline.orderId, orderId));
    expect(updates.map((e) => e.note)).toContain(note);
    await expect
      .poll(() =>
        mail.sent
          .slice(before)
          .filter((m) => m.to === u.email)
          .map((m) => m.text),
      )
      .toEqual([expect.stringContaining(note)]);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.upi_refund_sent')));
    expect(audited).toHaveLength(1);
    // Nothing more waits: a second press is refused, and changes nothing.
    expect(await sent(newUtr())).toMatchObject({
      status: 409,
      body: { msg: MANUAL_UPI_MESSAGES.noRefundPending },
    });
  });

  it('refund sent: one transfer settles one refund (the same UTR again is a 409 naming utr)', async () => {
    const u = await buyer();
    const [first, second] = [await cancelledPaid(u), await cancelledPaid(u)];
    const utr = newUtr();
    expect((await refundSent(first, utr)).status).toBe(200);
    expect(await refundSent(second, utr)).toMatchObject({
      status: 409,
      body: { field: 'utr', msg: MANUAL_UPI_MESSAGES.refundUtrUsed },
    });
    expect((await row(second)).paymentStatus).toBe('Refund pending');
    expect((await refundSent(second, newUtr())).status).toBe(200);
  });

  it('refund sent: refused for an order with no refund waiting, and for an order not paid by UPI', async () => {
    const u = await buyer();
    const { orderId } = await awaiting(u);
    const sent = (id: string) =>
      api().post(`/api/admin/orders/${id}/upi/refund-sent`, { utr: newUtr() }, staff.token);
    expect(await sent(orderId)).toMatchObject({
      status: 409,
      body: { msg: MANUAL_UPI_MESSAGES.noRefundPending },
    });
    const online = await u.post<PayNowResponse>(
      '/api/payment',
      body(u, { payment_mode: 'Pay now', cart_products: [lineOf(goods[2]!)] }),
    );
    expect(await sent(online.body.order_id)).toMatchObject({
      status: 409,
      body: { msg: MANUAL_UPI_MESSAGES.notUpiOrder },
    });
  });

  race.it(
    'confirmed twice at once: one payment, one invoice number, one email',
    async () => {
      const course = (await t.database.db.select().from(products)).find(
        (p) => isCourse(p) && p.status === 'Active' && p.storeId === MAIN && p.totalStock > 3,
      )!;
      const u = await buyer();
      const { orderId, orderNumber } = await awaiting(u, { cart_products: [lineOf(course)] });
      const soldBefore = (
        await t.database.db.select().from(products).where(eq(products.id, course.id))
      )[0]!.totalSold;
      const answers = await Promise.all(Array.from({ length: 6 }, () => confirm(orderId)));
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
      const docs = await t.database.db
        .select()
        .from(taxDocuments)
        .where(eq(taxDocuments.orderId, orderId));
      expect(docs).toHaveLength(1);
      const paidRows = await t.database.db
        .select()
        .from(orderTimeline)
        .where(and(eq(orderTimeline.orderId, orderId), eq(orderTimeline.toStatus, 'Processing')));
      expect(paidRows).toHaveLength(1);
      expect(
        mail.sent.filter((m) => m.to === u.email && m.text.includes(orderNumber)),
      ).toHaveLength(1);
      const soldAfter = (
        await t.database.db.select().from(products).where(eq(products.id, course.id))
      )[0]!.totalSold;
      expect(soldAfter).toBe(soldBefore + 1);
    },
    30_000,
  );
});
