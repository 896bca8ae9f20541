import { z } from 'zod';
import { INBOX_KINDS, INBOX_STATUSES, POLICY_PAGE_SLUGS, SALE_BLOCKERS } from '@shop/domain';
import { okEnvelope, rupeesSchema } from './common.ts';
import { refusedEmailsSchema, sendAgainSchema, unsentOrderEmailsSchema } from './admin-orders.ts';
import { orderNumberSchema } from './payments.ts';

export const INBOX_DEFAULT_LIMIT = 20;
export const INBOX_MAX_LIMIT = 100;

export const inboxKindSchema = z.enum(INBOX_KINDS);
export const inboxStatusSchema = z.enum(INBOX_STATUSES);

/** GET /api/admin/inbox and /api/admin/inbox/export.csv: filters (and paging for the list). */
export const inboxQuerySchema = z.object({
  kind: inboxKindSchema.optional(),
  status: inboxStatusSchema.optional(),
  assignee: z
    .union([z.literal('none'), z.uuid({ message: 'assignee must be a user id or "none".' })])
    .optional()
    .describe('A staff member’s user id, or "none" for unassigned items'),
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe(
      'Case-insensitive text in the name or email; a number (digits, spaces, +, -, brackets, dots) also finds mobiles by their digits',
    ),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(INBOX_DEFAULT_LIMIT)
    .transform((n) => Math.min(n, INBOX_MAX_LIMIT))
    .describe(`Page size, at most ${INBOX_MAX_LIMIT} (larger values are capped)`),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const inboxItemParamsSchema = z.object({
  kind: inboxKindSchema,
  id: z.uuid({ message: 'id must be an inbox item id.' }),
});
export const admissionRevealParamsSchema = z.object({
  id: z.uuid({ message: 'id must be an admission id.' }),
});

const linksSchema = z.object({
  tel: z.string().nullable().describe('tel:+91… link to the sender, or null'),
  whatsapp: z.string().nullable().describe('https://wa.me/91…?text=… link, or null'),
});

export const inboxItemSchema = z
  .object({
    kind: inboxKindSchema,
    id: z.string(),
    name: z.string(),
    email: z.string(),
    mobile: z.string(),
    /**
     * The message, the quote's description, the admission's centre, or an erasure request's
     * state ("Waiting for UR-10001" or "Erased on 07/12/2026").
     */
    summary: z.string(),
    status: inboxStatusSchema,
    assignee_id: z.string().nullable(),
    assignee_email: z.string().nullable(),
    version: z.number().int(),
    created_at: z.string(),
    due_at: z
      .string()
      .nullable()
      .describe(
        'An erasure request: by when the shop must have done it (DPDP Rules 2025 rule 14(3)); null for other kinds',
      ),
    links: linksSchema,
  })
  .meta({ id: 'InboxItem' });
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxListResponseSchema = z.object({
  isError: z.literal(false),
  data: z.array(inboxItemSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int().describe('Items matching the filters, over all pages'),
});
export type InboxListResponse = z.infer<typeof inboxListResponseSchema>;

export const inboxNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  author_id: z.string().nullable(),
  author_email: z.string(),
  created_at: z.string(),
});
export type InboxNote = z.infer<typeof inboxNoteSchema>;

export const inboxHistoryEntrySchema = z.object({
  action: z.string(),
  actor_email: z.string(),
  at: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type InboxHistoryEntry = z.infer<typeof inboxHistoryEntrySchema>;

/** The kind's own fields (labels and values as shown); the Aadhaar number masked. */
export const inboxDetailFieldSchema = z.object({ label: z.string(), value: z.string() });

export const inboxItemDetailSchema = inboxItemSchema
  .extend({
    fields: z.array(inboxDetailFieldSchema),
    /** Quote requests: the quoted total in rupees; null otherwise. */
    amount: rupeesSchema.nullable(),
    notes: z.array(inboxNoteSchema),
    history: z.array(inboxHistoryEntrySchema),
  })
  .meta({ id: 'InboxItemDetail' });
export type InboxItemDetail = z.infer<typeof inboxItemDetailSchema>;
export const inboxItemResponseSchema = okEnvelope(inboxItemDetailSchema);
export type InboxItemResponse = z.infer<typeof inboxItemResponseSchema>;

export const inboxPatchSchema = z
  .object({
    status: inboxStatusSchema.optional(),
    assignee_id: z
      .uuid({ message: 'assignee_id must be a staff member’s user id.' })
      .nullable()
      .optional()
      .describe('A staff member or the owner of the store; null to unassign'),
  })
  .refine((b) => b.status !== undefined || b.assignee_id !== undefined, {
    message: 'Send a status or an assignee_id.',
    path: ['status'],
  });
export type InboxPatch = z.infer<typeof inboxPatchSchema>;

export const inboxNoteRequestSchema = z.object({
  text: z
    .string({ message: 'text is required.' })
    .trim()
    .min(1, 'text is required.')
    .max(2000, 'text must be at most 2000 characters.'),
});
export const inboxNoteResponseSchema = okEnvelope(inboxNoteSchema);

export const aadhaarRevealResponseSchema = okEnvelope(
  z.object({ admission_id: z.string(), aadhar: z.string().describe('The 12 digits') }),
);

/** The people an item may be assigned to (the store's staff and owner). */
export const inboxAssigneesResponseSchema = okEnvelope(
  z.array(z.object({ user_id: z.string(), email: z.string(), role: z.string() })),
);

/**
 * The store's notices of its forms' messages (contact, enquiry, admission) that the email server
 * refused and that are still not sent (decision 0049); the messages themselves are in the inbox.
 */
export const unsentShopNoticesSchema = refusedEmailsSchema.meta({ id: 'UnsentShopNotices' });
export type UnsentShopNotices = z.infer<typeof unsentShopNoticesSchema>;

/** POST /admin/shop-notices/send-again. */
export const sendAgainShopNoticesResponseSchema = sendAgainSchema(
  unsentShopNoticesSchema,
  'SendAgainShopNotices',
);
export type SendAgainShopNoticesResponse = z.infer<typeof sendAgainShopNoticesResponseSchema>;

const payModeSchema = z.enum(['paymanual', 'paynow', 'payondelivery']);

/**
 * What stops the shop's sale (the dashboard's checklist, the domain's `saleBlockers`) and what
 * shoppers can pay with. Server settings are not in it: they are `email_delivery`.
 */
export const saleChecklistSchema = z
  .object({
    blockers: z
      .array(z.enum(SALE_BLOCKERS))
      .describe(
        'Each thing that stops a sale, in the order to fix them (empty: the shop can sell): address (no office address in the store profile), product (no active product), stock (none in stock), buttons (no purchase button on), delivery (no active delivery band), payment (no way to pay offered), policies (a policy page missing), grievance (no grievance officer)',
      ),
    missing_policy_pages: z.array(z.enum(POLICY_PAGE_SLUGS)),
    pay_modes: z.object({
      offered: z
        .array(payModeSchema)
        .describe('What a shopper is offered at checkout: paymanual is Pay by UPI'),
      need_keys: z
        .array(payModeSchema)
        .describe(
          'Switched on but not offered until the shop has Razorpay keys (Pay now; pay on delivery with an advance)',
        ),
      advance_percent: z.number().int().describe('The pay-on-delivery advance, in percent'),
    }),
  })
  .meta({ id: 'SaleChecklist' });
export type SaleChecklist = z.infer<typeof saleChecklistSchema>;

/** GET /api/admin/dashboard. */
export const dashboardSchema = z
  .object({
    today: z.object({ paid_orders: z.number().int(), revenue: rupeesSchema }),
    month: z.object({ paid_orders: z.number().int(), revenue: rupeesSchema }),
    to_pack: z.number().int().describe('Paid (or nothing to pay online), Pending or Processing'),
    to_ship: z.number().int().describe('Packed'),
    low_stock_threshold: z.number().int(),
    low_stock: z.array(
      z.object({
        product_id: z.string(),
        sku: z.string(),
        title: z.string(),
        stock: z.number().int(),
      }),
    ),
    new_inbox_items: z.number().int(),
    /** The owner: the last 10 audit entries. Staff: null (they get recent_orders). */
    recent_activity: z
      .array(
        z.object({
          action: z.string(),
          entity: z.string(),
          entity_id: z.string(),
          actor_email: z.string(),
          at: z.string(),
        }),
      )
      .nullable(),
    recent_orders: z.array(
      z.object({
        order_id: z.string(),
        receipt_id: z.string(),
        order_number: orderNumberSchema,
        user_name: z.string(),
        total: rupeesSchema,
        orderStatus: z.string(),
        paymentStatus: z.string(),
        /** A UPI payment the customer says they made (a UTR entered), for the shop to confirm. */
        payment_to_confirm: z.boolean(),
        created_at: z.string(),
      }),
    ),
    unsent_order_emails: unsentOrderEmailsSchema,
    unsent_shop_notices: unsentShopNoticesSchema,
    sale_checklist: saleChecklistSchema,
    email_delivery: z
      .enum(['smtp', 'outbox_folder'])
      .describe(
        'smtp: emails go through the SMTP server SMTP_URL names. outbox_folder: no SMTP_URL, so emails are written to a folder on the server and reach nobody',
      ),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = okEnvelope(dashboardSchema);
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
