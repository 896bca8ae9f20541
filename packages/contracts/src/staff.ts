import { z } from 'zod';
import { ROLES } from '@shop/domain';
import {
  emailSchema,
  loginRequestSchema,
  mainIdSchema,
  newPasswordSchema,
  tokenPairSchema,
} from './accounts.ts';

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

/** A new staff session (its refresh token lives STAFF_SESSION_HOURS). */
export const adminSessionSchema = tokenPairSchema.extend({ user: staffUserSchema });
export type AdminSession = z.infer<typeof adminSessionSchema>;

/**
 * The store asks staff for an emailed code at each sign-in (its `staff_second_factor`
 * setting): the right password answers this instead of a session; the code and the challenge
 * go to POST /api/admin/login/verify.
 */
export const adminCodeChallengeSchema = z.object({
  needs_code: z.literal(true),
  /** Names the emailed code; only this server can make one. Lives as long as the code. */
  challenge: z.string(),
  /** Where the code went, masked (m•••@example.in). */
  sent_to: z.string(),
});
export type AdminCodeChallenge = z.infer<typeof adminCodeChallengeSchema>;

/** POST /api/admin/login: a session, or (second factor on) a code challenge. */
export const adminLoginResponseSchema = z.union([adminSessionSchema, adminCodeChallengeSchema]);
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

/** POST /api/admin/login/verify: the emailed six-digit code of a sign-in challenge. */
export const adminLoginVerifyRequestSchema = z.object({
  main_id: mainIdSchema,
  challenge: z.string({ error: 'The sign-in challenge is missing.' }).min(1).max(200),
  code: z
    .string({ error: 'Enter the code from the email.' })
    .trim()
    .regex(/^[0-9]{6}$/, 'The code is the 6 digits in the email.'),
});
export type AdminLoginVerifyRequest = z.infer<typeof adminLoginVerifyRequestSchema>;

/** The roles the owner gives staff. */
export const STAFF_ROLES = ['staff', 'owner'] as const;

/** GET /api/admin/staff: the store's owner and staff, and the invites still open. */
export const staffListResponseSchema = z.object({
  isError: z.literal(false),
  data: z.object({
    staff: z.array(staffUserSchema),
    invites: z.array(
      z.object({
        invite_id: z.string(),
        email: z.string(),
        role: z.enum(STAFF_ROLES),
        expires_at: z.string().describe('ISO 8601'),
      }),
    ),
  }),
});
export type StaffListResponse = z.infer<typeof staffListResponseSchema>;

/** POST /api/admin/staff/invite: emails a code to `email` for `role`. */
export const staffInviteRequestSchema = z.object({
  email: emailSchema,
  role: z.enum(STAFF_ROLES, { message: 'Role must be staff or owner.' }),
});
export const staffInviteResponseSchema = z.object({
  isError: z.literal(false),
  message: z.string(),
  data: z.object({ invite_id: z.string(), email: z.string(), expires_at: z.string() }),
});

/** POST /api/admin/staff/accept (public: the emailed code proves the email). */
export const staffAcceptRequestSchema = z.object({
  main_id: mainIdSchema,
  email: emailSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'The invite code is 6 digits.' }),
  full_name: z.string().trim().min(1, { message: 'Full name is required.' }).max(120),
  password: newPasswordSchema,
});
export const staffAcceptResponseSchema = z.object({
  isError: z.literal(false),
  message: z.string(),
  data: z.object({ user: staffUserSchema }),
});

export const staffUserIdParamsSchema = z.object({
  user_id: z.uuid({ message: 'user_id must be a UUID.' }),
});

/** PATCH /api/admin/staff/{user_id}: a new role. */
export const staffRoleRequestSchema = z.object({
  role: z.enum(STAFF_ROLES, { message: 'Role must be staff or owner.' }),
});
export const staffMemberResponseSchema = z.object({
  isError: z.literal(false),
  message: z.string(),
  data: z.object({ user: staffUserSchema }),
});

/** The storefront content lists whose admin writes are audited, by the entity they name. */
export const CONTENT_ENTITIES = [
  'category',
  'new_arrival_group',
  'slider',
  'offer',
  'marquee',
] as const;
export type ContentEntity = (typeof CONTENT_ENTITIES)[number];
type ContentAction = `${ContentEntity}.${'create' | 'update' | 'delete' | 'reorder'}`;

/**
 * Every action the audit log records: the API writes only these, and the admin names each one
 * in words (a new action without its words fails the web's type check).
 */
export const AUDIT_ACTIONS = [
  ...CONTENT_ENTITIES.flatMap((e): ContentAction[] => [
    `${e}.create`,
    `${e}.update`,
    `${e}.delete`,
    `${e}.reorder`,
  ]),
  'admission.aadhaar_reveal',
  'content_page.create',
  'content_page.update',
  'content_page.delete',
  'page_meta.update',
  'coupon.create',
  'coupon.update',
  'coupon.delete',
  'delivery.bands.replace',
  'delivery.free_bands.replace',
  'pincode.bulk_add',
  'pincode.update',
  'pincode.delete',
  'inbox.update',
  'inbox.note',
  'shop_notices.send_again',
  'media.upload',
  'order.move',
  'order.shipping_details',
  'order.collect',
  'order.upi_confirm',
  'order.upi_refund_sent',
  'order_emails.send_again',
  'product.create',
  'product.update',
  'product.import',
  'product.duplicate',
  'product.archive',
  'product.delete',
  'product.bulk',
  'product.images.add',
  'product.images.arrange',
  'product.images.remove',
  'product.size_chart',
  'settings.profile',
  'settings.buttons',
  'settings.payment_keys',
  'settings.security',
  'settings.upi',
  'settings.academy',
  'settings.retention',
  'product.course_details',
  'staff.invite',
  'staff.accept',
  'staff.role',
  'staff.remove',
  'breach.record',
  'breach.update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** GET /api/admin/audit: the owner's view of the audit log, newest first. */
export const auditQuerySchema = z.object({
  before: z
    .uuid({ message: 'before must be the next_before of the previous page.' })
    .optional()
    .describe('The next_before of the previous page: entries older than it'),
  entity: z.string().trim().min(1).max(64).optional(),
  entity_id: z.string().trim().min(1).max(128).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const auditEntrySchema = z.object({
  entry_id: z.string(),
  at: z.string().describe('ISO 8601'),
  user_id: z.string().nullable(),
  email: z.string().describe('Who: the actor\'s email when it acted ("" for start-up tasks)'),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListResponseSchema = z.object({
  isError: z.literal(false),
  data: z.object({
    entries: z.array(auditEntrySchema),
    next_before: z
      .string()
      .nullable()
      .describe('Pass as `before` for the next page; null at the end'),
  }),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
