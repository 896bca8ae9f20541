import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, client, MAIN, registerUser } from '../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';

/**
 * Issue 28 item 5: `msg` and `message` carry the spec's words alone; the field path goes in
 * `field` only.
 */
describe.each(testDatabaseTargets())('plain error messages on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('"Your cart is empty!" alone, the path in field', async () => {
    const u = await registerUser(t, mail);
    const res = await client(t).post(
      '/api/payment/getquote',
      { name: 'Asha', mobile: '9820012345', user_id: u.userId, main_id: MAIN, cart_products: [] },
      u.accessToken,
    );
    expect(res).toMatchObject({
      status: 400,
      body: {
        isError: true,
        msg: 'Your cart is empty!',
        message: 'Your cart is empty!',
        field: 'cart_products',
      },
    });
  });

  it('"This field is required" alone for a missing admission field', async () => {
    const u = await registerUser(t, mail);
    const res = await client(t).post(
      '/api/admission',
      { name: 'Kabir', user_id: u.userId, main_id: MAIN },
      u.accessToken,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ msg: 'This field is required' });
    expect(res.body.message).toBe(res.body.msg);
    expect(typeof res.body.field).toBe('string');
  });

  it('a nested field: the message has no path in it', async () => {
    const u = await registerUser(t, mail);
    const res = await client(t).post(
      '/api/payment/getquote',
      {
        name: 'Asha',
        mobile: '9820012345',
        user_id: u.userId,
        main_id: MAIN,
        cart_products: [{ product_id: 'nope', product_sku: 'X', quantity: 1 }],
      },
      u.accessToken,
    );
    expect(res).toMatchObject({
      status: 400,
      body: { msg: 'Unknown product', field: 'cart_products.0.product_id' },
    });
  });
});
