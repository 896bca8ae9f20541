import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pushOptionsResponseSchema, type FcmWebOptions } from '@shop/contracts';
import type { AppConfig } from '../../app-config.ts';

type PushConfig = Pick<
  AppConfig,
  | 'PUSH_PROVIDER'
  | 'FCM_PROJECT_ID'
  | 'FCM_WEB_API_KEY'
  | 'FCM_WEB_APP_ID'
  | 'FCM_WEB_SENDER_ID'
  | 'FCM_WEB_VAPID_KEY'
>;

/** The Firebase web settings the storefront may use, or null when it must register no token. */
export function fcmWebOptions(config: PushConfig): FcmWebOptions | null {
  const { FCM_PROJECT_ID, FCM_WEB_API_KEY, FCM_WEB_APP_ID, FCM_WEB_SENDER_ID, FCM_WEB_VAPID_KEY } =
    config;
  if (
    config.PUSH_PROVIDER !== 'fcm' ||
    !FCM_PROJECT_ID ||
    !FCM_WEB_API_KEY ||
    !FCM_WEB_APP_ID ||
    !FCM_WEB_SENDER_ID ||
    !FCM_WEB_VAPID_KEY
  ) {
    return null;
  }
  return {
    apiKey: FCM_WEB_API_KEY,
    appId: FCM_WEB_APP_ID,
    projectId: FCM_PROJECT_ID,
    messagingSenderId: FCM_WEB_SENDER_ID,
    vapidKey: FCM_WEB_VAPID_KEY,
  };
}

export interface PushRoutesOptions {
  fcm: FcmWebOptions | null;
}

/** GET /push/options: whether (and how) the storefront registers a web push token. */
export function pushRoutes(app: FastifyInstance, { fcm }: PushRoutesOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/push/options',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "The Firebase web app's public settings when the shop sends web push (PUSH_PROVIDER=fcm and FCM_WEB_* set), else fcm: null: the storefront then registers no device token",
        response: { 200: pushOptionsResponseSchema },
      },
    },
    () => ({ fcm }),
  );
}
