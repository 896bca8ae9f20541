import { z } from 'zod';

/** The body of every 4xx/5xx answer. `field` names the offending input when there is one. */
export const errorResponseSchema = z
  .object({
    isError: z.literal(true),
    msg: z.string(),
    message: z.string(),
    field: z.string().optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const storeIdParamsSchema = z.object({
  storeId: z.string().trim().min(1).max(64).describe('The store id (main_id)'),
});

/** An amount in rupees with at most 2 decimals, as it crosses the API edge. */
export const rupeesSchema = z.number().nonnegative().describe('Rupees, 2 decimals');

/** Wraps a payload in the `{ isError: false, data }` envelope the storefront reads. */
export const okEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ isError: z.literal(false), data });
