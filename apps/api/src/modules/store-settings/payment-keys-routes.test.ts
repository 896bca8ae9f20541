import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentKeysResponse, PaymentKeysTestResponse } from '@shop/contracts';
import { auditLog, paymentGatewaySettings } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { client, MAIN } from '../../test-support/accounts.ts';
import { startRazorpayStandIn } from '../../test-support/razorpay-stand-in.ts';
import { memberToken } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

type Body = Record<string, unknown> & { msg?: string; field?: string };
const PATH = '/api/admin/settings/payment-keys';
const SECRET = 'shop-own-key-secret-9f8e7d';
const WEBHOOK = 'shop-own-webhook-secret-1a2b';

/** (method, url, token, body): the accounts test client with the token first. */
const caller =
  (t: TestApp) =>
  <T = Body>(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    token: string | null,
    body?: unknown,
  ) =>
    client(t).call<T & Body>(method, url, body, token ?? undefined);

describe.each(testDatabaseTargets())('admin payment keys on $name (sandbox gateway)', (target) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: string;
  let staff: string;
  let otherOwner: string;

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { paymentWebhooks: null } });
    call = caller(t);
    owner = (await memberToken(t, 'owner')).token;
    staff = (await memberToken(t, 'staff')).token;
    otherOwner = (await memberToken(t, 'owner', 'threadline')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves the store’s own keys sealed, answers them masked, and checkout opens with them', async () => {
    const before = await call<PaymentKeysResponse>('GET', PATH, owner);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      gateway: 'sandbox',
      own_keys: false,
      key_secret: null,
      webhook_url: expect.stringMatching(/\/api\/payment\/webhook$/),
    });

    const noSecret = await call('PUT', PATH, owner, { key_id: 'rzp_live_ShopOwn12345' });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.field).toBe('key_secret');
    const badId = await call('PUT', PATH, owner, { key_id: 'sk_live_123', key_secret: SECRET });
    expect(badId.body).toMatchObject({ field: 'key_id' });

    const saved = await call<PaymentKeysResponse>('PUT', PATH, owner, {
      key_id: 'rzp_live_ShopOwn12345',
      key_secret: SECRET,
      webhook_secret: WEBHOOK,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      own_keys: true,
      key_id: 'rzp_live_ShopOwn12345',
      webhook_secret_set: true,
    });
    expect(saved.body.data.key_secret).toBe(`••••${SECRET.slice(-4)}`);
    expect(JSON.stringify(saved.body)).not.toContain(SECRET);

    // At rest: ciphertext only; in the audit log: whether it changed, never the secret.
    const [row] = await t.database.db
      .select()
      .from(paymentGatewaySettings)
      .where(eq(paymentGatewaySettings.storeId, MAIN));
    expect(row!.keyId).toBe('rzp_live_ShopOwn12345');
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(JSON.stringify(row)).not.toContain(WEBHOOK);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.payment_keys'));
    expect(audits.at(-1)!.after).toMatchObject({
      key_id: 'rzp_live_ShopOwn12345',
      sealed: ['key', 'webhook'],
      replaced: ['key', 'webhook'],
    });
    expect(JSON.stringify(audits)).not.toContain(SECRET);

    // Checkout's public read gives the new key id (never a secret).
    const pay = await call('GET', `/api/pay-razorpay/${MAIN}`, null);
    expect(pay.body).toMatchObject({ key_id: 'rzp_live_ShopOwn12345' });
    expect(JSON.stringify(pay.body)).not.toContain(SECRET);

    // Keeping the secret while changing only the webhook's.
    const kept = await call<PaymentKeysResponse>('PUT', PATH, owner, {
      key_id: 'rzp_live_ShopOwn12345',
      webhook_secret: null,
    });
    expect(kept.body.data).toMatchObject({
      own_keys: true,
      key_secret: `••••${SECRET.slice(-4)}`,
      webhook_secret_set: false,
    });

    const tested = await call<PaymentKeysTestResponse>('POST', `${PATH}/test`, owner, {});
    expect(tested.body).toMatchObject({ ok: true, message: /sandbox takes any keys/ });
    const half = await call('POST', `${PATH}/test`, owner, { key_id: 'rzp_live_ShopOwn12345' });
    expect(half).toMatchObject({ status: 400, body: { field: 'key_secret' } });

    const removed = await call<PaymentKeysResponse>('DELETE', PATH, owner);
    expect(removed.body.data).toMatchObject({ own_keys: false, key_secret: null });
    expect(removed.body.data.key_id).not.toBe('rzp_live_ShopOwn12345');
    const back = await call('GET', `/api/pay-razorpay/${MAIN}`, null);
    expect(back.body.key_id).toBe(removed.body.data.key_id);
  });

  it('answers only the store’s owner: staff and customers 403, another store’s owner its own keys', async () => {
    const customer = (await memberToken(t, 'customer')).token;
    for (const token of [staff, customer]) {
      expect((await call('GET', PATH, token)).status).toBe(403);
      expect(
        (await call('PUT', PATH, token, { key_id: 'rzp_test_Stolen123', key_secret: SECRET }))
          .status,
      ).toBe(403);
      expect((await call('POST', `${PATH}/test`, token, {})).status).toBe(403);
      expect((await call('DELETE', PATH, token)).status).toBe(403);
    }
    expect((await call('GET', PATH, null)).status).toBe(401);
    await call('PUT', PATH, owner, { key_id: 'rzp_test_MainShop123', key_secret: SECRET });
    const theirs = await call<PaymentKeysResponse>('GET', PATH, otherOwner);
    expect(theirs.body.data.key_id).not.toBe('rzp_test_MainShop123');
    await call('PUT', PATH, otherOwner, { key_id: 'rzp_test_Threadline1', key_secret: SECRET });
    const mine = await call<PaymentKeysResponse>('GET', PATH, owner);
    expect(mine.body.data.key_id).toBe('rzp_test_MainShop123');
  });
});

