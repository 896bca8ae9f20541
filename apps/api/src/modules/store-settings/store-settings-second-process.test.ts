import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTestTarget } from '@shop/db/testing';
import { MAIN } from '../../test-support/accounts.ts';
import { startSecondProcess } from '../../test-support/second-process.ts';
import { memberToken } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const CHECK_MS = 300;
// Both processes open the same sealed gateway secrets.
const SECRET = randomBytes(32).toString('hex');
const postgres = postgresTestTarget();

/**
 * Settings saved through one API process reach the storefront and checkout of another process on
 * the same database within CATALOGUE_CACHE_CHECK_MS (the catalogue and checkout version triggers).
 */
describe('admin settings writes reach another API process', () => {
  let admin: TestApp;
  let other: Awaited<ReturnType<typeof startSecondProcess>>;
  let owner: string;

  beforeAll(async () => {
    admin = await startTestApp(postgres, {
      adapters: { paymentWebhooks: null },
      config: { AUTH_SECRET: SECRET, CATALOGUE_CACHE_CHECK_MS: CHECK_MS },
    });
    other = await startSecondProcess(admin, {
      AUTH_SECRET: SECRET,
      CATALOGUE_CACHE_CHECK_MS: CHECK_MS,
    });
    owner = (await memberToken(admin, 'owner')).token;
  }, 180_000);
  afterAll(async () => {
    await other.close();
    await admin.close();
  });

  const read = async (url: string) =>
    (await other.app.inject(url)).json<Record<string, unknown> & { data?: unknown }>();
  const write = async (method: 'PUT', url: string, payload: Record<string, unknown>) => {
    const res = await admin.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${owner}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Record<string, unknown> }>().data;
  };

  it('a new name, colour, advance, buttons and keys show in the other process', async () => {
    // Reads first, so the other process holds the old values in its caches.
    expect(await read(`/api/meta/${MAIN}`)).toMatchObject({ data: { store_name: 'Urban Roll' } });
    const before = await read(`/api/pay-razorpay/${MAIN}`);

    const profile = (
      await admin.app.inject({
        url: '/api/admin/settings/profile',
        headers: { authorization: `Bearer ${owner}` },
      })
    ).json<{ data: Record<string, unknown> }>().data;
    // The answer's read-only parts are not fields of the PUT.
    const fields = Object.fromEntries(
      Object.entries(profile).filter(
        ([k]) => !['configured', 'state', 'gst_state_code'].includes(k),
      ),
    );
    await write('PUT', '/api/admin/settings/profile', {
      ...fields,
      name: 'Urban Roll Mumbai',
      color: '#0f766e',
      delivery_percentage: 35,
    });
    await write('PUT', '/api/admin/settings/payment-keys', {
      key_id: 'rzp_live_SecondProc1',
      key_secret: 'second-process-secret-77',
    });
    await write('PUT', '/api/admin/settings/buttons', {
      cart_buttons: [{ button_id: 'buynow', active: true }],
      default_cart_button: 'buynow',
      pay_buttons: [{ button_id: 'paynow', label: 'Pay online now', active: true }],
    });

    await expect
      .poll(async () => (await read(`/api/meta/${MAIN}`)).data, { timeout: 10_000 })
      .toMatchObject({ store_name: 'Urban Roll Mumbai' });
    await expect
      .poll(async () => read(`/api/pay-razorpay/${MAIN}`), { timeout: 10_000 })
      .toMatchObject({
        key_id: 'rzp_live_SecondProc1',
        company_name: 'Urban Roll Mumbai',
        company_color: '#0f766e',
      });
    expect(before.key_id).not.toBe('rzp_live_SecondProc1');
    expect(JSON.stringify(await read(`/api/deliverypaybefore/single/${MAIN}`))).toContain('35');
    await expect
      .poll(async () => (await read(`/api/button/${MAIN}`)).data, { timeout: 10_000 })
      .toEqual([expect.objectContaining({ button_id: 'buynow', default: true, status: 'Active' })]);
    expect((await read(`/api/paybutton/${MAIN}`)).data).toEqual([
      expect.objectContaining({ button_id: 'paynow', label: 'Pay online now' }),
    ]);
  });
});
