import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMISSION_MESSAGES,
  COURSE_MESSAGES,
  type Admission,
  type AdmissionPayment,
  type PayNowResponse,
  type PayOnDeliveryResponse,
} from '@shop/contracts';
import {
  admissionAadhaarReveals,
  admissions,
  orders,
  products,
  shopNotices,
  storeSettings,
} from '@shop/db';
import { isCourse } from '@shop/domain';
import { testDatabaseTargets } from '@shop/db/testing';
import { checkoutSignature, webhookSignature } from '../../adapters/payment-signatures.ts';
import { secretBox } from '../../adapters/secret-box.ts';
import { deriveKey } from '../../lib/secrets.ts';
import { capturingEmail, MAIN } from '../../test-support/accounts.ts';
import {
  checkoutUser,
  lineOf,
  simpleProducts,
  type CheckoutUser,
} from '../../test-support/checkout.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const KEY_SECRET = 'test-key-secret-0123456789abcdef';
const WEBHOOK_SECRET = 'test-webhook-secret-0123456789ab';
const AUTH_SECRET = 'admissions-test-secret-0123456789abcdef0123456789';
/** Valid Aadhaar numbers (Verhoeff check digit right). */
const AADHAAR = '234123412346';
const AADHAAR_2 = '499118665246';

describe.each(testDatabaseTargets())('admissions on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  let courses: {
    id: string;
    sku: string;
    originalPricePaise: number;
    discountPricePaise: number;
  }[];
  let goods: { id: string; sku: string }[];

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender, paymentWebhooks: null },
      config: {
        AUTH_SECRET,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    });
    const all = await t.database.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, MAIN), eq(products.status, 'Active')));
    courses = all.filter((p) => isCourse(p) && p.totalStock > 3);
    goods = await simpleProducts(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const form = (patch: Record<string, unknown> = {}) => ({
    name: 'Riya Kulkarni',
    guardianName: 'Amit Kulkarni',
    guardianRelation: 'Father',
    guardianMobile: '98200 12399',
    guardian2Name: 'Neha Kulkarni',
    guardian2Relation: 'Mother',
    // An adult student: no parent's consent needed (admission-parent-consent.test.ts has children).
    dob: '2000-04-12',
    aadhar: AADHAAR,
    gender: 'Female',
    school: 'St. Xavier’s',
    address: '12 Link Road, Malad West',
    pincode: '400064',
    mobile: '98200 12345',
    email: 'Parent@Example.com',
    center: 'Malad (W)',
    rulesAgreed: true,
    ...patch,
  });
  const put = (u: CheckoutUser, url: string, body: unknown) =>
    t.app
      .inject({
        method: 'PUT',
        url,
        payload: body as Record<string, unknown>,
        headers: { authorization: `Bearer ${u.token}` },
      })
      .then((res) => ({
        status: res.statusCode,
        body: res.json<{ data: Admission; msg?: string; field?: string }>(),
      }));
  const rawRow = async (id: string) =>
    (await t.database.db.select().from(admissions).where(eq(admissions.id, id)))[0]!;
  const admitted = async () => {
    const u = await checkoutUser(t, mail);
    const res = await u.post<{ data: Admission }>('/api/admission', form({ user_id: u.userId }));
    expect(res.status).toBe(200);
    return { ...u, admissionId: res.body.data.id };
  };

  describe('the form', () => {
    it('creates an admission, answers the Aadhaar masked, never stores the digits', async () => {
      const u = await checkoutUser(t, mail);
      const res = await u.post<{ data: Admission; message: string }>(
        '/api/admission',
        form({ user_id: u.userId, user_name: 'Asha', main_id: MAIN }),
      );
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(ADMISSION_MESSAGES.submitted);
      expect(res.body.data).toMatchObject({
        user_id: u.userId,
        aadhar: 'XXXX XXXX 2346',
        mobile: '9820012345',
        email: 'parent@example.com',
        center: 'Malad (W)',
        rulesAgreed: true,
      });
      expect(JSON.stringify(res.body)).not.toContain(AADHAAR);
      // The shop's inbox hears of it, without the Aadhaar number.
      const notice = mail.sent.find((m) => m.subject === 'New admission form from Riya Kulkarni');
      expect(notice?.text).toContain('Malad (W)');
      expect(JSON.stringify(notice)).not.toContain(AADHAAR);
      expect(JSON.stringify(notice)).not.toContain('2346');

      const row = await rawRow(res.body.data.id);
      expect(JSON.stringify(row)).not.toContain(AADHAAR);
      expect(row.aadhaarSealed).toMatch(/^v1\./);
      expect(row.aadhaarLast4).toBe('2346');
      expect(row.aadhaarHash).toMatch(/^[0-9a-f]{64}$/);
      // The sealed value opens with the key derived from the server secret, for this user only.
      const box = secretBox(deriveKey(AUTH_SECRET, 'admission-aadhaar-v1'));
      expect(box.open(row.aadhaarSealed!, `admission-aadhaar:${MAIN}:${u.userId}`)).toBe(AADHAAR);
      expect(() =>
        box.open(row.aadhaarSealed!, `admission-aadhaar:${MAIN}:${randomUUID()}`),
      ).toThrow();

      const single = await u.get<{ user: Admission }>(`/api/admission/single/${u.userId}`);
      expect(single.status).toBe(200);
      expect(single.body.user.aadhar).toBe('XXXX XXXX 2346');
      expect(JSON.stringify(single.body)).not.toContain(AADHAAR);
    });

    it('owes the shop its notice with the admission, never with the Aadhaar number', async () => {
      const u = await checkoutUser(t, mail);
      mail.fail(true);
      try {
        const res = await u.post<{ data: Admission }>('/api/admission', form());
        expect(res.status).toBe(200);
        // Refused by the email server: kept to be sent again, in words without the digits.
        const [owed] = await t.database.db
          .select()
          .from(shopNotices)
          .where(eq(shopNotices.itemId, res.body.data.id));
        expect(owed).toMatchObject({
          form: 'admission',
          subject: 'New admission form from Riya Kulkarni',
          lastError: 'SMTP down',
        });
        expect(JSON.stringify(owed)).not.toContain(AADHAAR);
        expect(JSON.stringify(owed)).not.toContain('2346');
      } finally {
        mail.fail(false);
      }
      // A second form of the same account is refused, and owes no second notice.
      expect((await u.post('/api/admission', form())).status).toBe(409);
      const notices = await t.database.db
        .select({ form: shopNotices.form })
        .from(shopNotices)
        .innerJoin(admissions, eq(admissions.id, shopNotices.itemId))
        .where(eq(admissions.userId, u.userId));
      expect(notices).toHaveLength(1);
      // Not left for a retry in the middle of the later tests' mail.
      await t.database.db.delete(shopNotices).where(eq(shopNotices.form, 'admission'));
    });

    it('answers null before the form is filled, and a second POST is a conflict', async () => {
      const u = await checkoutUser(t, mail);
      const none = await u.get<{ user: null }>(`/api/admission/single/${u.userId}`);
      expect(none.body.user).toBeNull();
      expect((await u.post('/api/admission', form())).status).toBe(200);
      const again = await u.post('/api/admission', form());
      expect(again.status).toBe(409);
    });

    it.each([
      [{ name: '' }, 'name', ADMISSION_MESSAGES.required],
      [{ guardianName: '  ' }, 'guardianName', ADMISSION_MESSAGES.required],
      [{ guardianRelation: undefined }, 'guardianRelation', ADMISSION_MESSAGES.required],
      [{ guardianMobile: '' }, 'guardianMobile', ADMISSION_MESSAGES.required],
      [
        { guardian2Mobile: '123' },
        'guardian2Mobile',
        'Please enter a valid 10-digit mobile number.',
      ],
      [{ dob: '' }, 'dob', ADMISSION_MESSAGES.required],
      [{ gender: 'Robot' }, 'gender', ADMISSION_MESSAGES.required],
      [{ address: '' }, 'address', ADMISSION_MESSAGES.required],
      [{ pincode: '' }, 'pincode', ADMISSION_MESSAGES.required],
      [{ mobile: '' }, 'mobile', ADMISSION_MESSAGES.required],
      [{ mobile: '12345' }, 'mobile', 'Please enter a valid 10-digit mobile number.'],
      [{ email: '' }, 'email', ADMISSION_MESSAGES.required],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
      [{ center: 'Pune' }, 'center', ADMISSION_MESSAGES.required],
      [{ aadhar: '12345' }, 'aadhar', ADMISSION_MESSAGES.aadharLength],
      [{ aadhar: '23412341234x' }, 'aadhar', ADMISSION_MESSAGES.aadharLength],
      [{ aadhar: '234123412345' }, 'aadhar', ADMISSION_MESSAGES.aadharInvalid],
      [{ rulesAgreed: false }, 'rulesAgreed', ADMISSION_MESSAGES.rulesRequired],
      [{ dob: '2999-01-01' }, 'dob', 'The date of birth cannot be in the future.'],
    ])('refuses %o with 400 naming %s', async (patch, field, message) => {
      const u = await checkoutUser(t, mail);
      const res = await u.post('/api/admission', form(patch));
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.msg).toBe(message);
    });

    it('keeps school, the Aadhaar and the second parent optional (one guardian is enough)', async () => {
      const u = await checkoutUser(t, mail);
      const res = await u.post<{ data: Admission }>(
        '/api/admission',
        form({
          school: undefined,
          aadhar: undefined,
          guardian2Name: undefined,
          guardian2Relation: undefined,
        }),
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        school: '',
        aadhar: '',
        guardianName: 'Amit Kulkarni',
        guardianRelation: 'Father',
        guardianMobile: '9820012399',
        guardian2Name: '',
        status: 'submitted',
      });
      const row = await rawRow(res.body.data.id);
      expect(row).toMatchObject({ aadhaarSealed: null, aadhaarHash: null, aadhaarLast4: null });
      // An empty Aadhaar is none too.
      const v = await checkoutUser(t, mail);
      const empty = await v.post<{ data: Admission }>('/api/admission', form({ aadhar: '' }));
      expect(empty.status).toBe(200);
      expect(empty.body.data.aadhar).toBe('');
    });

    it('updates: a masked or empty Aadhaar keeps the one on file, a new one is sealed again', async () => {
      const u = await admitted();
      const before = await rawRow(u.admissionId);
      const kept = await put(
        u,
        `/api/admission/${u.admissionId}`,
        form({ aadhar: 'XXXX XXXX 2346', name: 'Riya K' }),
      );
      expect(kept.status).toBe(200);
      expect(kept.body.data).toMatchObject({ name: 'Riya K', aadhar: 'XXXX XXXX 2346' });
      expect((await rawRow(u.admissionId)).aadhaarSealed).toBe(before.aadhaarSealed);
      const changed = await put(u, `/api/admission/${u.admissionId}`, form({ aadhar: AADHAAR_2 }));
      expect(changed.body.data.aadhar).toBe('XXXX XXXX 5246');
      const after = await rawRow(u.admissionId);
      expect(after.aadhaarSealed).not.toBe(before.aadhaarSealed);
      expect(JSON.stringify(after)).not.toContain(AADHAAR_2);
      const bad = await put(u, `/api/admission/${u.admissionId}`, form({ aadhar: '499118665247' }));
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('aadhar');
    });

    it('answers only its owner: another user gets 403 reading and 404 updating', async () => {
      const owner = await admitted();
      const other = await checkoutUser(t, mail);
      const read = await other.get(`/api/admission/single/${owner.userId}`);
      expect(read.status).toBe(403);
      const write = await put(
        other,
        `/api/admission/${owner.admissionId}`,
        form({ name: 'Hijack' }),
      );
      expect(write.status).toBe(404);
      expect((await rawRow(owner.admissionId)).name).toBe('Riya Kulkarni');
      const asOther = await other.post('/api/admission', form({ user_id: owner.userId }));
      expect(asOther.status).toBe(403);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/admission',
        payload: form(),
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('reveals the digits to the store owner only, recording each reveal', async () => {
      const u = await admitted();
      const service = t.services.admissions;
      const other = await checkoutUser(t, mail);
      await expect(
        service.reveal({ id: other.userId, storeId: MAIN, role: 'staff' }, u.admissionId),
      ).rejects.toMatchObject({ statusCode: 403 });
      await expect(
        service.reveal({ id: other.userId, storeId: 'other-store', role: 'owner' }, u.admissionId),
      ).rejects.toMatchObject({ statusCode: 404 });
      const digits = await service.reveal(
        { id: other.userId, storeId: MAIN, role: 'owner' },
        u.admissionId,
      );
      expect(digits).toBe(AADHAAR);
      const reveals = await t.database.db
        .select()
        .from(admissionAadhaarReveals)
        .where(eq(admissionAadhaarReveals.admissionId, u.admissionId));
      expect(reveals).toHaveLength(1);
      expect(reveals[0]!.revealedBy).toBe(other.userId);
    });
  });

  describe('admission payments', () => {
    const payBody = (
      u: { userId: string; admissionId: string },
      patch: Record<string, unknown> = {},
    ) => ({
      main_id: MAIN,
      user_id: u.userId,
      admission_id: u.admissionId,
      cart_products: [lineOf(courses[0]!)],
      mobile: '9820012345',
      coupon_code: '',
      payment_mode: 'Pay now',
      // Amounts a client sends are ignored.
      totalAmountbeforePay: 1,
      ...patch,
    });
    const orderRow = async (id: string) =>
      (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
    const webhook = (
      gatewayOrderId: string,
      paymentId: string,
      amount: number,
      eventId: string,
    ) => {
      const raw = JSON.stringify({
        entity: 'event',
        account_id: 'acc_test',
        event: 'payment.captured',
        contains: ['payment'],
        payload: {
          payment: {
            entity: {
              id: paymentId,
              order_id: gatewayOrderId,
              amount,
              status: 'captured',
              method: 'upi',
            },
          },
        },
        created_at: 1_700_000_000,
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        payload: raw,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': webhookSignature(raw, WEBHOOK_SECRET),
          'x-razorpay-event-id': eventId,
        },
      });
    };

    it('pays now for a course: priced by the server, no delivery, GST at 18%, linked, verified', async () => {
      const u = await admitted();
      const course = courses[0]!;
      const res = await u.post<PayNowResponse>('/api/admission-pay', payBody(u), {
        'idempotency-key': `adm-${randomUUID()}`,
      });
      expect(res.status).toBe(200);
      const row = await orderRow(res.body.order_id);
      expect(row.admissionId).toBe(u.admissionId);
      expect(row.deliveryChargePaise).toBe(0);
      expect(row.distanceKm).toBeNull();
      expect(row.shippingAddressId).toBeNull();
      expect(row.userName).toBe('Riya Kulkarni');
      expect(row.totalAmountPaise).toBe(
        course.discountPricePaise > 0 ? course.discountPricePaise : course.originalPricePaise,
      );
      expect(res.body.razorpay_order.amount).toBe(row.totalAmountPaise);
      // 18% GST included in the price (SAC 9992), split CGST/SGST within Maharashtra.
      const tax = row.cgstPaise + row.sgstPaise + row.igstPaise;
      expect(row.igstPaise).toBe(0);
      expect(Math.abs(row.taxableValuePaise * 0.18 - tax)).toBeLessThanOrEqual(2);

      const paymentId = `pay_${randomUUID().slice(0, 12)}`;
      const gatewayOrderId = res.body.razorpay_order.id;
      const bad = await u.post('/api/admission-pay/verify', {
        razorpay_order_id: gatewayOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: 'a'.repeat(64),
      });
      expect(bad.status).toBe(400);
      const other = await checkoutUser(t, mail);
      const stolen = await other.post('/api/admission-pay/verify', {
        razorpay_order_id: gatewayOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: checkoutSignature(gatewayOrderId, paymentId, KEY_SECRET),
      });
      expect(stolen.status).toBe(404);
      const ok = await u.post('/api/admission-pay/verify', {
        razorpay_order_id: gatewayOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: checkoutSignature(gatewayOrderId, paymentId, KEY_SECRET),
        receipt_id: res.body.receipt_id,
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ success: true, order_id: res.body.order_id });
      expect((await orderRow(res.body.order_id)).paymentStatus).toBe('Success');

      const single = await u.get<{ data: AdmissionPayment }>(
        `/api/admission-pay/single/${res.body.receipt_id}`,
      );
      expect(single.status).toBe(200);
      expect(single.body.data).toMatchObject({
        order_id: res.body.order_id,
        user_name: 'Riya Kulkarni',
        payment_mode: 'Pay now',
        remaining_amount: 0,
        status: 'Success',
        admission_id: u.admissionId,
      });
      expect(single.body.data.amountafterdiscount).toBe(row.amountAfterDiscountPaise / 100);
      const byId = await u.get(`/api/admission-pay/single/${res.body.order_id}`);
      expect(byId.status).toBe(200);
      expect((await other.get(`/api/admission-pay/single/${res.body.order_id}`)).status).toBe(404);
      expect((await other.get(`/api/admission-pay/single/${res.body.receipt_id}`)).status).toBe(
        404,
      );
    });

    it('is idempotent, confirmed by the webhook once (a replay changes nothing)', async () => {
      const u = await admitted();
      const key = `adm-${randomUUID()}`;
      const first = await u.post<PayNowResponse>('/api/admission-pay', payBody(u), {
        'idempotency-key': key,
      });
      const second = await u.post<PayNowResponse>('/api/admission-pay', payBody(u), {
        'idempotency-key': key,
      });
      expect(second.body.order_id).toBe(first.body.order_id);
      const g = first.body.razorpay_order;
      const eventId = `evt_${randomUUID()}`;
      const paymentId = `pay_${randomUUID().slice(0, 12)}`;
      expect((await webhook(g.id, paymentId, g.amount, eventId)).statusCode).toBe(200);
      const paid = await orderRow(first.body.order_id);
      expect(paid.paymentStatus).toBe('Success');
      expect((await webhook(g.id, paymentId, g.amount, eventId)).statusCode).toBe(200);
      const again = await orderRow(first.body.order_id);
      expect(again.version).toBe(paid.version);
      expect(again.paidAt?.getTime()).toBe(paid.paidAt?.getTime());
    });

    it('pays an advance with /paydelivery, the rest remaining (a shop that takes payment at the academy)', async () => {
      const u = await admitted();
      const atAcademy = (on: boolean) =>
        t.database.db
          .update(storeSettings)
          .set({ payAtAcademy: on })
          .where(eq(storeSettings.storeId, MAIN));
      const refused = await u.post('/api/admission-pay/paydelivery', {
        ...payBody(u, { payment_mode: 'Pay on delivery' }),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.field).toBe('payment_mode');
      expect(refused.body.msg).toBe(COURSE_MESSAGES.payAtAcademyOff);
      await atAcademy(true);
      const res = await u
        .post<PayOnDeliveryResponse>(
          '/api/admission-pay/paydelivery',
          payBody(u, { payment_mode: 'Pay on delivery' }),
        )
        .finally(() => atAcademy(false));
      expect(res.status).toBe(200);
      const row = await orderRow(res.body.order_id);
      expect(row.admissionId).toBe(u.admissionId);
      expect(row.amountToPayPaise + row.remainingAmountPaise).toBe(row.totalAmountPaise);
      expect(res.body.remaining_amount).toBe(row.remainingAmountPaise / 100);
      const single = await u.get<{ data: AdmissionPayment }>(
        `/api/admission-pay/single/${res.body.order_id}`,
      );
      expect(single.body.data.payment_mode).toBe('Pay on delivery');
      expect(single.body.data.remaining_amount).toBe(row.remainingAmountPaise / 100);
    });

    it('refuses goods, another user’s admission, a wrong mode and a missing admission', async () => {
      const u = await admitted();
      const goodsLine = await u.post(
        '/api/admission-pay',
        payBody(u, { cart_products: [lineOf(goods[0]!)] }),
      );
      expect(goodsLine.status).toBe(400);
      expect(goodsLine.body.field).toBe('cart_products.0');
      expect(goodsLine.body.msg).toBe(ADMISSION_MESSAGES.coursesOnly);

      const other = await admitted();
      const theirs = await other.post(
        '/api/admission-pay',
        payBody({ userId: other.userId, admissionId: u.admissionId }),
      );
      expect(theirs.status).toBe(404);
      expect(theirs.body.field).toBe('admission_id');
      const asU = await other.post('/api/admission-pay', payBody(u));
      expect(asU.status).toBe(403);

      const mode = await u.post(
        '/api/admission-pay',
        payBody(u, { payment_mode: 'Pay on delivery' }),
      );
      expect(mode.status).toBe(400);
      expect(mode.body.field).toBe('payment_mode');
      const missing = await u.post('/api/admission-pay', payBody(u, { admission_id: undefined }));
      expect(missing.status).toBe(400);
      expect(missing.body.field).toBe('admission_id');
      // A shop order is not an admission payment.
      const shop = await u.get(`/api/admission-pay/single/${randomUUID()}`);
      expect(shop.status).toBe(404);
    });
  });
});
