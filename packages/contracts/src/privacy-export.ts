/**
 * The shopper's personal data export: GET /privacy/export (DPDP Act 2023 s.11, issue 61 item 3).
 * A JSON file of every row of the signed-in account, each column by its database name, grouped
 * in sections; secrets withheld and the Aadhaar number masked (`withheld` says which and why).
 */
import { z } from 'zod';

/** The file's format and its version: a reader checks it before reading the rest. */
export const PRIVACY_EXPORT_FORMAT = 'shop-personal-data-export/1';

/** A row as stored: column name → value (dates as ISO strings). */
export const privacyExportRowSchema = z.record(z.string(), z.unknown());
export type PrivacyExportRow = z.infer<typeof privacyExportRowSchema>;

const rows = z.array(privacyExportRowSchema);

/** An order with its lines, status timeline and the UPI references given for it. */
export const privacyExportOrderSchema = privacyExportRowSchema.and(
  z.object({ lines: rows, timeline: rows, utrs: rows }),
);
/** An admission (Aadhaar masked) with each time the shop revealed the number. */
export const privacyExportAdmissionSchema = privacyExportRowSchema.and(
  z.object({ aadhaar_reveals: rows }),
);

export const privacyExportSectionsSchema = z.object({
  profile: rows,
  addresses: rows,
  orders: z.array(privacyExportOrderSchema),
  invoices: rows,
  admissions: z.array(privacyExportAdmissionSchema),
  enquiries: rows,
  contact_messages: rows,
  quotes: rows,
  consents: rows,
  sessions: rows,
  push_devices: rows,
  cart: rows,
});
export type PrivacyExportSections = z.infer<typeof privacyExportSectionsSchema>;

export const privacyExportSchema = z.object({
  format: z.literal(PRIVACY_EXPORT_FORMAT),
  generated_at: z.string(),
  store_id: z.string(),
  account_id: z.string(),
  sections: privacyExportSectionsSchema,
  /** Columns not shown as stored, and why (a secret, a hash, another person's id; Aadhaar masked). */
  withheld: z.array(
    z.object({ column: z.string(), shown: z.enum(['no', 'masked']), why: z.string() }),
  ),
  /** Tables holding this account's data the file does not show, and why. */
  not_included: z.array(z.object({ table: z.string(), why: z.string() })),
  /** What the law makes the shop keep of this account's data, even after erasure. */
  legal_holds: z.array(z.object({ table: z.string(), law: z.string(), keep: z.string() })),
});
export type PrivacyExport = z.infer<typeof privacyExportSchema>;
