import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  HONEYPOT_FIELD,
  inquiryRequestSchema,
  leadRequestSchema,
  publicFormResponseSchema,
} from '@shop/contracts';
import { PUBLIC_FORM_MESSAGES as M } from '@shop/domain';
import { errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { ContactService } from './contact-service.ts';

const tags = ['contact'];

/** POST /leads (contact page) and POST /inquiry (enquiry form): public, no sign-in needed. */
export function contactRoutes(
  app: FastifyInstance,
  {
    service,
    defaultStoreOf,
  }: {
    service: ContactService;
    /** The store of a form that names none: the request's (STORE_HOSTS, else STORE_ID). */
    defaultStoreOf: (request: FastifyRequest) => string;
  },
) {
  noStore(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/leads',
    {
      schema: {
        tags,
        summary: 'Send the contact form (Get In Touch); the shop gets an email notice',
        body: leadRequestSchema,
        response: { 200: publicFormResponseSchema, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (req) => {
      const b = req.body;
      await service.lead(req.user, req.ip, {
        storeId: b.property_id,
        name: b.name,
        email: b.email,
        mobile: b.mobile,
        remark: b.remark,
        userId: b.user_id,
        userName: b.user_name,
        honeypot: b[HONEYPOT_FIELD],
      });
      // The same answer whether or not the honeypot caught it: a bot learns nothing.
      return { isError: false as const, success: true as const, message: M.contactSent };
    },
  );

  r.post(
    '/inquiry',
    {
      schema: {
        tags,
        summary: 'Send the enquiry form; the shop gets an email notice',
        body: inquiryRequestSchema,
        response: { 200: publicFormResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (req) => {
      const b = req.body;
      await service.inquiry(req.ip, {
        storeId: b.main_id ?? defaultStoreOf(req),
        name: b.name,
        mobile: b.mobile,
        email: b.email,
        parentName: b.parent_name,
        dob: b.dob,
        age: b.age,
        remark: b.remark,
        honeypot: b[HONEYPOT_FIELD],
      });
      return { isError: false as const, success: true as const, message: M.enquirySent };
    },
  );
}
