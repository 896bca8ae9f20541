import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, storeSettings } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, client, MAIN, PASSWORD } from './test-support/accounts.ts';
import { storeMember } from './test-support/staff.ts';
import { startTestApp, type TestApp } from './test-support/test-app.ts';
import { turnSecondFactorOff } from './second-factor-off.ts';

describe.each(testDatabaseTargets())('the shell turns the staff code off, on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender } });
  });
  afterAll(async () => {
    await t.close();
  });

  const setOn = (store: string) =>
    t.database.db
      .update(storeSettings)
      .set({ staffSecondFactor: true })
      .where(eq(storeSettings.storeId, store));
  const isOn = async (store: string) =>
    (
      await t.database.db
        .select({ on: storeSettings.staffSecondFactor })
        .from(storeSettings)
        .where(eq(storeSettings.storeId, store))
    )[0]?.on;

  it('lets a locked-out owner sign in with the password again, audited, the other store untouched', async () => {
    const owner = await storeMember(t, mail, 'owner');
    await setOn(MAIN);
    await setOn('threadline');
    // Locked out: the password alone starts no session (the code would go to a dead mailbox).
    mail.fail(true);
    const locked = await client(t).post('/api/admin/login', {
      main_id: MAIN,
      email: owner.email,
      password: PASSWORD,
    });
    mail.fail(false);
    expect(locked.status).toBe(503);

    expect(await turnSecondFactorOff(t.services.storeSettings, MAIN)).toBe('turned-off');
    expect(await isOn(MAIN)).toBe(false);
    expect(await isOn('threadline')).toBe(true);
    const back = await client(t).post<{ accessToken: string }>('/api/admin/login', {
      main_id: MAIN,
      email: owner.email,
      password: PASSWORD,
    });
    expect(back.status).toBe(200);
    expect(back.body.accessToken).toEqual(expect.any(String));
    const entries = await t.database.db
      .select({ actor: auditLog.actorUserId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.storeId, MAIN), eq(auditLog.action, 'settings.security')));
    expect(entries).toContainEqual({
      actor: null,
      before: { staff_second_factor: true },
      after: { staff_second_factor: false },
    });

    // Again: nothing to do; a mistyped store is named, not passed over.
    expect(await turnSecondFactorOff(t.services.storeSettings, MAIN)).toBe('was-off');
    await expect(turnSecondFactorOff(t.services.storeSettings, 'urbanrol')).rejects.toThrow(
      'This store does not exist.',
    );
    await t.database.db
      .update(storeSettings)
      .set({ staffSecondFactor: false })
      .where(eq(storeSettings.storeId, 'threadline'));
  });
});
