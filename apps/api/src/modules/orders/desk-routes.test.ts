import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderListResponse, BulkMoveResult, Order } from '@shop/contracts';
import { auditLog, orders } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { COLLECT_MESSAGES, ORDER_MOVE_MESSAGES, SHIPPING_DETAILS_MESSAGES } from '@shop/domain';
import { localPushSender } from '../../adapters/push-sender.ts';
import { capturingEmail, client, MAIN } from '../../test-support/accounts.ts';
import { lineOf } from '../../test-support/checkout.ts';
import { orderKit, type KitBuyer, type OrderKit } from '../../test-support/orders.ts';
import { postgresOnly } from '../../test-support/postgres-only.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { STALE_ORDER } from './fulfilment-service.ts';

const silent = { info: () => undefined, warn: () => undefined };

describe.each(testDatabaseTargets())('the orders desk on $name', (target) => {
  let t: TestApp;
  let kit: OrderKit;
  const mail = capturingEmail();
  let staff: string;
  let owner: string;
  let elsewhere: string;
  let customer: KitBuyer;

  const db = () => t.database.db;
  const get = <T>(url: string, token?: string) => client(t).get<T>(url, token);
  const post = <T>(url: string, body: unknown, token?: string) =>
    client(t).post<T>(url, body, token);
  /** GET a file route (CSV, PDF): its status only. */
  const getFile = async (url: string, token?: string) => {
    const res = await t.app.inject({
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.statusCode };
  };
  const list = (query: string, token = staff) =>
    get<AdminOrderListResponse>(`/api/admin/orders?${query}`, token);
  const collect = (orderId: string, body: Record<string, unknown> = {}, token = staff) =>
    post<{ data: Order }>(`/api/admin/orders/${orderId}/collect`, body, token);
  /** Moves with PATCH as staff, whatever the version is now. */
  const patch = (orderId: string, body: Record<string, unknown>, token = staff) =>
    kit.patchAs(token, orderId, body);
  const walk = async (orderId: string, ...to: string[]) => {
    for (const s of to) {
      const res = await patch(orderId, { orderStatus: s });
      if (res.status !== 200) throw new Error(`${s}: ${JSON.stringify(res.body)}`);
    }
  };

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender, push: localPushSender(silent), paymentWebhooks: null },
    });
    kit = await orderKit(t, mail);
    staff = await kit.member('staff');
    owner = await kit.member('owner');
    elsewhere = await kit.member('owner', 'threadline');
    customer = await kit.buyer();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('who may use it', () => {
    it('answers every route 401 signed out, 403 to a customer and to another store, 200 to staff and owner', async () => {
      const { order_id } = await kit.placePaid(customer);
      const routes: { name: string; call: (token?: string) => Promise<{ status: number }> }[] = [
        { name: 'list', call: (tk) => get('/api/admin/orders', tk) },
        { name: 'one', call: (tk) => get(`/api/admin/orders/${order_id}`, tk) },
        { name: 'csv', call: (tk) => getFile('/api/admin/orders/export.csv', tk) },
        {
          name: 'packing slip',
          call: (tk) => getFile(`/api/admin/orders/${order_id}/packing-slip`, tk),
        },
        // A refused write: the role check comes first, then the order's own rules (409).
        { name: 'patch', call: (tk) => kit.patchAs(tk, order_id, { orderStatus: 'Processing' }) },
        { name: 'collect', call: (tk) => post(`/api/admin/orders/${order_id}/collect`, {}, tk) },
        {
          name: 'bulk',
          call: (tk) =>
            post(
              '/api/admin/orders/bulk-move',
              { order_ids: [order_id], orderStatus: 'Processing' },
              tk,
            ),
        },
      ];
      const expected: Record<string, [number, number]> = {
        list: [200, 200],
        one: [200, 200],
        csv: [200, 200],
        'packing slip': [200, 200],
        patch: [409, 409],
        collect: [409, 409],
        bulk: [200, 200],
      };
      for (const r of routes) {
        const seen = [
          (await r.call(undefined)).status,
          (await r.call(customer.token)).status,
          (await r.call(staff)).status,
          (await r.call(owner)).status,
        ];
        expect({ route: r.name, seen }).toEqual({
          route: r.name,
          seen: [401, 403, ...expected[r.name]!],
        });
      }
      // Another store's owner: 403 on the order's routes; its list, CSV and bulk never reach ours.
      for (const r of routes.filter((r) =>
        ['one', 'packing slip', 'patch', 'collect'].includes(r.name),
      )) {
        expect({ route: r.name, status: (await r.call(elsewhere)).status }).toEqual({
          route: r.name,
          status: 403,
        });
      }
      const theirs = await list('limit=100', elsewhere);
      expect(theirs.body.data.map((o) => o.order_id)).not.toContain(order_id);
      const bulk = await post<{ data: BulkMoveResult[] }>(
        '/api/admin/orders/bulk-move',
        { order_ids: [order_id], orderStatus: 'Packed' },
        elsewhere,
      );
      expect(bulk.body.data).toEqual([
        { order_id, result: 'refused', reason: 'You do not have access to this.' },
      ]);
      expect((await kit.orderRow(order_id)).orderStatus).toBe('Processing');
    });
  });

  describe('the list', () => {
    let mine: { paid: string; unpaid: string; cod: string; old: string; other: string };
    let asha: KitBuyer;

    beforeAll(async () => {
      asha = await kit.buyer();
      const paid = (await kit.placePaid(asha)).order_id;
      // Of goods the later orders lack: a later order of the same goods would replace it
      // (decision 0050).
      const unpaid = (await kit.placeUnpaid(asha, { cart_products: [lineOf(kit.goods[1]!)] }))
        .order_id;
      const cod = (await kit.placeNoAdvance(asha)).order_id;
      const old = (await kit.placePaid(asha, { mobile: '9000011111' })).order_id;
      // Another cart: the same one would pay the unpaid order (decision 0040).
      const other = (await kit.placePaid(asha, { customer_note: 'other' })).order_id;
      // One placed on 1 Nov 2026, 00:10 IST; one moved to the other store.
      await db()
        .update(orders)
        .set({ createdAt: new Date('2026-10-31T18:40:00Z') })
        .where(eq(orders.id, old));
      await db().update(orders).set({ storeId: 'threadline' }).where(eq(orders.id, other));
      mine = { paid, unpaid, cod, old, other };
    });
    const ids = (res: { body: AdminOrderListResponse }) => res.body.data.map((o) => o.order_id);
    const ofAsha = (res: { body: AdminOrderListResponse }) =>
      ids(res).filter((id) => Object.values(mine).includes(id));

    it("searches by the customer's email, name, order number and mobile; only the caller's store", async () => {
      const byEmail = await list(`q=${encodeURIComponent(asha.email.toUpperCase())}&limit=100`);
      expect(byEmail.status).toBe(200);
      expect(new Set(ids(byEmail))).toEqual(new Set([mine.paid, mine.unpaid, mine.cod, mine.old]));
      const row = byEmail.body.data.find((o) => o.order_id === mine.paid)!;
      expect(row).toMatchObject({
        email: asha.email,
        payment_mode: 'Pay now',
        orderStatus: 'Processing',
        fully_paid: true,
        items: 1,
        city: 'Mumbai',
      });
      const receipt = row.receipt_id;
      expect(ids(await list(`q=${encodeURIComponent(receipt.toLowerCase())}`))).toEqual([
        mine.paid,
      ]);
      expect(ofAsha(await list('q=%2B91%2090000%2011111'))).toEqual([mine.old]);
      expect((await list('q=100%25_off')).body.data).toEqual([]);
    });

    it('filters by status, payment mode, paid and India-time days, with totals over all pages', async () => {
      const q = `q=${encodeURIComponent(asha.email)}`;
      expect(ofAsha(await list(`${q}&status=Pending`))).toEqual([mine.unpaid]);
      expect(new Set(ofAsha(await list(`${q}&status=Pending,Processing`)))).toEqual(
        new Set([mine.unpaid, mine.paid, mine.cod, mine.old]),
      );
      expect(ofAsha(await list(`${q}&payment_mode=Pay%20on%20delivery`))).toEqual([mine.cod]);
      expect(new Set(ofAsha(await list(`${q}&paid=false`)))).toEqual(
        new Set([mine.unpaid, mine.cod]),
      );
      expect(new Set(ofAsha(await list(`${q}&paid=true`)))).toEqual(new Set([mine.paid, mine.old]));
      expect(ofAsha(await list(`${q}&from=2026-11-01&to=2026-11-01`))).toEqual([mine.old]);
      expect(ofAsha(await list(`${q}&to=2026-10-31`))).toEqual([]);
      expect((await list(`${q}&from=2026-11-02&to=2026-11-01`)).body.data).toEqual([]);
      const page1 = await list(`${q}&limit=3&page=1`);
      const page2 = await list(`${q}&limit=3&page=2`);
      expect(page1.body).toMatchObject({ page: 1, limit: 3, total: 4 });
      expect(page1.body.data).toHaveLength(3);
      expect(page2.body.data).toHaveLength(1);
      expect(new Set([...ids(page1), ...ids(page2)]).size).toBe(4);
    });

    it('sorts by placed date, total and status', async () => {
      const q = `q=${encodeURIComponent(asha.email)}`;
      expect(ids(await list(`${q}&sort=placed_asc`))[0]).toBe(mine.old);
      expect(ids(await list(`${q}&sort=placed_desc`)).at(-1)).toBe(mine.old);
      const totals = (await list(`${q}&sort=total_asc`)).body.data.map(
        (o) => o.totalAmountbeforePay,
      );
      expect(totals).toEqual([...totals].sort((a, b) => a - b));
      const statuses = (await list(`${q}&sort=status_asc`)).body.data.map((o) => o.orderStatus);
      expect(statuses[0]).toBe('Pending');
      expect((await list(`${q}&sort=status_desc`)).body.data[0]!.orderStatus).toBe('Processing');
    });

    it('answers 400 naming the field for bad filters', async () => {
      for (const [query, field] of [
        ['limit=101', 'limit'],
        ['page=0', 'page'],
        ['status=Lost', 'status'],
        ['paid=maybe', 'paid'],
        ['from=2026-02-30', 'from'],
        ['from=yesterday', 'from'],
        ['sort=cheapest', 'sort'],
        ['payment_mode=Cash', 'payment_mode'],
      ] as const) {
        const res = await list(query);
        expect({ query, status: res.status, field: res.body.field?.split('.')[0] }).toEqual({
          query,
          status: 400,
          field,
        });
      }
    });

    it('exports the filtered list as CSV, formula cells made harmless', async () => {
      await db()
        .update(orders)
        .set({ userName: '=HYPERLINK("x")' })
        .where(eq(orders.id, mine.paid));
      const res = await t.app.inject({
        url: `/api/admin/orders/export.csv?q=${encodeURIComponent(asha.email)}&paid=true`,
        headers: { authorization: `Bearer ${owner}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toMatch(/^Order number,Receipt,Placed \(IST\),Customer,Mobile,Email/);
      expect(lines).toHaveLength(3);
      expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
      expect(res.body).not.toContain(`,=HYPERLINK`);
      const bad = await t.app.inject({
        url: '/api/admin/orders/export.csv?status=Lost',
        headers: { authorization: `Bearer ${owner}` },
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('one order, courier and tracking', () => {
    it('shows items, customer, addresses, payment, tax and timeline; stores courier and tracking for the customer', async () => {
      const { order_id } = await kit.placePaid(customer);
      const one = await get<{ data: AdminOrder }>(`/api/admin/orders/${order_id}`, staff);
      expect(one.body.data).toMatchObject({
        order_id,
        customer: { user_id: customer.userId, email: customer.email },
        shipping_address: { pincode: '400050' },
        fully_paid: true,
        courier: '',
        tracking_number: '',
      });
      expect(one.body.data.cart_products[0]).toHaveProperty('hsn_code');
      expect(one.body.data.tax.total_tax).toBeGreaterThan(0);

      const shipped = await patch(order_id, {
        orderStatus: 'Shipped',
        courier: 'Delhivery',
        trackingNumber: 'DLV-1234/56',
        version: one.body.data.version,
        note: 'On its way',
      });
      expect(shipped.status).toBe(200);
      expect(shipped.body.data).toMatchObject({
        orderStatus: 'Shipped',
        courier: 'Delhivery',
        tracking_number: 'DLV-1234/56',
      });
      // Corrected without a move (same status).
      const fixed = await patch(order_id, { orderStatus: 'Shipped', trackingNumber: 'DLV-999' });
      expect(fixed.body.data).toMatchObject({ orderStatus: 'Shipped', tracking_number: 'DLV-999' });
      expect(fixed.body.data.timeline.map((e) => e.to)).toEqual([
        'Pending',
        'Processing',
        'Shipped',
      ]);
      const seen = await customer.get<{ data: Order }>(`/api/payment/order/${order_id}`);
      expect(seen.body.data).toMatchObject({ courier: 'Delhivery', tracking_number: 'DLV-999' });

      // Each write audited with who, before and after.
      const entries = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order_id)));
      expect(entries.map((e) => e.action).sort()).toEqual(['order.move', 'order.shipping_details']);
      const move = entries.find((e) => e.action === 'order.move')!;
      expect(move).toMatchObject({
        storeId: MAIN,
        before: { orderStatus: 'Processing', courier: '' },
        after: { orderStatus: 'Shipped', courier: 'Delhivery', note: 'On its way' },
      });
      expect(move.actorUserId).not.toBeNull();

      expect(
        await patch(order_id, { orderStatus: 'Shipped', trackingNumber: '<script>' }),
      ).toMatchObject({
        status: 400,
        body: { field: 'trackingNumber' },
      });
    });

    it('edits the courier and tracking number while Shipped or Out for delivery, audited; refuses them in other statuses', async () => {
      const { order_id } = await kit.placePaid(customer);
      // Before it ships there is nothing to track: the details go with the move that ships it.
      for (const s of ['Processing', 'Packed'] as const) {
        if (s === 'Packed') await walk(order_id, 'Packed');
        expect(
          await patch(order_id, { orderStatus: s, courier: 'Delhivery', trackingNumber: 'D-1' }),
        ).toMatchObject({
          status: 409,
          body: { msg: SHIPPING_DETAILS_MESSAGES.notNow(s), field: 'orderStatus' },
        });
      }
      await walk(order_id, 'Shipped');
      const { version } = await kit.orderRow(order_id);
      const added = await patch(order_id, {
        orderStatus: 'Shipped',
        courier: 'Blue Dart',
        trackingNumber: 'BD 778/81',
        version,
      });
      expect(added.status).toBe(200);
      expect(added.body.data).toMatchObject({
        orderStatus: 'Shipped',
        courier: 'Blue Dart',
        tracking_number: 'BD 778/81',
        version: version + 1,
      });
      // The same details again: nothing to write, nothing audited, still 200.
      const again = await patch(order_id, {
        orderStatus: 'Shipped',
        courier: 'Blue Dart',
        trackingNumber: 'BD 778/81',
      });
      expect(again).toMatchObject({ status: 200, body: { data: { version: version + 1 } } });
      // A stale version is refused.
      expect(
        await patch(order_id, { orderStatus: 'Shipped', trackingNumber: 'BD-2', version }),
      ).toMatchObject({ status: 409, body: { msg: STALE_ORDER } });
      // Another store's owner cannot touch it.
      expect(
        await patch(order_id, { orderStatus: 'Shipped', trackingNumber: 'X-1' }, elsewhere),
      ).toMatchObject({ status: 403 });

      await walk(order_id, 'Out for delivery');
      expect(
        (await patch(order_id, { orderStatus: 'Out for delivery', trackingNumber: 'BD-3' })).body
          .data,
      ).toMatchObject({ orderStatus: 'Out for delivery', tracking_number: 'BD-3' });
      await walk(order_id, 'Delivered');
      expect(
        await patch(order_id, { orderStatus: 'Delivered', trackingNumber: 'BD-4' }),
      ).toMatchObject({
        status: 409,
        body: { msg: SHIPPING_DETAILS_MESSAGES.notNow('Delivered'), field: 'orderStatus' },
      });
      const row = await kit.orderRow(order_id);
      expect(row).toMatchObject({ courier: 'Blue Dart', trackingNumber: 'BD-3' });

      const edits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, order_id), eq(auditLog.action, 'order.shipping_details')));
      expect(edits).toHaveLength(2);
      expect(edits.map((e) => [e.before, e.after])).toContainEqual([
        expect.objectContaining({ courier: '', trackingNumber: '' }),
        expect.objectContaining({ courier: 'Blue Dart', trackingNumber: 'BD 778/81' }),
      ]);
    });

    it('refuses shipping details on a cancelled order', async () => {
      const { order_id } = await kit.placePaid(customer);
      await walk(order_id, 'Cancelled');
      expect(
        await patch(order_id, { orderStatus: 'Cancelled', courier: 'Delhivery' }),
      ).toMatchObject({
        status: 409,
        body: { msg: SHIPPING_DETAILS_MESSAGES.notNow('Cancelled') },
      });
    });

    it('rolls back the audit entry with a refused move, and answers a stale version 409', async () => {
      const { order_id } = await kit.placePaid(customer);
      const { version } = await kit.orderRow(order_id);
      expect((await patch(order_id, { orderStatus: 'Packed', version })).status).toBe(200);
      expect(await patch(order_id, { orderStatus: 'Shipped', version })).toMatchObject({
        status: 409,
        body: { msg: STALE_ORDER, field: 'version' },
      });
      expect(await patch(order_id, { orderStatus: 'Pending' })).toMatchObject({
        status: 409,
        body: { msg: ORDER_MOVE_MESSAGES.toPending },
      });
      const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, order_id));
      expect(entries).toHaveLength(1);
    });

    it('prints the packing slip as a PDF', async () => {
      const { order_id } = await kit.placePaid(customer);
      const res = await t.app.inject({
        url: `/api/admin/orders/${order_id}/packing-slip`,
        headers: { authorization: `Bearer ${staff}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await get(`/api/admin/orders/${randomUUID()}/packing-slip`, staff)).status).toBe(404);
    });
  });

  describe('collecting at delivery', () => {
    it('collects the remainder of a pay-on-delivery order once, when out for delivery or delivered', async () => {
      const { order_id } = await kit.placeNoAdvance(customer);
      await walk(order_id, 'Shipped');
      expect(await collect(order_id)).toMatchObject({
        status: 409,
        body: { msg: COLLECT_MESSAGES.notYet('Shipped') },
      });
      await walk(order_id, 'Delivered');
      const before = await kit.orderRow(order_id);
      expect(await collect(order_id, { version: before.version - 1 })).toMatchObject({
        status: 409,
        body: { field: 'version' },
      });
      const res = await collect(order_id, { version: before.version });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        status: 'Success',
        fully_paid: true,
        collected: before.remainingAmountPaise / 100,
      });
      expect(res.body.data.timeline.at(-1)).toMatchObject({
        from: 'Delivered',
        to: 'Delivered',
        by: 'staff',
        event: 'collected',
      });
      expect(await collect(order_id)).toMatchObject({
        status: 409,
        body: { msg: COLLECT_MESSAGES.already },
      });
      const paid = await list(`q=${encodeURIComponent(customer.email)}&paid=true&limit=100`);
      expect(paid.body.data.map((o) => o.order_id)).toContain(order_id);
      const audit = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, order_id), eq(auditLog.action, 'order.collect')));
      expect(audit).toHaveLength(1);
    });

    it('refuses a Pay now order', async () => {
      const { order_id } = await kit.placePaid(customer);
      await walk(order_id, 'Delivered');
      expect(await collect(order_id)).toMatchObject({
        status: 409,
        body: { msg: COLLECT_MESSAGES.notOnDelivery },
      });
    });

    postgresOnly(target).it('lets one of parallel collects win', async () => {
      const { order_id } = await kit.placeNoAdvance(customer);
      await walk(order_id, 'Out for delivery');
      const answers = await Promise.all(Array.from({ length: 6 }, () => collect(order_id)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    });
  });

  describe('bulk moves', () => {
    it('moves each order it may and says why it refused the rest', async () => {
      const a = (await kit.placePaid(customer)).order_id;
      const b = (await kit.placePaid(customer)).order_id;
      const unpaid = (await kit.placeUnpaid(customer, { cart_products: [lineOf(kit.goods[1]!)] }))
        .order_id;
      const delivered = (await kit.placePaid(customer, { customer_note: 'another cart' })).order_id;
      await walk(delivered, 'Delivered');
      const unknown = randomUUID();
      const res = await post<{ data: BulkMoveResult[] }>(
        '/api/admin/orders/bulk-move',
        {
          order_ids: [a, b, unpaid, delivered, unknown, a],
          orderStatus: 'Packed',
          note: 'Batch 7',
        },
        owner,
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        { order_id: a, result: 'moved', orderStatus: 'Packed', version: expect.any(Number) },
        { order_id: b, result: 'moved', orderStatus: 'Packed', version: expect.any(Number) },
        { order_id: unpaid, result: 'refused', reason: ORDER_MOVE_MESSAGES.unpaid },
        {
          order_id: delivered,
          result: 'refused',
          reason: ORDER_MOVE_MESSAGES.finished('Delivered'),
        },
        { order_id: unknown, result: 'refused', reason: 'Order not found' },
      ]);
      const rows = await db()
        .select()
        .from(orders)
        .where(inArray(orders.id, [a, b, unpaid]));
      expect(Object.fromEntries(rows.map((r) => [r.id, r.orderStatus]))).toEqual({
        [a]: 'Packed',
        [b]: 'Packed',
        [unpaid]: 'Pending',
      });
    });

    it('answers 400 naming the field for a bad selection', async () => {
      const ids = Array.from({ length: 101 }, () => randomUUID());
      for (const [body, field] of [
        [{ order_ids: ids, orderStatus: 'Packed' }, 'order_ids'],
        [{ order_ids: [], orderStatus: 'Packed' }, 'order_ids'],
        [{ order_ids: ['x'], orderStatus: 'Packed' }, 'order_ids'],
        [{ order_ids: [randomUUID()], orderStatus: 'Lost' }, 'orderStatus'],
      ] as const) {
        const res = await post('/api/admin/orders/bulk-move', body, staff);
        expect({ status: res.status, field: res.body.field?.split('.')[0] }).toEqual({
          status: 400,
          field,
        });
      }
    });
  });
});