describe('admin payment keys against a stand-in of Razorpay (PAYMENT_GATEWAY=razorpay)', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: string;
  let standIn: Awaited<ReturnType<typeof startRazorpayStandIn>>;

  beforeAll(async () => {
    standIn = await startRazorpayStandIn('rzp_test_standin1', 'ks_standin_secret');
    t = await startTestApp(testDatabaseTargets()[0]!, {
      config: {
        PAYMENT_GATEWAY: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_server1',
        RAZORPAY_KEY_SECRET: 'server-secret-0123456789',
        RAZORPAY_API_URL: standIn.baseUrl,
      },
    });
    call = caller(t);
    owner = (await memberToken(t, 'owner')).token;
  });
  afterAll(async () => {
    await t.close();
    await standIn?.close();
  });

  it('tests typed keys with Razorpay: accepted, refused with the reason; saved keys too', async () => {
    const good = await call<PaymentKeysTestResponse>('POST', `${PATH}/test`, owner, {
      key_id: 'rzp_test_standin1',
      key_secret: 'ks_standin_secret',
    });
    expect(good.body).toEqual({
      isError: false,
      ok: true,
      message: 'Razorpay accepted these keys.',
    });
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/orders' });

    const wrong = await call<PaymentKeysTestResponse>('POST', `${PATH}/test`, owner, {
      key_id: 'rzp_test_standin1',
      key_secret: 'not-the-secret',
    });
    expect(wrong.body).toMatchObject({ ok: false, message: /refused these keys/ });
    expect(JSON.stringify(wrong.body)).not.toContain('not-the-secret');

    // The server's own keys are not the stand-in's: testing the saved (server's) keys fails,
    // then the store's own keys are saved and pass.
    expect((await call('POST', `${PATH}/test`, owner, {})).body).toMatchObject({ ok: false });
    await call('PUT', PATH, owner, {
      key_id: 'rzp_test_standin1',
      key_secret: 'ks_standin_secret',
    });
    expect((await call('POST', `${PATH}/test`, owner, {})).body).toMatchObject({ ok: true });
    const keys = await call<PaymentKeysResponse>('GET', PATH, owner);
    expect(keys.body.data).toMatchObject({ gateway: 'razorpay', key_id: 'rzp_test_standin1' });
  });
});
