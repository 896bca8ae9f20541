import { z } from 'zod';
import { ROLES } from '@shop/domain';

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
