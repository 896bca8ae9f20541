import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsentChangedResponse, ConsentListResponse } from '@shop/contracts';
import { consents, deviceTokens } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import type { ConsentPurpose } from '@shop/domain';
import { localPushSender } from '../../adapters/push-sender.ts';
import { capturingEmail, client, MAIN } from '../../test-support/accounts.ts';
import { orderKit, type OrderKit } from '../../test-support/orders.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const silent = { info: () => undefined, warn: () => undefined };

describe.each(testDatabaseTargets())('consents API on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  const push = localPushSender(silent);
  let kit: OrderKit;
  let staffToken: string;

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender, push, paymentWebhooks: null },
    });
    kit = await orderKit(t, mail);
    staffToken = await kit.member('staff');
  });
  afterAll(async () => {
    await t.close();
  });

  const shopper = async () => {
    const u = await kit.buyer();
    const c = client(t);
    return {
      ...u,
      list: () => c.get<ConsentListResponse>('/api/privacy/consents', u.token),
      give: (purpose: string, source = 'privacy_page', token: string | undefined = u.token) =>
        c.post<ConsentChangedResponse>('/api/privacy/consents', { purpose, source }, token),
      withdraw: (purpose: string, token: string | undefined = u.token) =>
        c.call<ConsentChangedResponse>(
          'DELETE',
          `/api/privacy/consents/${purpose}`,
          undefined,
          token,
        ),
      /** POST /firebase/register-token: an opt-in, or the app's start (`refresh`). */
      registerDevice: (deviceToken: string, refresh?: boolean) =>
        c.post<{ message: string }>(
          '/api/firebase/register-token',
          { user_id: u.userId, deviceToken, ...(refresh && { refresh }) },
          u.token,
        ),
      devices: async () =>
        (
          await t.database.db.select().from(deviceTokens).where(eq(deviceTokens.userId, u.userId))
        ).map((r) => r.token),
      allows: (purpose: ConsentPurpose) => t.services.consents.allows(MAIN, u.userId, purpose),
    };
  };
  const statusOf = (list: ConsentListResponse, purpose: string) =>
    list.data.find((s) => s.purpose === purpose)!;

  it('gives and withdraws in parallel leave one standing consent and no error (a race on PostgreSQL)', async () => {
    const u = await shopper();
    const gives = await Promise.all(Array.from({ length: 6 }, () => u.give('whatsapp_updates')));
    expect(gives.map((r) => r.status)).toEqual(Array(6).fill(200));
    const standing = async () =>
      (await t.database.db.select().from(consents).where(eq(consents.userId, u.userId))).filter(
        (r) => r.withdrawnAt === null,
      );
    expect(await standing()).toHaveLength(1);
    const withdrawals = await Promise.all(
      Array.from({ length: 4 }, () => u.withdraw('whatsapp_updates')),
    );
    expect(withdrawals.map((r) => r.status)).toEqual(Array(4).fill(200));
    expect(await standing()).toHaveLength(0);
    expect(await u.allows('whatsapp_updates')).toBe(false);
  });

  it('lists every purpose, none given: nothing is ticked for a new account', async () => {
    const u = await shopper();
    const res = await u.list();
    expect(res.status).toBe(200);
    expect(res.body.data.map((s) => [s.purpose, s.granted, s.latest])).toEqual([
      ['marketing_email', false, null],
      ['whatsapp_updates', false, null],
      ['push', false, null],
      ['course_photos', false, null],
    ]);
  });

  it('records, lists, withdraws and gives again, keeping the history with the notice version', async () => {
    const u = await shopper();
    const { version } = await t.services.privacyNotice.current(MAIN);
    const given = await u.give('marketing_email', 'sign_up');
    expect(given.status).toBe(200);
    expect(given.body.data).toMatchObject({ purpose: 'marketing_email', granted: true });
    expect(given.body.data.latest).toMatchObject({
      notice_version: version,
      source: 'sign_up',
      withdrawn_at: null,
    });
    // Giving what stands changes nothing.
    await u.give('marketing_email');
    expect(statusOf((await u.list()).body, 'marketing_email').history).toHaveLength(1);

    const withdrawn = await u.withdraw('marketing_email');
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.message).toContain('No offer emails');
    expect(withdrawn.body.data.granted).toBe(false);
    expect(withdrawn.body.data.latest!.withdrawn_at).not.toBeNull();

    const again = await u.give('marketing_email');
    expect(again.body.data.granted).toBe(true);
    const status = statusOf((await u.list()).body, 'marketing_email');
    expect(status.history).toHaveLength(2);
    expect(status.history[0]).toMatchObject({ source: 'privacy_page', withdrawn_at: null });
    expect(status.history[1]!.withdrawn_at).not.toBeNull();
    const rows = await t.database.db.select().from(consents).where(eq(consents.userId, u.userId));
    expect(rows).toHaveLength(2);
  });

  it('answers 400 naming the field for an unknown purpose or source; 401 signed out', async () => {
    const u = await shopper();
    const bad = await u.give('telepathy');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ isError: true, field: 'purpose' });
    const badSource = await u.give('push', 'carrier_pigeon');
    expect(badSource.status).toBe(400);
    expect(badSource.body).toMatchObject({ field: 'source' });
    const badWithdraw = await u.withdraw('telepathy');
    expect(badWithdraw.status).toBe(400);
    expect(badWithdraw.body).toMatchObject({ field: 'purpose' });
    expect((await client(t).get('/api/privacy/consents')).status).toBe(401);
    expect((await client(t).post('/api/privacy/consents', { purpose: 'push' })).status).toBe(401);
  });

  it("never shows or changes another shopper's consents with a second user's token", async () => {
    const asha = await shopper();
    const ravi = await shopper();
    await asha.give('whatsapp_updates', 'checkout');
    // Ravi's token lists Ravi's consents only, and his withdrawal touches only his.
    expect(statusOf((await ravi.list()).body, 'whatsapp_updates').granted).toBe(false);
    await ravi.withdraw('whatsapp_updates');
    expect(await asha.allows('whatsapp_updates')).toBe(true);
    await ravi.give('marketing_email');
    expect(await asha.allows('marketing_email')).toBe(false);
    // The routes take no user id: a body naming Asha is ignored (the token decides).
    const c = client(t);
    await c.post(
      '/api/privacy/consents',
      { purpose: 'course_photos', source: 'admission', user_id: asha.userId },
      ravi.token,
    );
    expect(await asha.allows('course_photos')).toBe(false);
    expect(await ravi.allows('course_photos')).toBe(true);
  });

  describe('withdrawing stops what it covered at once (one per purpose)', () => {
    it('marketing email: allows turns false', async () => {
      const u = await shopper();
      await u.give('marketing_email', 'sign_up');
      expect(await u.allows('marketing_email')).toBe(true);
      await u.withdraw('marketing_email');
      expect(await u.allows('marketing_email')).toBe(false);
    });

    it('WhatsApp updates: allows turns false', async () => {
      const u = await shopper();
      await u.give('whatsapp_updates', 'checkout');
      expect(await u.allows('whatsapp_updates')).toBe(true);
      await u.withdraw('whatsapp_updates');
      expect(await u.allows('whatsapp_updates')).toBe(false);
    });

    it('course photos: allows turns false', async () => {
      const u = await shopper();
      await u.give('course_photos', 'admission');
      expect(await u.allows('course_photos')).toBe(true);
      await u.withdraw('course_photos');
      expect(await u.allows('course_photos')).toBe(false);
    });

    it('push: registering a device records the consent; withdrawing removes the devices and the next order move sends nothing', async () => {
      const u = await shopper();
      const device = `fcm-device-${randomUUID()}`;
      expect((await u.registerDevice(device)).status).toBe(200);
      const status = statusOf((await u.list()).body, 'push');
      expect(status.granted).toBe(true);
      expect(status.latest).toMatchObject({ source: 'push_opt_in' });

      const { order_id } = await kit.placePaid(u);
      const move = async (to: string) =>
        client(t).call(
          'PATCH',
          `/api/admin/orders/${order_id}`,
          {
            orderStatus: to,
            version: (await kit.orderRow(order_id)).version,
          },
          staffToken,
        );
      const before = push.sent.length;
      expect((await move('Packed')).status).toBe(200);
      expect(push.sent.slice(before).map((p) => p.tokens)).toEqual([[device]]);

      const withdrawn = await u.withdraw('push');
      expect(withdrawn.body.data.granted).toBe(false);
      expect(await u.devices()).toEqual([]);
      const after = push.sent.length;
      expect((await move('Shipped')).status).toBe(200);
      expect(push.sent.slice(after)).toEqual([]);
      expect(await u.allows('push')).toBe(false);

      // The app's start re-registering the phone (refresh) neither keeps it nor gives consent.
      const refreshed = await u.registerDevice(device, true);
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.message).toContain('turned off');
      expect(await u.allows('push')).toBe(false);
      expect(await u.devices()).toEqual([]);
      // Opting in again ("Get updates on this phone") gives it again: a second row in the history.
      await u.registerDevice(device);
      expect(statusOf((await u.list()).body, 'push').history).toHaveLength(2);
    });

    it('push: a phone on record without a push consent (registered before consents were kept) is sent nothing', async () => {
      const u = await shopper();
      const device = `fcm-legacy-${randomUUID()}`;
      await t.database.db.insert(deviceTokens).values({ userId: u.userId, token: device });
      const { order_id } = await kit.placePaid(u);
      const before = push.sent.length;
      const moved = await client(t).call(
        'PATCH',
        `/api/admin/orders/${order_id}`,
        { orderStatus: 'Packed', version: (await kit.orderRow(order_id)).version },
        staffToken,
      );
      expect(moved.status).toBe(200);
      expect(push.sent.slice(before)).toEqual([]);
    });

    it('push: a refresh while the consent stands keeps the device and adds no consent row', async () => {
      const u = await shopper();
      const device = `fcm-device-${randomUUID()}`;
      await u.registerDevice(device);
      await u.registerDevice(device, true);
      expect(statusOf((await u.list()).body, 'push').history).toHaveLength(1);
      expect(await u.devices()).toEqual([device]);
    });
  });
});
