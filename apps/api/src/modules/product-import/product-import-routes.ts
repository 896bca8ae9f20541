import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PRODUCT_IMPORT_MAX_BYTES,
  productExportQuerySchema,
  productImportQuerySchema,
  productImportRefusedSchema,
  productImportResponseSchema,
} from '@shop/contracts';
import { BadRequest } from '../../lib/errors.ts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { NUL_MESSAGE } from '../../plugins/input-guard.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { ProductImportService } from './product-import-service.ts';

export interface ProductImportRoutesOptions {
  service: ProductImportService;
}

const tags = ['admin products'];
const MAX_MB = String(PRODUCT_IMPORT_MAX_BYTES / 1024 / 1024);
const TOO_LARGE = `The file is larger than ${MAX_MB} MB.`;
const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'];

/** The CSV sent (a multipart file field, or the body itself), refused if PostgreSQL cannot store it. */
async function csvText(req: FastifyRequest): Promise<string> {
  const text = await sentText(req);
  if (text.includes('\u0000')) throw new BadRequest(`The file ${NUL_MESSAGE}`, 'file');
  return text;
}

async function sentText(req: FastifyRequest): Promise<string> {
  if (req.isMultipart()) {
    // Multipart is registered once for the app (app.ts); this route's own limits here.
    const file = await req.file({
      limits: { fileSize: PRODUCT_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    if (!file) throw new BadRequest('Choose a CSV file.', 'file');
    try {
      return (await file.toBuffer()).toString('utf8');
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new BadRequest(TOO_LARGE, 'file');
      }
      throw err;
    }
  }
  if (typeof req.body === 'string' && req.body.trim() !== '') return req.body;
  throw new BadRequest('Send a CSV file (text/csv body or a multipart "file" field).', 'file');
}

/**
 * `GET /admin/products/export.csv` and `POST /admin/products/import` (decision 0022): staff and
 * the owner of the caller's store, like the products' other calls.
 */
export function productImportRoutes(app: FastifyInstance, { service }: ProductImportRoutesOptions) {
  noStore(app);
  const staff = { config: needs.staff() };

  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/products/export.csv',
    {
      ...staff,
      schema: {
        tags,
        summary: 'The catalogue (or the list’s filters) as CSV: a row per product and variation',
        security: bearerSecurity,
        querystring: productExportQuerySchema,
        response: {
          200: z.string().meta({ description: 'text/csv' }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (req, reply) => {
      const csv = await service.exportCsv(callerOf(req).storeId, req.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products.csv"')
        .send(csv);
    },
  );

  // The import reads a CSV body (a parser of its own scope) or a multipart file.
  app.register((scope, _opts, done) => {
    scope.addContentTypeParser(
      CSV_TYPES,
      { parseAs: 'string', bodyLimit: PRODUCT_IMPORT_MAX_BYTES },
      (_req, body, done) => {
        done(null, body);
      },
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/admin/products/import',
      {
        ...staff,
        bodyLimit: PRODUCT_IMPORT_MAX_BYTES,
        schema: {
          tags,
          summary:
            'Create or update products by sku from a CSV (ours or a WooCommerce export), all or none; dry_run=true only checks',
          description: `A text/csv body or a multipart/form-data "file" field, at most ${MAX_MB} MB. Every row is checked; a row error writes nothing and answers 400 with the report in data.`,
          security: bearerSecurity,
          querystring: productImportQuerySchema,
          response: {
            200: productImportResponseSchema,
            400: productImportRefusedSchema,
            ...errorResponses(401, 403, 409, 413, 415),
          },
        },
      },
      async (req, reply) => {
        const text = await csvText(req);
        const report = await service.import(
          { storeId: callerOf(req).storeId, userId: callerOf(req).id },
          text,
          req.query.dry_run,
        );
        if (!report.dry_run && !report.written) {
          const msg = `Nothing was imported: ${String(report.errors.length)} error(s) in the file.`;
          return reply
            .code(400)
            .send({ isError: true as const, msg, message: msg, field: 'file', data: report });
        }
        return { isError: false as const, data: report };
      },
    );
    done();
  });
}
