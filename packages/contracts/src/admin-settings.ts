import { z } from 'zod';

/** The store's sign-in security settings (owner only): GET/PATCH /api/admin/settings/security. */
export const securitySettingsSchema = z.object({
  /** Staff and the owner sign in with a code emailed at each sign-in too (decision 0027). */
  staff_second_factor: z.boolean(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const securitySettingsPatchSchema = z.strictObject({
  staff_second_factor: z.boolean({ error: 'staff_second_factor is true or false.' }),
});
export type SecuritySettingsPatch = z.infer<typeof securitySettingsPatchSchema>;

export const securitySettingsResponseSchema = z.object({
  isError: z.literal(false),
  data: securitySettingsSchema,
});
export type SecuritySettingsResponse = z.infer<typeof securitySettingsResponseSchema>;
