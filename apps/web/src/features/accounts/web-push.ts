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
 * Whether the user has granted notifications, asked without blocking the page: the Permissions
 * API answers asynchronously, whereas Chrome's first read of `Notification.permission` is a
 * synchronous round trip to the browser process (4–10 ms of the main thread, measured in the
 * app start's effects task, docs/benchmarks.md). `Notification.permission` where there is no
 * Permissions API or it does not know notifications.
 */
export async function notificationsGranted(): Promise<boolean> {
  if ('permissions' in navigator) {
    try {
      const status = await navigator.permissions.query({ name: 'notifications' });
      return status.state === 'granted';
    } catch {
      // Not a permission this browser's Permissions API knows: ask Notification below.
    }
  }
  return Notification.permission === 'granted';
}

/**
 * Registers this browser's real FCM token for the user, and only when there is one: the shop
 * sends web push and the user has already granted notifications (asked by PushOffer, never on
 * load). Otherwise nothing is sent.
 */
export async function registerWebPush(
  userId: string,
  signal?: AbortSignal,
  /** The app's start re-registering: kept only while the push consent stands (not an opt-in). */
  refresh = false,
): Promise<boolean> {
  if (!browserCanPush() || !(await notificationsGranted())) return false;
  const options = await fcmWebOptions(signal);
  const token = options ? await fcmDeviceToken(options) : null;
  if (!token) return false;
  await registerDeviceToken(userId, token, refresh);
  return true;
}
