import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, client, registerUser } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

describe.each(testDatabaseTargets())('profile update on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an update with no fields with the account unchanged (found by the fuzzer: was 500)', async () => {
    const user = await registerUser(t, mail);
    const res = await client(t).call(
      'PUT',
      `/api/registeruser/api/user/${user.userId}`,
      {},
      user.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { user_id: user.userId, email: user.email, mobile: '9820012345' },
    });
  });

  const single = (userId: string, token: string) =>
    client(t).get<{ data: { full_name: string; mobile: string; user_gstNo: string } }>(
      `/api/registeruser/single/${userId}`,
      token,
    );

  it('corrects the name (trimmed) with the mobile, and answers them (issue 61 item 3)', async () => {
    const user = await registerUser(t, mail);
    const res = await client(t).call(
      'PUT',
      `/api/registeruser/api/user/${user.userId}`,
      { full_name: '  Asha K. Rao  ', mobile: '+91 98200 54321' },
      user.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      data: { full_name: 'Asha K. Rao', name: 'Asha K. Rao', mobile: '9820054321' },
    });
    const read = await single(user.userId, user.accessToken);
    expect(read.body.data).toMatchObject({ full_name: 'Asha K. Rao', mobile: '9820054321' });
  });

  it('refuses a blank or too long name with a 400 naming full_name, changing nothing', async () => {
    const user = await registerUser(t, mail);
    for (const full_name of ['   ', 'x'.repeat(121)]) {
      const res = await client(t).call(
        'PUT',
        `/api/registeruser/api/user/${user.userId}`,
        { full_name, mobile: '9820099999' },
        user.accessToken,
      );
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('full_name');
      expect(res.body.msg).toMatch(/Full name/);
    }
    const read = await single(user.userId, user.accessToken);
    expect(read.body.data).toMatchObject({ full_name: 'Asha Kulkarni', mobile: '9820012345' });
  });

  it("refuses another shopper's token, changing nothing", async () => {
    const asha = await registerUser(t, mail);
    const other = await registerUser(t, mail);
    const res = await client(t).call(
      'PUT',
      `/api/registeruser/api/user/${asha.userId}`,
      { full_name: 'Someone Else' },
      other.accessToken,
    );
    expect(res.status).toBe(403);
    const read = await single(asha.userId, asha.accessToken);
    expect(read.body.data.full_name).toBe('Asha Kulkarni');
  });
});
