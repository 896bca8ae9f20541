import { z } from 'zod';
import { adminProductListQuerySchema } from './admin-products.ts';
import { errorResponseSchema } from './common.ts';

/** The largest CSV file the import reads (a 1,000-product Woo export is about 2 MB). */
export const PRODUCT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The most rows (products and variations) one import reads. */
export const PRODUCT_IMPORT_MAX_ROWS = 20_000;

/** The export takes the list's filters and sort, without paging (the whole selection). */
export const productExportQuerySchema = adminProductListQuerySchema.omit({
  page: true,
  limit: true,
});
export type ProductExportQuery = z.infer<typeof productExportQuerySchema>;

export const productImportQuerySchema = z.object({
  dry_run: z
    .enum(['true', 'false'], { message: 'dry_run must be true or false' })
    .default('false')
    .transform((v) => v === 'true')
    .describe('true: check every row and report, writing nothing'),
});

export const PRODUCT_IMPORT_FORMATS = ['shop', 'woocommerce'] as const;
export type ProductImportFormat = (typeof PRODUCT_IMPORT_FORMATS)[number];

/** What is wrong with one cell (or one row when `column` is empty) of the file. */
export const productImportErrorSchema = z.object({
  row: z.number().int().describe('The spreadsheet row: the header is row 1'),
  column: z.string(),
  sku: z.string(),
  message: z.string(),
});
export type ProductImportError = z.infer<typeof productImportErrorSchema>;

export const productImportReportSchema = z
  .object({
    dry_run: z.boolean(),
    format: z.enum(PRODUCT_IMPORT_FORMATS),
    /** Products (variations count with their product). */
    create: z.number().int(),
    update: z.number().int(),
    /** True when the file was written (a real run without errors). */
    written: z.boolean(),
    errors: z.array(productImportErrorSchema),
    products: z.array(
      z.object({
        row: z.number().int(),
        sku: z.string(),
        title: z.string(),
        action: z.enum(['create', 'update']),
      }),
    ),
  })
  .meta({ id: 'ProductImportReport' });
export type ProductImportReport = z.infer<typeof productImportReportSchema>;

export const productImportResponseSchema = z.object({
  isError: z.literal(false),
  data: productImportReportSchema,
});
export type ProductImportResponse = z.infer<typeof productImportResponseSchema>;

/** A real run refused because of row errors: nothing was written; `data` says why. */
export const productImportRefusedSchema = errorResponseSchema.extend({
  data: productImportReportSchema.optional(),
});
export type ProductImportRefused = z.infer<typeof productImportRefusedSchema>;
