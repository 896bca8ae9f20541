import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, SavedAddress } from '@shop/contracts';
import { addresses, pincodes } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, client, registerUser } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

type One = { isError: false; message: string; data: SavedAddress };
type List = { isError: false; data: Address[] };

describe.each(testDatabaseTargets())('addresses API on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender } });
  });
  afterAll(async () => {
    await t.close();
  });

  const home = (userId: string, patch: Record<string, unknown> = {}) => ({
    location_user: 'Home',
    new_address: '12 Carter Road',
    city: 'Mumbai',
    area: 'Bandra West',
    pincode: '400050',
    user_name: 'Asha Kulkarni',
    user_id: userId,
    ...patch,
  });
  const newUser = async () => {
    const u = await registerUser(t, mail);
    const c = client(t);
    return {
      ...u,
      list: () => c.get<List>(`/api/address/${u.userId}`, u.accessToken),
      add: (body: Record<string, unknown>) => c.post<One>('/api/address', body, u.accessToken),
      call: <T = One>(m: 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
        c.call<T>(m, url, body, u.accessToken),
    };
  };

  it('adds an address with coordinates from the pincode table; the first is both defaults', async () => {
    const u = await newUser();
    const res = await u.add(home(u.userId));
    expect(res.status).toBe(200);
    const [pin] = await t.database.db.select().from(pincodes).where(eq(pincodes.pincode, '400050'));
    expect(res.body.data).toMatchObject({
      location_user: 'Home',
      new_address: '12 Carter Road',
      pincode: '400050',
      latitude: pin!.latitude,
      longitude: pin!.longitude,
      defaultaddressS: true,
      defaultaddressB: true,
      user_id: u.userId,
    });
    const second = await u.add(home(u.userId, { location_user: 'Office', pincode: '400001' }));
    expect(second.body.data).toMatchObject({ defaultaddressS: false, defaultaddressB: false });
    expect((await u.list()).body.data.map((a) => a.location_user)).toEqual(['Home', 'Office']);
  });

  it('saves an address the shop does not deliver to, and says so (billing anywhere)', async () => {
    const u = await newUser();
    const res = await u.add(home(u.userId, { city: 'New Delhi', pincode: '110001' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      pincode: '110001',
      deliverable: false,
      delivery_message: 'Shipping not available for this pincode',
    });
    expect((await u.list()).body.data.map((a) => a.pincode)).toEqual(['110001']);
    const served = await u.call('PUT', `/api/address/${res.body.data.id}`, home(u.userId));
    expect(served.body.data).toMatchObject({ pincode: '400050', deliverable: true });
    expect(served.body.data).not.toHaveProperty('delivery_message');
  });

  it('refuses a pincode that is not an Indian one (six digits, not starting with 0)', async () => {
    const u = await newUser();
    const res = await u.add(home(u.userId, { pincode: '012345' }));
    expect(res).toMatchObject({ status: 400, body: { field: 'pincode' } });
  });

  it.each([
    [{ location_user: 'Villa' }, 'location_user'],
    [{ new_address: '  ' }, 'new_address'],
    [{ city: '' }, 'city'],
    [{ pincode: '4000' }, 'pincode'],
    [{ user_id: 'not-a-uuid' }, 'user_id'],
  ])('rejects %j with a 400 naming the field', async (patch, field) => {
    const u = await newUser();
    const res = await u.add(home(u.userId, patch));
    expect(res).toMatchObject({ status: 400, body: { isError: true, field } });
    expect((await u.list()).body.data).toEqual([]);
  });

  it('edits an address and locates it again', async () => {
    const u = await newUser();
    const { data } = (await u.add(home(u.userId))).body;
    const res = await u.call('PUT', `/api/address/${data.id}`, {
      ...home(u.userId, {
        new_address: '4 Marine Drive',
        pincode: '400020',
        location_user: 'Others',
      }),
    });
    expect(res.status).toBe(200);
    const [pin] = await t.database.db.select().from(pincodes).where(eq(pincodes.pincode, '400020'));
    expect(res.body.data).toMatchObject({
      new_address: '4 Marine Drive',
      location_user: 'Others',
      latitude: pin!.latitude,
      defaultaddressS: true,
    });
  });

  it('moves a default from one address to another, and clears it', async () => {
    const u = await newUser();
    const a = (await u.add(home(u.userId))).body.data;
    const b = (await u.add(home(u.userId, { location_user: 'Office' }))).body.data;
    const set = await u.call('PATCH', `/api/address/${b.id}`, { defaultaddressS: true });
    expect(set.body.data).toMatchObject({ defaultaddressS: true, defaultaddressB: false });
    const list = (await u.list()).body.data;
    expect(list.find((x) => x.id === a.id)).toMatchObject({
      defaultaddressS: false,
      defaultaddressB: true,
    });
    await u.call('PATCH', `/api/address/${b.id}`, { defaultaddressB: true });
    expect((await u.list()).body.data.filter((x) => x.defaultaddressB).map((x) => x.id)).toEqual([
      b.id,
    ]);

    const cleared = await u.call('PATCH', `/api/address/reset-default/shipping/${u.userId}`);
    expect(cleared.status).toBe(200);
    const after = (await u.list()).body.data;
    expect(after.some((x) => x.defaultaddressS)).toBe(false);
    expect(after.some((x) => x.defaultaddressB)).toBe(true);
    expect((await u.call('PATCH', `/api/address/${b.id}`, {})).status).toBe(400);
    expect((await u.call('PATCH', `/api/address/reset-default/postal/${u.userId}`)).status).toBe(
      400,
    );
  });

  it('deletes an address', async () => {
    const u = await newUser();
    const a = (await u.add(home(u.userId))).body.data;
    const res = await u.call('DELETE', `/api/address/${a.id}`);
    expect(res).toMatchObject({ status: 200, body: { isError: false } });
    expect((await u.list()).body.data).toEqual([]);
    expect((await u.call('DELETE', `/api/address/${a.id}`)).status).toBe(404);
  });

  it("lets nobody else read or change a user's addresses", async () => {
    const owner = await newUser();
    const other = await newUser();
    const mine = (await owner.add(home(owner.userId))).body.data;
    const c = client(t);

    expect((await c.get(`/api/address/${owner.userId}`, other.accessToken)).status).toBe(403);
    expect((await other.add(home(owner.userId))).status).toBe(403);
    expect((await other.call('PUT', `/api/address/${mine.id}`, home(other.userId))).status).toBe(
      404,
    );
    expect(
      (await other.call('PATCH', `/api/address/${mine.id}`, { defaultaddressB: true })).status,
    ).toBe(404);
    expect((await other.call('DELETE', `/api/address/${mine.id}`)).status).toBe(404);
    expect(
      (await other.call('PATCH', `/api/address/reset-default/billing/${owner.userId}`)).status,
    ).toBe(403);
    expect((await c.get(`/api/address/${owner.userId}`)).status).toBe(401);

    const [row] = await t.database.db.select().from(addresses).where(eq(addresses.id, mine.id));
    expect(row).toMatchObject({
      newAddress: '12 Carter Road',
      defaultShipping: true,
      defaultBilling: true,
    });
    expect((await other.list()).body.data).toEqual([]);
  });
});
