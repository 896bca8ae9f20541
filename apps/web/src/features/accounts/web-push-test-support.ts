import { vi } from 'vitest';

/** What the stubbed browser and server saw: the API calls with their bodies. */
export interface PushCalls {
  api: { url: string; body: unknown }[];
  /** Reads of `Notification.permission` (a synchronous browser round trip in Chrome). */
  permissionReads: number;
  /** What was asked of the Permissions API (`navigator.permissions.query`), by name. */
  permissionQueries: string[];
}

export const FCM_OPTIONS = {
  apiKey: 'AIza-test',
  appId: '1:1:web:1',
  projectId: 'shop-test',
  messagingSenderId: '1',
  vapidKey: 'BVapid',
};

/**
 * A browser that can take web push, with `permission` as the user answered (and `answer` for
 * the next question), and a server whose /push/options says `fcm` (null: no web push).
 */
export function stubPushBrowser(o: {
  permission: NotificationPermission;
  answer?: NotificationPermission;
  fcm: typeof FCM_OPTIONS | null;
  userAnswer?: (url: string) => unknown;
  /** Whether the browser has the Permissions API (default: yes, as every current browser). */
  permissionsApi?: boolean;
}): PushCalls {
  const calls: PushCalls = { api: [], permissionReads: 0, permissionQueries: [] };
  const permission = { value: o.permission };
  vi.stubGlobal('Notification', {
    get permission() {
      calls.permissionReads++;
      return permission.value;
    },
    requestPermission: vi.fn(() => {
      permission.value = o.answer ?? 'denied';
      return Promise.resolve(permission.value);
    }),
  });
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: vi.fn(() => Promise.resolve({ scope: '/' })) },
  });
  if (o.permissionsApi ?? true) {
    Object.defineProperty(navigator, 'permissions', {
      configurable: true,
      value: {
        query: ({ name }: PermissionDescriptor) => {
          calls.permissionQueries.push(name);
          return name === 'notifications'
            ? Promise.resolve({
                state: permission.value === 'default' ? 'prompt' : permission.value,
              })
            : Promise.reject(new TypeError(`unknown permission ${name}`));
        },
      },
    });
  }
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : input.toString();
      calls.api.push({ url, body: init?.body ? JSON.parse(init.body as string) : undefined });
      const body = url.endsWith('/api/push/options')
        ? { fcm: o.fcm }
        : (o.userAnswer?.(url) ?? { success: true });
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

export function unstubPushBrowser() {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'permissions');
}
