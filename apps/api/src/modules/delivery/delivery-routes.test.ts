import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminPincodeListResponse,
  DeliveryBandsResponse,
  FreeBandsResponse,
  PaymentSummary,
  PincodeBulkResponse,
} from '@shop/contracts';
import { auditLog, pincodes } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, MAIN } from '../../test-support/accounts.ts';
import { checkoutUser, lineOf, simpleProducts } from '../../test-support/checkout.ts';
import { memberToken } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

type Body = Record<string, unknown> & { msg?: string; field?: string };

describe.each(testDatabaseTargets())('admin delivery on $name', (target) => {
  let t: TestApp;
  let owner: string;
  let staff: string;
  let otherOwner: string;
  const mail = capturingEmail();

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender, paymentWebhooks: null } });
    owner = (await memberToken(t, 'owner')).token;
    staff = (await memberToken(t, 'staff')).token;
    otherOwner = (await memberToken(t, 'owner', 'threadline')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async <T = Body>(
    method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    body?: unknown,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body !== undefined && { payload: body as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: res.json<T & Body>() };
  };
  const band = (min: number, max: number | null, price: number, status = 'Active') => ({
    min_kilometer: min,
    max_kilometer: max,
    delivery_price: price,
    status,
  });

  it('replaces the bands as a set, flags overlaps and gaps, and checkout charges the new price', async () => {
    const u = await checkoutUser(t, mail);
    const ship = await u.address('pune');
    const goods = await simpleProducts(t);
    const summary = () =>
      u.post<PaymentSummary>('/api/payment/summary', {
        main_id: MAIN,
        cart_products: [lineOf(goods[0]!)],
        shipping_address: ship,
      });
    expect((await summary()).body.deliveryCharge).toBe(249);

    const put = await call<DeliveryBandsResponse>('PUT', '/api/admin/delivery/bands', owner, {
      bands: [
        band(0, 10, 49),
        band(5, 40, 99.5),
        band(50, null, 321.25),
        band(0, 5, 1, 'Inactive'),
      ],
    });
    expect(put.status).toBe(200);
    expect(put.body.data.bands.map((b) => b.delivery_price)).toEqual([49, 99.5, 321.25, 1]);
    expect(put.body.data.check.overlaps).toEqual([{ first: 0, second: 1, fromKm: 5, toKm: 10 }]);
    expect(put.body.data.check.gaps).toEqual([{ fromKm: 40, toKm: 50 }]);
    expect(put.body.data.check.warnings).toEqual([
      'Bands 0-10 km and 5-40 km overlap from 5 km to 10 km.',
      'No band covers 40 km up to 50 km.',
    ]);
    const got = await call<DeliveryBandsResponse>('GET', '/api/admin/delivery/bands', owner);
    expect(got.body.data).toEqual(put.body.data);
    // Pune is over 100 km: the open-ended band's new price, at once.
    const after = await summary();
    expect(after.body.deliveryCharge).toBe(321.25);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.storeId, MAIN), eq(auditLog.action, 'delivery.bands.replace')));
    expect(entry).toBeDefined();
  });

  it('refuses a bad band with its field and leaves the old set whole', async () => {
    const before = await call<DeliveryBandsResponse>('GET', '/api/admin/delivery/bands', owner);
    for (const bad of [band(10, 10, 5), band(0, 5, -1), { ...band(0, 5, 1), status: 'On' }]) {
      const res = await call('PUT', '/api/admin/delivery/bands', owner, {
        bands: [band(0, 5, 10), bad],
      });
      expect(res.status).toBe(400);
      expect(res.body.field).toMatch(/^bands\.1\.(max_kilometer|delivery_price|status)$/);
    }
    const now = await call<DeliveryBandsResponse>('GET', '/api/admin/delivery/bands', owner);
    expect(now.body.data).toEqual(before.body.data);
    expect((await call('PUT', '/api/admin/delivery/bands', staff, { bands: [] })).status).toBe(403);
    // Another store's owner sees and replaces only its own bands.
    const theirs = await call<DeliveryBandsResponse>(
      'GET',
      '/api/admin/delivery/bands',
      otherOwner,
    );
    expect(theirs.body.data.bands.map((b) => b.id)).not.toContain(before.body.data.bands[0]!.id);
  });

  it('replaces the free-delivery bands and reads them back in rupees', async () => {
    const put = await call<FreeBandsResponse>('PUT', '/api/admin/delivery/free-bands', owner, {
      bands: [
        { min_kilometer: 0, max_kilometer: 5, freedelivery_price: 999.99 },
        { min_kilometer: 3, max_kilometer: 8, freedelivery_price: 1500, status: 'Active' },
      ],
    });
    expect(put.status).toBe(200);
    expect(put.body.data.bands.map((b) => [b.freedelivery_price, b.status])).toEqual([
      [999.99, 'Active'],
      [1500, 'Active'],
    ]);
    expect(put.body.data.check.overlaps).toHaveLength(1);
    const got = await call<FreeBandsResponse>('GET', '/api/admin/delivery/free-bands', owner);
    expect(got.body.data.bands).toEqual(put.body.data.bands);
  });

  it('adds pasted pincodes with a per-line report, toggles, searches and deletes them', async () => {
    const bulk = await call<PincodeBulkResponse>('POST', '/api/admin/pincodes/bulk', owner, {
      text: 'pincode\n712301\n712302, 712303\nabc\n71230\n712301',
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.data.added).toBe(3);
    expect(bulk.body.data.errors.map((e) => e.line)).toEqual([4, 5]);
    const again = await call<PincodeBulkResponse>('POST', '/api/admin/pincodes/bulk', owner, {
      text: '712303\n712304',
      status: 'Inactive',
    });
    expect(again.body.data).toEqual({ added: 1, existing: 1, errors: [] });

    const list = await call<AdminPincodeListResponse>(
      'GET',
      '/api/admin/pincodes?search=7123&limit=2&page=2',
      owner,
    );
    expect(list.body).toMatchObject({ total: 4, page: 2, limit: 2 });
    expect(list.body.data).toEqual([
      { pincode: '712303', status: 'Inactive' },
      { pincode: '712304', status: 'Inactive' },
    ]);

    const on = await call('PATCH', '/api/admin/pincodes/712304', owner, { status: 'Active' });
    expect(on.status).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(pincodes)
      .where(and(eq(pincodes.storeId, MAIN), eq(pincodes.pincode, '712304')));
    expect(row!.status).toBe('Active');
    // Another store's owner: not found, nothing changed.
    expect(
      (await call('PATCH', '/api/admin/pincodes/712304', otherOwner, { status: 'Inactive' }))
        .status,
    ).toBe(404);
    expect((await call('DELETE', '/api/admin/pincodes/712304', otherOwner)).status).toBe(404);
    expect(
      (await call('PATCH', '/api/admin/pincodes/12', owner, { status: 'Active' })).body.field,
    ).toBe('pincode');
    expect((await call('DELETE', '/api/admin/pincodes/712304', owner)).status).toBe(200);
    expect((await call('DELETE', '/api/admin/pincodes/712304', owner)).status).toBe(404);
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.storeId, MAIN), eq(auditLog.entity, 'pincode')));
    expect(actions.map((a) => a.action).sort()).toEqual(['pincode.delete', 'pincode.update']);
  });
});
