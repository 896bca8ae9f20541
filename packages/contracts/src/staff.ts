import { z } from 'zod';
import { ROLES } from '@shop/domain';
import { loginRequestSchema, tokenPairSchema } from './accounts.ts';

/** GET /api/admin/me: who the signed-in staff member is (staff or owner of their store). */
export const staffMeResponseSchema = z.object({
  isError: z.literal(false),
  data: z.object({
    user_id: z.string(),
    main_id: z.string(),
    role: z.enum(ROLES),
  }),
});
export type StaffMeResponse = z.infer<typeof staffMeResponseSchema>;

/** A staff member or owner as the admin app knows them. */
export const staffUserSchema = z
  .object({
    user_id: z.string(),
    email: z.string(),
    full_name: z.string(),
    main_id: z.string(),
    role: z.enum(ROLES),
  })
  .meta({ id: 'StaffUser' });
export type StaffUser = z.infer<typeof staffUserSchema>;

/** POST /api/admin/login: the owner's or a staff member's email and password at their store. */
export const adminLoginRequestSchema = loginRequestSchema;
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

/** POST /api/admin/login: a new staff session (its refresh token lives STAFF_SESSION_HOURS). */
export const adminLoginResponseSchema = tokenPairSchema.extend({ user: staffUserSchema });
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;
