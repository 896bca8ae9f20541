import { parseSizeChart, SIZE_CHART_LIMITS } from '@shop/domain';
import { z } from 'zod';
import { okEnvelope } from './common.ts';

/** A size chart as the product page shows it: the heading cells, then each row's cells. */
export const sizeChartTableSchema = z
  .object({
    columns: z.array(z.string()),
    rows: z.array(z.array(z.string())),
  })
  .meta({ id: 'SizeChart' });
export type SizeChartTable = z.infer<typeof sizeChartTableSchema>;

/**
 * The owner's chart text: one row a line, the heading first, cells split by `|` (a markdown
 * table), tab or comma. Empty removes the chart (a product then shows its category's).
 */
export const sizeChartBodySchema = z.object({
  chart: z
    .string({ error: 'Write the size chart as text' })
    .max(SIZE_CHART_LIMITS.chars, `A size chart is at most ${SIZE_CHART_LIMITS.chars} characters`)
    .superRefine((text, ctx) => {
      const read = parseSizeChart(text);
      if (!read.ok) ctx.addIssue({ code: 'custom', message: read.problem });
    })
    .describe('One row a line, the heading first, cells split by | (markdown), tab or comma'),
});
export type SizeChartBody = z.infer<typeof sizeChartBodySchema>;

export const sizeChartCategoryParamsSchema = z.object({
  category: z
    .string()
    .trim()
    .min(1, 'Name the category')
    .max(100, 'A category key is at most 100 characters'),
});

export const sizeChartProductParamsSchema = z.object({
  id: z.uuid({ error: 'Not a product id' }),
});

/** What the admin reads back: the text as written and the table it reads as (null: none). */
export const sizeChartSchema = z.object({
  chart: z.string(),
  table: sizeChartTableSchema.nullable(),
});
export const sizeChartResponseSchema = okEnvelope(sizeChartSchema);
export type SizeChartResponse = z.infer<typeof sizeChartResponseSchema>;
