import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, client, MAIN, registerUser } from '../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { findNulCharacter, NUL_MESSAGE } from './input-guard.ts';

describe('findNulCharacter', () => {
  it('names the first string holding NUL by its dotted path, at any depth', () => {
    expect(findNulCharacter('a\u0000')).toBe('');
    expect(findNulCharacter({ a: 'ok', b: 'x\u0000' })).toBe('b');
    expect(findNulCharacter({ lines: [{ sku: 'ok' }, { sku: '\u0000' }] })).toBe('lines.1.sku');
    expect(findNulCharacter({ 'k\u0000': 1 })).toBe('k\\0');
    expect(findNulCharacter({ a: ['ok', 1, null, true], b: { c: 'fine \ud800' } })).toBeNull();
    expect(findNulCharacter(undefined)).toBeNull();
  });

  it('walks a very deep value without exhausting the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNulCharacter(deep)).toBe(`${'0.'.repeat(99_999)}0`);
  });
});

describe.each(testDatabaseTargets())('NUL characters in requests on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender } });
  });
  afterAll(async () => {
    await t.close();
  });

  // Each of these reached a PostgreSQL query and answered 500 before the guard.
  it('answers a NUL in a path parameter with a 400 naming it', async () => {
    const res = await client(t).get('/api/grouped-product/search-all-products/%00');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ isError: true, field: 'storeId' });
    expect(res.body.msg).toBe(NUL_MESSAGE);
  });

  it('answers a NUL in a query value with a 400 naming it', async () => {
    const res = await client(t).get(
      `/api/grouped-product/search-all-products/${MAIN}?search=a%00b`,
    );
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('search');
  });

  it('answers a NUL in a body string, however deep, with a 400 naming it', async () => {
    const login = await client(t).post('/api/loginuser', {
      email: 'asha\u0000@example.com',
      password: 'skate-or-die-42',
      main_id: MAIN,
    });
    expect(login.status).toBe(400);
    expect(login.body.field).toBe('email');

    const user = await registerUser(t, mail);
    const quote = await client(t).post(
      '/api/payment/getquote',
      {
        name: 'Asha',
        mobile: '9820012345',
        user_id: user.userId,
        main_id: MAIN,
        cart_products: [
          { product_id: '00000000-0000-4000-8000-000000000000', product_sku: 'A\u0000' },
        ],
      },
      user.accessToken,
    );
    expect(quote.status).toBe(400);
    expect(quote.body.field).toBe('cart_products.0.product_sku');
  });

  it('still checks the caller first: an anonymous NUL on a private route is a 401', async () => {
    const res = await client(t).get('/api/cart/%00');
    expect(res.status).toBe(401);
  });
});
