import { z } from 'zod';

/**
 * What the storefront needs to register a Firebase Cloud Messaging web token: the Firebase web
 * app's public settings, or null when the shop sends no web push (PUSH_PROVIDER is not fcm, or
 * the web settings are not set). None of it is secret.
 */
export const pushOptionsResponseSchema = z.object({
  fcm: z
    .object({
      apiKey: z.string(),
      appId: z.string(),
      projectId: z.string(),
      messagingSenderId: z.string(),
      vapidKey: z.string(),
    })
    .nullable(),
});
export type PushOptionsResponse = z.infer<typeof pushOptionsResponseSchema>;
export type FcmWebOptions = NonNullable<PushOptionsResponse['fcm']>;
