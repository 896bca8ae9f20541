import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '@shop/contracts';
import { orders, products, storeSettings, variations } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { manualClock } from '../../lib/clock.ts';
import { capturingEmail, client, MAIN, uniqueEmail } from '../../test-support/accounts.ts';
import {
  checkoutUser,
  lineOf,
  placePaidOrder,
  simpleProducts,
} from '../../test-support/checkout.ts';
import { storeMember } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

type Member = Awaited<ReturnType<typeof storeMember>>;

/** 30 Nov 2026 23:50 IST: ten minutes before an IST midnight that is also a new month. */
const BEFORE_MIDNIGHT = new Date('2026-11-30T18:20:00Z');

describe.each(testDatabaseTargets())('admin dashboard on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  const clock = manualClock(BEFORE_MIDNIGHT);
  let staff: Member;
  let owner: Member;
  let goods: Awaited<ReturnType<typeof simpleProducts>>;

  const read = (token?: string) => client(t).get<DashboardResponse>('/api/admin/dashboard', token);
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender, paymentWebhooks: null, clock },
      config: {
        ACCESS_TOKEN_TTL_SECONDS: 3600,
        PUBLIC_FORM_LIMIT_PER_IP: 1000,
        PUBLIC_FORM_LIMIT_PER_EMAIL: 1000,
      },
    });
    goods = await simpleProducts(t);
    [staff, owner] = await Promise.all([
      storeMember(t, mail, 'staff'),
      storeMember(t, mail, 'owner'),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 signed out, 403 to a customer; each store’s staff see their own store', async () => {
    const customer = await storeMember(t, mail, 'customer');
    const elsewhere = await storeMember(t, mail, 'staff', 'threadline');
    expect((await read()).status).toBe(401);
    expect((await read(customer.token)).status).toBe(403);
    const theirs = await read(elsewhere.token);
    expect(theirs.status).toBe(200);
    expect(theirs.headers['cache-control']).toBe('no-store');
    // No SMTP_URL here: the emails are written to the outbox folder, and the dashboard says so.
    expect(theirs.body.data.email_delivery).toBe('outbox_folder');
    // Staff do not read the audit log: no recent activity for them, the owner gets it.
    expect(theirs.body.data.recent_activity).toBeNull();
    expect((await read(staff.token)).body.data.recent_activity).toBeNull();
    expect(Array.isArray((await read(owner.token)).body.data.recent_activity)).toBe(true);
  });

  it('counts paid orders and revenue of the IST day and month, across an IST midnight', async () => {
    const [a, b] = goods;
    const buyer = await checkoutUser(t, mail);
    const price = (p: typeof a) => (p!.discountPricePaise || p!.originalPricePaise) / 100;
    // Before any order: nothing.
    const empty = (await read(staff.token)).body.data;
    expect(empty).toMatchObject({
      today: { paid_orders: 0, revenue: 0 },
      month: { paid_orders: 0, revenue: 0 },
      to_pack: 0,
      to_ship: 0,
    });

    const late = await placePaidOrder(t, buyer, [lineOf(a!, 2)]);
    const afterMidnight = await placePaidOrder(t, buyer, [lineOf(b!, 1)]);
    const earlier = await placePaidOrder(t, buyer, [lineOf(b!, 3)]);
    const cancelled = await placePaidOrder(t, buyer, [lineOf(a!, 1)]);
    // An order placed but never paid counts nowhere.
    const unpaid = await buyer.post('/api/payment', {
      main_id: MAIN,
      cart_products: [lineOf(a!, 1)],
      billing_address: await buyer.address('bandra'),
      shipping_address: await buyer.address('bandra'),
      mobile: '9820012345',
      coupon_code: '',
      payment_mode: 'Pay now',
    });
    expect(unpaid.status).toBe(200);
    const totals = Object.fromEntries(
      (
        await db()
          .select({ id: orders.id, total: orders.totalAmountPaise })
          .from(orders)
          .where(inArray(orders.id, [late, afterMidnight, earlier, cancelled]))
      ).map((o) => [o.id, o.total / 100]),
    );
    expect(totals[late]).toBeGreaterThanOrEqual(2 * price(a));
    const paidAt = (id: string, at: string) =>
      db()
        .update(orders)
        .set({ paidAt: new Date(at) })
        .where(eq(orders.id, id));
    await paidAt(late, '2026-11-30T18:29:59Z'); // 23:59:59 IST, 30 November
    await paidAt(afterMidnight, '2026-11-30T18:30:00Z'); // 00:00 IST, 1 December
    await paidAt(earlier, '2026-11-02T04:00:00Z'); // 2 November
    await paidAt(cancelled, '2026-11-30T10:00:00Z');
    const moved = await client(t).patch(
      `/api/admin/orders/${cancelled}`,
      {
        orderStatus: 'Cancelled',
        version: (await db().select().from(orders).where(eq(orders.id, cancelled)))[0]!.version,
      },
      owner.token,
    );
    expect(moved.status).toBe(200);

    const before = (await read(staff.token)).body.data;
    expect(before.today).toEqual({ paid_orders: 1, revenue: totals[late] });
    expect(before.month).toEqual({
      paid_orders: 2,
      revenue: Math.round((totals[late]! + totals[earlier]!) * 100) / 100,
    });
    expect(before.to_pack).toBe(3);

    clock.advance(20 * 60_000); // 00:10 IST, 1 December
    const after = (await read(owner.token)).body.data;
    expect(after.today).toEqual({ paid_orders: 1, revenue: totals[afterMidnight] });
    expect(after.month).toEqual({ paid_orders: 1, revenue: totals[afterMidnight] });

    // Packed orders wait to be shipped.
    const version = (await db().select().from(orders).where(eq(orders.id, late)))[0]!.version;
    const packed = await client(t).patch(
      `/api/admin/orders/${late}`,
      { orderStatus: 'Packed', version },
      staff.token,
    );
    expect(packed.status).toBe(200);
    const now = (await read(staff.token)).body.data;
    expect(now).toMatchObject({ to_pack: 2, to_ship: 1 });
    expect(now.recent_orders.map((o) => o.order_id)).toEqual(
      expect.arrayContaining([late, afterMidnight, earlier, cancelled]),
    );
    // Another store's staff see none of it.
    const elsewhere = await storeMember(t, mail, 'staff', 'threadline');
    const theirs = (await read(elsewhere.token)).body.data;
    expect(theirs).toMatchObject({ to_pack: 0, to_ship: 0, month: { paid_orders: 0 } });
    expect(theirs.recent_orders).toEqual([]);
    expect(now.recent_orders.find((o) => o.order_id === late)).toMatchObject({
      total: totals[late],
      orderStatus: 'Packed',
      // The number the owner and the customer see, not the gateway's receipt id.
      order_number: expect.stringMatching(/^UR-1\d{4,}$/) as unknown,
    });
  });

  it('lists a UPI order whose customer entered a UTR among the recent orders, as a payment to confirm', async () => {
    const upi = await client(t).call(
      'PUT',
      '/api/admin/settings/upi',
      { upi_id: 'urbanroll@okhdfcbank', payee_name: 'Urban Roll', enabled: true },
      owner.token,
    );
    expect(upi.status).toBe(200);
    const buyer = await checkoutUser(t, mail);
    const address = await buyer.address('bandra');
    const placed = await buyer.post<{ order_id: string }>('/api/payment/upi', {
      main_id: MAIN,
      cart_products: [lineOf(goods[2]!, 1)],
      billing_address: address,
      shipping_address: address,
      mobile: '9820012345',
      coupon_code: '',
      payment_mode: 'Pay by UPI',
    });
    expect(placed.status).toBe(200);
    const id = placed.body.order_id;
    const listed = async () =>
      (await read(staff.token)).body.data.recent_orders.find((o) => o.order_id === id);
    // Placed, nothing paid yet: not the shop's to act on.
    expect(await listed()).toBeUndefined();
    const utr = await buyer.post(`/api/payment/order/${id}/utr`, { utr: '412345678901' });
    expect(utr.status).toBe(200);
    expect(await listed()).toMatchObject({ orderStatus: 'Pending', payment_to_confirm: true });
    const confirmed = await client(t).post(
      `/api/admin/orders/${id}/upi/confirm`,
      { utr: '412345678901' },
      staff.token,
    );
    expect(confirmed.status).toBe(200);
    expect(await listed()).toMatchObject({ orderStatus: 'Processing', payment_to_confirm: false });
  });

  it('lists low stock against the store’s threshold, products and variations', async () => {
    const p = goods[5]!;
    await db().update(products).set({ stock: 2 }).where(eq(products.id, p.id));
    const [variation] = await db()
      .select({ id: variations.id, sku: variations.sku, productId: variations.productId })
      .from(variations)
      .innerJoin(products, eq(products.id, variations.productId))
      .where(and(eq(variations.storeId, MAIN), eq(products.status, 'Active')))
      .limit(1);
    await db().update(variations).set({ stock: 0 }).where(eq(variations.id, variation!.id));

    const low = (await read(staff.token)).body.data;
    expect(low.low_stock_threshold).toBe(5);
    expect(low.low_stock).toContainEqual({
      product_id: p.id,
      sku: p.sku,
      title: p.title,
      stock: 2,
    });
    expect(low.low_stock).toContainEqual(
      expect.objectContaining({ product_id: variation!.productId, sku: variation!.sku, stock: 0 }),
    );
    expect(low.low_stock.every((r) => r.stock <= 5)).toBe(true);
    // Sorted fewest first.
    const stocks = low.low_stock.map((r) => r.stock);
    expect(stocks).toEqual([...stocks].sort((x, y) => x - y));

    await db()
      .update(storeSettings)
      .set({ lowStockThreshold: 1 })
      .where(eq(storeSettings.storeId, MAIN));
    const tighter = (await read(staff.token)).body.data;
    expect(tighter.low_stock_threshold).toBe(1);
    expect(tighter.low_stock.some((r) => r.sku === p.sku)).toBe(false);
    expect(tighter.low_stock.some((r) => r.sku === variation!.sku)).toBe(true);
  });

  it('counts new inbox items, and shows the owner the latest audit entries', async () => {
    const start = (await read(staff.token)).body.data.new_inbox_items;
    const email = uniqueEmail('lead');
    const sent = await client(t).post('/api/leads', {
      name: 'Meera',
      email,
      mobile: '9820054321',
      remark: 'Hello',
      user_id: '',
      user_name: '',
      property_id: MAIN,
    });
    expect(sent.status).toBe(200);
    expect((await read(staff.token)).body.data.new_inbox_items).toBe(start + 1);
    const [item] = (
      await client(t).get<{ data: { id: string }[] }>(
        `/api/admin/inbox?search=${encodeURIComponent(email)}`,
        staff.token,
      )
    ).body.data;
    const marked = await client(t).call(
      'PATCH',
      `/api/admin/inbox/lead/${item!.id}`,
      { status: 'contacted' },
      staff.token,
    );
    expect(marked.status).toBe(200);
    const data = (await read(owner.token)).body.data;
    expect(data.new_inbox_items).toBe(start);
    expect(data.recent_activity![0]).toMatchObject({
      action: 'inbox.update',
      entity: 'inbox_item',
      entity_id: `lead:${item!.id}`,
      actor_email: staff.email,
    });
    expect(data.recent_activity!.length).toBeLessThanOrEqual(10);
  });
});

describe('the dashboard of a server with SMTP_URL', () => {
  it('says the emails go through the SMTP server', async () => {
    const mail = capturingEmail();
    const t = await startTestApp(testDatabaseTargets()[0]!, {
      // The sender is the capturing one; SMTP_URL is what the dashboard reads.
      adapters: { email: mail.sender, paymentWebhooks: null },
      config: { SMTP_URL: 'smtps://shop:secret@smtp.example.com:465' },
    });
    try {
      const staff = await storeMember(t, mail, 'staff');
      const res = await client(t).get<DashboardResponse>('/api/admin/dashboard', staff.token);
      expect(res.body.data.email_delivery).toBe('smtp');
      // The URL (and its password) is server config: never in the answer.
      expect(JSON.stringify(res.body)).not.toContain('secret');
    } finally {
      await t.close();
    }
  });
});
