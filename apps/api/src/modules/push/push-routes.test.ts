import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '@shop/db/testing';
import type { PushSender } from '../../adapters/push-sender.ts';
import { loadConfig } from '../../config/config.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const webSettings = {
  FCM_WEB_API_KEY: 'AIza-test-key',
  FCM_WEB_APP_ID: '1:123:web:abc',
  FCM_WEB_SENDER_ID: '123',
  FCM_WEB_VAPID_KEY: 'BVapidPublicKey',
};
const noPush: PushSender = { name: 'fcm', send: () => Promise.resolve([]) };

describe('GET /api/push/options', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers fcm: null on a shop without web push, and the page allows no Firebase host', async () => {
    t = await startTestApp(testDatabaseTargets()[0]!, { seed: false });
    const res = await t.app.inject({ url: '/api/push/options' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fcm: null });
    expect(res.headers['content-security-policy']).not.toContain('googleapis.com');
  });

  it('answers fcm: null with FCM for the native app but no web settings', async () => {
    t = await startTestApp(testDatabaseTargets()[0]!, {
      seed: false,
      config: { PUSH_PROVIDER: 'fcm', FCM_PROJECT_ID: 'shop-test' },
      adapters: { push: noPush },
    });
    expect((await t.app.inject({ url: '/api/push/options' })).json()).toEqual({ fcm: null });
  });

  it("answers the Firebase web app's public settings with PUSH_PROVIDER=fcm and FCM_WEB_* set", async () => {
    t = await startTestApp(testDatabaseTargets()[0]!, {
      seed: false,
      config: { PUSH_PROVIDER: 'fcm', FCM_PROJECT_ID: 'shop-test', ...webSettings },
      adapters: { push: noPush },
    });
    const res = await t.app.inject({ url: '/api/push/options' });
    expect(res.json()).toEqual({
      fcm: {
        apiKey: 'AIza-test-key',
        appId: '1:123:web:abc',
        projectId: 'shop-test',
        messagingSenderId: '123',
        vapidKey: 'BVapidPublicKey',
      },
    });
    expect(res.headers['content-security-policy']).toContain(
      'https://fcmregistrations.googleapis.com',
    );
  });
});

describe('FCM web settings in the configuration', () => {
  it('are all four or none', () => {
    expect(() => loadConfig({ FCM_WEB_API_KEY: 'k', FCM_WEB_APP_ID: 'a' })).toThrow(
      /FCM_WEB_API_KEY, FCM_WEB_APP_ID, FCM_WEB_SENDER_ID and FCM_WEB_VAPID_KEY: set all four or none/,
    );
    expect(loadConfig(webSettings).FCM_WEB_VAPID_KEY).toBe('BVapidPublicKey');
  });
});
