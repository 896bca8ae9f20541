import type { FcmWebOptions, PushOptionsResponse } from '@shop/contracts';
import { requestJson } from '../../lib/api-request.ts';
import { registerDeviceToken } from './api/accounts-api.ts';

/** The service worker that shows the shop's notifications (public/push-sw.js). */
const SERVICE_WORKER = '/push-sw.js';

/** Whether this browser can take web push at all (a secure page with the Push API). */
export function browserCanPush(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    typeof Notification !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window
  );
}

/** The shop's Firebase web settings, or null when it sends no web push. */
export async function fcmWebOptions(signal?: AbortSignal): Promise<FcmWebOptions | null> {
  const { fcm } = await requestJson<PushOptionsResponse>('GET', '/push/options', undefined, signal);
  return fcm;
}

/**
 * This browser's real FCM registration token, once the user has granted notifications: the
 * service worker registered, then Firebase's getToken with the shop's VAPID key. Firebase is
 * loaded only here, so no page pays for it unless the shop sends web push and the user said yes.
 */
export async function fcmDeviceToken(options: FcmWebOptions): Promise<string | null> {
  if (!browserCanPush() || Notification.permission !== 'granted') return null;
  const [{ initializeApp, getApps }, messaging] = await Promise.all([
    import('firebase/app'),
    import('firebase/messaging'),
  ]);
  if (!(await messaging.isSupported())) return null;
  const { vapidKey, ...app } = options;
  const firebase = getApps()[0] ?? initializeApp(app);
  const serviceWorkerRegistration = await navigator.serviceWorker.register(SERVICE_WORKER);
  const token = await messaging.getToken(messaging.getMessaging(firebase), {
    vapidKey,
    serviceWorkerRegistration,
  });
  return token || null;
}

/**
 * Registers this browser's real FCM token for the user, and only when there is one: the shop
 * sends web push and the user has already granted notifications (asked by PushOffer, never on
 * load). Otherwise nothing is sent.
 */
export async function registerWebPush(userId: string, signal?: AbortSignal): Promise<boolean> {
  if (!browserCanPush() || Notification.permission !== 'granted') return false;
  const options = await fcmWebOptions(signal);
  const token = options ? await fcmDeviceToken(options) : null;
  if (!token) return false;
  await registerDeviceToken(userId, token);
  return true;
}
