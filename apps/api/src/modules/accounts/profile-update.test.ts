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
});
