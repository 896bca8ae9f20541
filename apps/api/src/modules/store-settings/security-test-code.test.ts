import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SecuritySettingsResponse, SecurityTestCodeResponse } from '@shop/contracts';
import { auditLog, otpCodes, storeSettings } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import type { EmailSender } from '../../adapters/email-sender.ts';
import { capturingEmail, client, MAIN } from '../../test-support/accounts.ts';
import { storeMember } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const SECURITY = '/api/admin/settings/security';
const TEST_CODE = '/api/admin/settings/security/test-code';

/**
 * Issue 57 item 4: the staff sign-in code is turned on only when the server's email reaches an
 * inbox and the owner typed back a test code sent to them, so no owner locks themselves out.
 * A real shop (SEED_DEMO=false) whose sender is switched between a mail server and the outbox.
 */
describe.each(testDatabaseTargets())('turning the staff sign-in code on, on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  let reachesInbox = true;
  const sender: EmailSender = {
    send: (m) => mail.sender.send(m),
    close: () => Promise.resolve(),
    get reachesInbox() {
      return reachesInbox;
    },
  };
  beforeAll(async () => {
    t = await startTestApp(target, {
      config: { SEED_DEMO: false },
      adapters: { email: sender, sleep: () => Promise.resolve() },
    });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    reachesInbox = true;
    await t.database.db.update(storeSettings).set({ staffSecondFactor: false });
  });

  const isOn = async (store = MAIN) => {
    const [row] = await t.database.db
      .select({ on: storeSettings.staffSecondFactor })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, store));
    return row?.on;
  };
  const sendTest = (token: string) =>
    client(t).post<SecurityTestCodeResponse>(TEST_CODE, {}, token);
  const patch = (token: string, body: object) =>
    client(t).patch<SecuritySettingsResponse>(SECURITY, body, token);
  const owner = (store = MAIN) => storeMember(t, mail, 'owner', store);

  it('refuses with no mail server: the test code is not sent, the switch is not saved (400 naming it)', async () => {
    const o = await owner();
    reachesInbox = false;
    const view = await client(t).get<SecuritySettingsResponse>(SECURITY, o.token);
    expect(view.body.data).toEqual({ staff_second_factor: false, email_ready: false });
    const sentBefore = mail.sent.length;
    const send = await sendTest(o.token);
    expect(send.status).toBe(400);
    expect(send.body).toMatchObject({ field: 'staff_second_factor' });
    expect(send.body.msg).toMatch(/no email set up/);
    expect(mail.sent.length).toBe(sentBefore);
    const on = await patch(o.token, { staff_second_factor: true });
    expect(on.status).toBe(400);
    expect(on.body).toMatchObject({ field: 'staff_second_factor' });
    expect(await isOn()).toBe(false);
    // A proof got while the mail worked does not help once it stops.
    reachesInbox = true;
    const challenge = (await sendTest(o.token)).body.data.challenge;
    reachesInbox = false;
    const late = await patch(o.token, {
      staff_second_factor: true,
      challenge,
      code: mail.lastCode(o.email),
    });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ field: 'staff_second_factor' });
    expect(await isOn()).toBe(false);
  });

  it('refuses without the test code, and with a wrong one (400 naming the code), nothing saved', async () => {
    const o = await owner();
    const bare = await patch(o.token, { staff_second_factor: true });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ field: 'code' });
    expect(bare.body.msg).toMatch(/Send a test code/);
    const sent = await sendTest(o.token);
    expect(sent.status).toBe(200);
    expect(sent.body.data.sent_to).toBe(`${o.email[0]}•••@example.com`);
    const code = mail.lastCode(o.email);
    expect(mail.sent.at(-1)?.text).toContain('sign-in codes for the');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await patch(o.token, {
      staff_second_factor: true,
      challenge: sent.body.data.challenge,
      code: wrong,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'code' });
    expect(bad.body.msg).toMatch(/4 tries left/);
    const malformed = await patch(o.token, {
      staff_second_factor: true,
      challenge: sent.body.data.challenge,
      code: '12ab',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ field: 'code' });
    expect(await isOn()).toBe(false);
  });

  it('turns on with the code the owner typed back, audited; the code is stored hashed and works once', async () => {
    const o = await owner();
    const sent = await sendTest(o.token);
    const code = mail.lastCode(o.email);
    const [stored] = await t.database.db
      .select({ hash: otpCodes.codeHash, purpose: otpCodes.purpose, expires: otpCodes.expiresAt })
      .from(otpCodes)
      .where(and(eq(otpCodes.email, o.email), eq(otpCodes.purpose, 'second-factor-test')));
    expect(stored?.hash).not.toContain(code);
    expect(stored!.expires.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const on = await patch(o.token, {
      staff_second_factor: true,
      challenge: sent.body.data.challenge,
      code,
    });
    expect(on.status).toBe(200);
    expect(on.body.data).toEqual({ staff_second_factor: true, email_ready: true });
    expect(await isOn()).toBe(true);
    const [entry] = await t.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, o.userId), eq(auditLog.action, 'settings.security')));
    expect(entry?.after).toEqual({ staff_second_factor: true });
    // Off needs no code; on again needs a fresh one: the used code is gone.
    expect((await patch(o.token, { staff_second_factor: false })).status).toBe(200);
    const again = await patch(o.token, {
      staff_second_factor: true,
      challenge: sent.body.data.challenge,
      code,
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ field: 'challenge' });
    expect(await isOn()).toBe(false);
  });

  it('binds the code to its owner and store: another owner, another store’s owner and staff are refused', async () => {
    const o = await owner();
    const sent = await sendTest(o.token);
    const code = mail.lastCode(o.email);
    const proof = { staff_second_factor: true, challenge: sent.body.data.challenge, code };

    // Another store's owner, with this store's code: refused, and neither store changes.
    const other = await owner('threadline');
    const elsewhere = await patch(other.token, proof);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({ field: 'challenge' });
    expect(await isOn('threadline')).toBe(false);

    // A second owner of the same store cannot use the first owner's code.
    const coOwner = await owner();
    const theirs = await patch(coOwner.token, proof);
    expect(theirs.status).toBe(400);
    expect(theirs.body).toMatchObject({ field: 'code' });
    expect(await isOn()).toBe(false);

    // Staff may neither send a test code nor change the setting (the owner's alone).
    const staff = await storeMember(t, mail, 'staff');
    expect((await sendTest(staff.token)).status).toBe(403);
    expect((await patch(staff.token, { staff_second_factor: false })).status).toBe(403);
  });
});
