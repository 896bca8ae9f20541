import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { privacyNoticeQuerySchema, privacyNoticeResponseSchema } from '@shop/contracts';
import { PRIVACY_PAGE_PATH, WITHDRAW_CONSENT_PATH } from '@shop/domain';
import { errorResponses } from '../../plugins/private-routes.ts';
import type { PrivacyNoticeService } from './privacy-notice-service.ts';

const tags = ['privacy'];

/** GET /privacy/notice: public, the store's privacy notice version and its own parts. */
export function privacyNoticeRoutes(
  app: FastifyInstance,
  {
    service,
    defaultStoreOf,
  }: {
    service: PrivacyNoticeService;
    /** The store of a request that names none: the request's (STORE_HOSTS, else STORE_ID). */
    defaultStoreOf: (request: FastifyRequest) => string;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/privacy/notice',
    {
      schema: {
        tags,
        summary:
          "The store's privacy notice (DPDP Rules 2025 rule 3): its version, the shop's name and grievance officer",
        querystring: privacyNoticeQuerySchema,
        response: { 200: privacyNoticeResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (req) => {
      const notice = await service.current(req.query.store_id ?? defaultStoreOf(req));
      const c = notice.content;
      return {
        isError: false as const,
        version: notice.version,
        revision: c.revision,
        shop_name: c.shopName,
        grievance_officer: c.grievanceOfficer,
        board_url: c.boardUrl,
        privacy_page: PRIVACY_PAGE_PATH,
        withdraw_consent: WITHDRAW_CONSENT_PATH,
      };
    },
  );
}
