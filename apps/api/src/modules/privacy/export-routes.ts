import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { privacyExportSchema } from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import { exportFileName, type PrivacyExportService } from './export-service.ts';

/**
 * GET /privacy/export: the signed-in account's own data as a JSON file (DPDP Act 2023 s.11).
 * It names no account: each token reaches only its own (a staff token, its staff account's).
 */
export function exportRoutes(app: FastifyInstance, { service }: { service: PrivacyExportService }) {
  noStore(app);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/privacy/export',
    {
      config: needs.signedIn(),
      schema: {
        tags: ['privacy'],
        summary:
          'Download my data: every row of the signed-in account (profile, addresses, orders with lines and timelines, invoices, admissions with Aadhaar masked, enquiries, quotes, consents, sessions, push devices, cart) as a JSON file',
        security: bearerSecurity,
        response: { 200: privacyExportSchema, ...errorResponses(401, 404) },
      },
    },
    async (req, reply) => {
      const file = await service.export(callerOf(req));
      return reply
        .header(
          'content-disposition',
          `attachment; filename="${exportFileName(file.store_id, new Date(file.generated_at))}"`,
        )
        .send(file);
    },
  );
}
