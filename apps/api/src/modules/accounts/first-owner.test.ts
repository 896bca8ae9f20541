import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSession, LoginResponse, StaffMeResponse } from '@shop/contracts';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, client, registerUser } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

describe.each(testDatabaseTargets())('first owner from ADMIN_EMAIL on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender } });
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = (store: string, email: string, password: string) =>
    client(t).post<AdminSession>('/api/admin/login', { email, password, main_id: store });
  const shopSignIn = (store: string, email: string, password: string) =>
    client(t).post<LoginResponse>('/api/loginuser', { email, password, main_id: store });
  const me = (token: string) => client(t).get<StaffMeResponse>('/api/admin/me', token);

  it('makes the email the owner of a store without one, once', async () => {
    const accounts = t.services.accounts;
    const password = 'first-owner-password-1';
    expect(await accounts.ensureOwner('threadline', ' Owner@Example.com ', password)).toBe(
      'created',
    );
    const res = await signIn('threadline', 'owner@example.com', password);
    expect(res.status).toBe(200);
    expect((await me(res.body.accessToken)).body.data).toMatchObject({ role: 'owner' });
    // The storefront sign-in of the owner is a customer's session (decision 0032).
    const shop = await shopSignIn('threadline', 'owner@example.com', password);
    expect(shop.status).toBe(200);
    expect((await me(shop.body.accessToken)).status).toBe(403);
    // Once the store has an owner, the settings change nothing (no takeover by a restart).
    expect(
      await accounts.ensureOwner('threadline', 'other@example.com', 'another-password-22'),
    ).toBe('exists');
    expect((await signIn('threadline', 'other@example.com', 'another-password-22')).status).toBe(
      401,
    );
  });

  it('promotes an existing customer of the store and sets the password', async () => {
    const customer = await registerUser(t, mail);
    expect(
      await t.services.accounts.ensureOwner('urbanroll', customer.email, 'promoted-owner-pass-3'),
    ).toBe('promoted');
    const res = await signIn('urbanroll', customer.email, 'promoted-owner-pass-3');
    expect(res.status).toBe(200);
    expect((await me(res.body.accessToken)).body.data).toMatchObject({ role: 'owner' });
  });
});
