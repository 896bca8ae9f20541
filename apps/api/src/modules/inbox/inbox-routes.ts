import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aadhaarRevealResponseSchema,
  admissionRevealParamsSchema,
  inboxAssigneesResponseSchema,
  inboxItemParamsSchema,
  inboxItemResponseSchema,
  inboxListResponseSchema,
  inboxNoteRequestSchema,
  inboxNoteResponseSchema,
  inboxPatchSchema,
  inboxQuerySchema,
} from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { InboxService } from './inbox-service.ts';

const tags = ['admin'];
const security = bearerSecurity;
const filtersOf = (q: z.infer<typeof inboxQuerySchema>) => ({
  kind: q.kind,
  status: q.status,
  assignee: q.assignee,
  search: q.search,
});

/** The admin inbox: staff and owner of the caller's store; Reveal for the owner only. */
export function inboxRoutes(app: FastifyInstance, { service }: { service: InboxService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Personal data (and, on reveal, an Aadhaar number): never cached.
  noStore(app);

  r.get(
    '/admin/inbox',
    {
      config: needs.staff(),
      schema: {
        tags,
        security,
        summary: 'Leads, enquiries, quote requests and admissions of your store, newest first',
        querystring: inboxQuerySchema,
        response: { 200: inboxListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const q = req.query;
      const { items, total } = await service.list(callerOf(req), filtersOf(q), q.page, q.limit);
      return { isError: false as const, data: items, page: q.page, limit: q.limit, total };
    },
  );

  r.get(
    '/admin/inbox/export.csv',
    {
      config: needs.staff(),
      schema: {
        tags,
        security,
        summary: 'The filtered inbox as CSV (formula-safe cells, never an Aadhaar number)',
        querystring: inboxQuerySchema,
        response: {
          200: z.string().meta({ description: 'text/csv' }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (req, reply) => {
      const csv = await service.exportCsv(callerOf(req), filtersOf(req.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="inbox.csv"')
        .send(csv);
    },
  );

  r.get(
    '/admin/inbox/assignees',
    {
      config: needs.staff(),
      schema: {
        tags,
        security,
        summary: 'Who an inbox item may be assigned to: the store’s staff and owner',
        response: { 200: inboxAssigneesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      const rows = await service.assignees(callerOf(req));
      return {
        isError: false as const,
        data: rows.map((u) => ({ user_id: u.id, email: u.email, role: u.role })),
      };
    },
  );

  r.get(
    '/admin/inbox/:kind/:id',
    {
      config: needs.staff(),
      schema: {
        tags,
        security,
        summary: 'One inbox item with its fields (Aadhaar masked), notes and history',
        params: inboxItemParamsSchema,
        response: { 200: inboxItemResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.item(callerOf(req), req.params.kind, req.params.id),
    }),
  );

  r.patch(
    '/admin/inbox/:kind/:id',
    {
      config: needs.staff(),
      schema: {
        tags,
        security,
        summary: 'Set an inbox item’s status (new, contacted, closed) and/or its assignee',
        params: inboxItemParamsSchema,
        body: inboxPatchSchema,
        response: { 200: inboxItemResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.update(callerOf(req), req.params.kind, req.params.id, req.body),
    }),
  );

  r.post(
    '/admin/inbox/:kind/:id/notes',
    {
      config: needs.staff(),
      schema: {
        tags,
        security,
        summary: 'Add a note to an inbox item',
        params: inboxItemParamsSchema,
        body: inboxNoteRequestSchema,
        response: { 200: inboxNoteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.addNote(callerOf(req), req.params.kind, req.params.id, req.body.text),
    }),
  );

  r.post(
    '/admin/inbox/admission/:id/reveal',
    {
      config: needs.storeOwner(),
      schema: {
        tags,
        security,
        summary: 'The full Aadhaar number of an admission (owner only; every reveal is recorded)',
        params: admissionRevealParamsSchema,
        response: { 200: aadhaarRevealResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: {
        admission_id: req.params.id,
        aadhar: await service.reveal(callerOf(req), req.params.id),
      },
    }),
  );
}
