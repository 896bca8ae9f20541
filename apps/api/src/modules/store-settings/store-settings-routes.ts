import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  academySettingsResponseSchema,
  academySettingsSchema,
  paymentKeysResponseSchema,
  paymentKeysTestResponseSchema,
  paymentKeysTestSchema,
  paymentKeysUpdateSchema,
  securitySettingsPatchSchema,
  securitySettingsResponseSchema,
  securityTestCodeResponseSchema,
  storeButtonsResponseSchema,
  storeButtonsSchema,
  storeProfileFieldsSchema,
  storeProfileResponseSchema,
  pincodeParamsSchema,
  pincodePlaceResponseSchema,
  upiQrUploadQuerySchema,
  upiSettingsResponseSchema,
  upiSettingsSchema,
} from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import { readImageUploads } from '../media/index.ts';
import type { ImagesService } from '../media/images-service.ts';
import type { PaymentKeysService } from './payment-keys-service.ts';
import type { StoreSettingsService } from './store-settings-service.ts';

const tags = ['admin settings'];

/** The store's settings: the owner's alone (staff get 403). */
export function storeSettingsRoutes(
  app: FastifyInstance,
  {
    paymentKeys,
    service,
    images,
  }: {
    service: StoreSettingsService;
    paymentKeys: PaymentKeysService;
    images: Pick<ImagesService, 'maxBytes' | 'tooLarge'>;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);
  const owner = { config: needs.storeOwner() };

  r.get(
    '/admin/settings/security',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Sign-in security: whether staff sign in with an emailed code too (owner only)',
        security: bearerSecurity,
        response: { 200: securitySettingsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.security(callerOf(req).storeId),
    }),
  );

  r.patch(
    '/admin/settings/security',
    {
      ...owner,
      schema: {
        tags,
        summary:
          "Turn the emailed sign-in code for staff on or off (owner only; audited). Turning it on ends the store's admin sessions begun without the code, except the session making the change",
        security: bearerSecurity,
        body: securitySettingsPatchSchema,
        response: { 200: securitySettingsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const user = callerOf(req);
      const data = await service.updateSecurity(
        { storeId: user.storeId, userId: user.id },
        req.body,
        user.sessionId,
        { caller: user, ip: req.ip },
      );
      return { isError: false as const, data };
    },
  );

  r.post(
    '/admin/settings/security/test-code',
    {
      ...owner,
      schema: {
        tags,
        summary:
          "Email a test code to the owner: typed back with the PATCH, it turns the staff sign-in code on (owner only; the sign-in codes' limits)",
        security: bearerSecurity,
        response: {
          200: securityTestCodeResponseSchema,
          ...errorResponses(400, 401, 403, 429, 503),
        },
      },
    },
    async (req) => {
      const { challenge, sentTo } = await service.sendTestCode(callerOf(req), req.ip);
      return { isError: false as const, data: { challenge, sent_to: sentTo } };
    },
  );

  r.get(
    '/admin/settings/profile',
    {
      ...owner,
      schema: {
        tags,
        summary: "The store's profile: name, logo, contacts, GSTIN, office, order settings",
        security: bearerSecurity,
        response: { 200: storeProfileResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.profile(callerOf(req).storeId),
    }),
  );

  r.put(
    '/admin/settings/profile',
    {
      ...owner,
      schema: {
        tags,
        summary:
          'Save the profile (GSTIN checked; GST state from it or the office pincode; coordinates from the pincode unless given; audited)',
        security: bearerSecurity,
        body: storeProfileFieldsSchema,
        response: { 200: storeProfileResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const user = callerOf(req);
      const data = await service.saveProfile({ storeId: user.storeId, userId: user.id }, req.body);
      return { isError: false as const, data };
    },
  );

  r.get(
    '/admin/settings/academy',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Whether courses may be paid on delivery, i.e. at the academy (owner only)',
        security: bearerSecurity,
        response: { 200: academySettingsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.academy(callerOf(req).storeId),
    }),
  );

  r.put(
    '/admin/settings/academy',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Turn paying for courses at the academy on or off (owner only; audited)',
        security: bearerSecurity,
        body: academySettingsSchema,
        response: { 200: academySettingsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const user = callerOf(req);
      const data = await service.saveAcademy({ storeId: user.storeId, userId: user.id }, req.body);
      return { isError: false as const, data };
    },
  );

  r.get(
    '/admin/settings/buttons',
    {
      ...owner,
      schema: {
        tags,
        summary: 'The purchase buttons (cart mode) and the payment modes the store offers',
        security: bearerSecurity,
        response: { 200: storeButtonsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.buttons(callerOf(req).storeId),
    }),
  );

  r.put(
    '/admin/settings/buttons',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Replace the purchase buttons and payment modes (audited)',
        security: bearerSecurity,
        body: storeButtonsSchema,
        response: { 200: storeButtonsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const user = callerOf(req);
      const data = await service.saveButtons({ storeId: user.storeId, userId: user.id }, req.body);
      return { isError: false as const, data };
    },
  );

  r.get(
    '/admin/settings/upi',
    {
      ...owner,
      schema: {
        tags,
        summary: "Manual UPI payment: the shop's UPI ID, payee name and whether it is offered",
        security: bearerSecurity,
        response: { 200: upiSettingsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => ({ isError: false as const, data: await service.upi(callerOf(req).storeId) }),
  );

  r.put(
    '/admin/settings/upi',
    {
      ...owner,
      schema: {
        tags,
        summary:
          'Save the UPI ID (name@bank) and payee name, and turn the Pay by UPI button on or off (owner only; audited)',
        security: bearerSecurity,
        body: upiSettingsSchema,
        response: { 200: upiSettingsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const user = callerOf(req);
      const data = await service.saveUpi({ storeId: user.storeId, userId: user.id }, req.body);
      return { isError: false as const, data };
    },
  );

  r.post(
    '/admin/settings/upi/qr',
    {
      ...owner,
      schema: {
        tags,
        summary:
          'Upload the shop\'s own UPI QR image (multipart field "images"): read on the server, it must pay the upi_id given, else 400 on qr_image naming both IDs and nothing is saved; saved with that UPI ID, shoppers then see it (owner only; audited)',
        security: bearerSecurity,
        querystring: upiQrUploadQuerySchema,
        response: { 200: upiSettingsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const [picture] = await readImageUploads(req, images.maxBytes, images.tooLarge(), 1);
      const user = callerOf(req);
      const data = await service.saveUpiQr(
        { storeId: user.storeId, userId: user.id },
        req.query.upi_id,
        picture!,
      );
      return { isError: false as const, data };
    },
  );

  r.get(
    '/admin/settings/pincode/:pincode',
    {
      ...owner,
      schema: {
        tags,
        summary: "Where a pincode is (its state and centre): the profile's office is placed there",
        security: bearerSecurity,
        params: pincodeParamsSchema,
        response: { 200: pincodePlaceResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) =>
      Promise.resolve({ isError: false as const, data: service.pincodePlace(req.params.pincode) }),
  );

  const keysPath = '/admin/settings/payment-keys';
  const actorOf = (req: Parameters<typeof callerOf>[0]) => {
    const user = callerOf(req);
    return { storeId: user.storeId, userId: user.id };
  };

  r.get(
    keysPath,
    {
      ...owner,
      schema: {
        tags,
        summary: "The store's payment-gateway keys, masked, and the webhook address",
        security: bearerSecurity,
        response: { 200: paymentKeysResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await paymentKeys.keys(callerOf(req).storeId),
    }),
  );

  r.put(
    keysPath,
    {
      ...owner,
      schema: {
        tags,
        summary:
          'Save the store’s own gateway keys (secrets write-only, sealed at rest; an omitted secret is kept; audited)',
        security: bearerSecurity,
        body: paymentKeysUpdateSchema,
        response: { 200: paymentKeysResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await paymentKeys.save(actorOf(req), req.body),
    }),
  );

  r.delete(
    keysPath,
    {
      ...owner,
      schema: {
        tags,
        summary: "Remove the store's own keys: checkout uses the server's again (audited)",
        security: bearerSecurity,
        response: { 200: paymentKeysResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => ({ isError: false as const, data: await paymentKeys.remove(actorOf(req)) }),
  );

  r.post(
    `${keysPath}/test`,
    {
      ...owner,
      schema: {
        tags,
        summary: 'Ask the gateway whether it accepts the typed keys, or the saved ones ({})',
        security: bearerSecurity,
        body: paymentKeysTestSchema,
        response: { 200: paymentKeysTestResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => paymentKeys.test(callerOf(req).storeId, req.body),
  );
}
