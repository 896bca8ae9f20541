import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '@shop/contracts';
import { addresses } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import type { Geocoder } from '../../adapters/geocoder.ts';
import { capturingEmail, client, registerUser } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { MAX_ADDRESSES } from './addresses-service.ts';

type One = { isError: false; message: string; data: Address };

/** Per-user writes (issue 10, item 8): a cap, the paid geocoder only on change, no 5xx in races. */
describe.each(testDatabaseTargets())('address book limits on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  const located: string[] = [];
  const geocoder: Geocoder = {
    locate: (q) => {
      located.push(`${q.address}|${q.pincode}`);
      return Promise.resolve({ latitude: 19.06, longitude: 72.83 });
    },
  };

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender, geocoder } });
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
      add: (body: Record<string, unknown>) => c.post<One>('/api/address', body, u.accessToken),
      call: (m: 'PUT' | 'PATCH', url: string, body?: unknown) =>
        c.call<One>(m, url, body, u.accessToken),
      rows: () => t.database.db.select().from(addresses).where(eq(addresses.userId, u.userId)),
    };
  };

  it(`keeps at most ${MAX_ADDRESSES} addresses a customer, with a 400 naming the field`, async () => {
    const u = await newUser();
    for (let i = 0; i < MAX_ADDRESSES; i++) {
      expect((await u.add(home(u.userId, { new_address: `${i} Carter Road` }))).status).toBe(200);
    }
    const over = await u.add(home(u.userId));
    expect(over).toMatchObject({ status: 400, body: { field: 'new_address' } });
    expect(over.body.msg).toMatch(/at most 50 addresses/);
    expect(await u.rows()).toHaveLength(MAX_ADDRESSES);
  });

  it('asks the geocoder only when the address or pincode changed', async () => {
    const u = await newUser();
    const a = (await u.add(home(u.userId))).body.data;
    const before = located.length;
    const renamed = await u.call('PUT', `/api/address/${a.id}`, home(u.userId, { user_name: 'A' }));
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ latitude: a.latitude, longitude: a.longitude });
    expect(located.length).toBe(before);
    await u.call('PUT', `/api/address/${a.id}`, home(u.userId, { pincode: '400001' }));
    expect(located.length).toBe(before + 1);
  });

  it('two first addresses at once: both saved, exactly one default of each kind, no 5xx', async () => {
    const u = await newUser();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => u.add(home(u.userId, { new_address: `${i} Rd` }))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    const rows = await u.rows();
    expect(rows.filter((r) => r.defaultShipping)).toHaveLength(1);
    expect(rows.filter((r) => r.defaultBilling)).toHaveLength(1);
  });

  it('parallel "set default" calls all answer 200 and leave one default', async () => {
    const u = await newUser();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push((await u.add(home(u.userId, { new_address: `${i} Rd` }))).body.data.id);
    }
    const results = await Promise.all(
      ids.map((id) =>
        u.call('PATCH', `/api/address/${id}`, { defaultaddressS: true, defaultaddressB: true }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    const rows = await u.rows();
    expect(rows.filter((r) => r.defaultShipping)).toHaveLength(1);
    expect(rows.filter((r) => r.defaultBilling)).toHaveLength(1);
  });
});
