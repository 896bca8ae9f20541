import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_MESSAGES, type CourseDetails } from '@shop/contracts';
import { auditLog, courseDetails, products, storeSettings } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { isCourse } from '@shop/domain';
import { capturingEmail, client, MAIN } from '../../test-support/accounts.ts';
import { checkoutUser, lineOf, simpleProducts } from '../../test-support/checkout.ts';
import { memberToken } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

type Body = Record<string, unknown> & { msg?: string; field?: string };

const DETAILS: CourseDetails = {
  batch: 'Beginners, batch B',
  schedule: 'Sat and Sun, 7:00 to 8:00 am',
  age_group: '5 to 8 years',
  place: 'Malad (W) rink',
};

/** Issue 59 item 5: courses sold as courses (pay at the academy, course details). */
describe.each(testDatabaseTargets())('courses sold as courses on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  let owner: string;
  let staff: string;
  let customer: string;
  let otherOwner: string;
  let otherStaff: string;
  let course: { id: string; sku: string };
  let goods: { id: string; sku: string };

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender, paymentWebhooks: null } });
    owner = (await memberToken(t, 'owner')).token;
    staff = (await memberToken(t, 'staff')).token;
    customer = (await memberToken(t, 'customer')).token;
    otherOwner = (await memberToken(t, 'owner', 'threadline')).token;
    otherStaff = (await memberToken(t, 'staff', 'threadline')).token;
    const all = await t.database.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, MAIN), eq(products.status, 'Active')));
    course = all.find((p) => isCourse(p) && p.totalStock > 5)!;
    goods = (await simpleProducts(t))[0]!;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = <T = Body>(method: 'GET' | 'PUT', url: string, token?: string, body?: unknown) =>
    client(t).call<T & Body>(method, url, body, token);
  const academy = (token: string) =>
    call<{ data: { pay_at_academy: boolean } }>('GET', '/api/admin/settings/academy', token);
  const setAcademy = (token: string, on: boolean) =>
    call<{ data: { pay_at_academy: boolean } }>('PUT', '/api/admin/settings/academy', token, {
      pay_at_academy: on,
    });

  describe('the "pay at the academy" setting', () => {
    it('is off by default, and the owner turns it on and off (audited)', async () => {
      expect((await academy(owner)).body.data).toEqual({ pay_at_academy: false });
      const on = await setAcademy(owner, true);
      expect(on.status).toBe(200);
      expect(on.body.data).toEqual({ pay_at_academy: true });
      const [row] = await t.database.db
        .select({ on: storeSettings.payAtAcademy })
        .from(storeSettings)
        .where(eq(storeSettings.storeId, MAIN));
      expect(row!.on).toBe(true);
      const pay = await call<{ pay_at_academy: boolean }>('GET', `/api/pay-razorpay/${MAIN}`);
      expect(pay.body.pay_at_academy).toBe(true);
      expect((await setAcademy(owner, false)).body.data).toEqual({ pay_at_academy: false });
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.storeId, MAIN), eq(auditLog.action, 'settings.academy')));
      expect(audits.length).toBeGreaterThanOrEqual(2);
    });

    it('is the owner’s alone: staff, customers and no one get 401/403', async () => {
      expect((await academy(staff)).status).toBe(403);
      expect((await setAcademy(staff, true)).status).toBe(403);
      expect((await setAcademy(customer, true)).status).toBe(403);
      expect((await call('PUT', '/api/admin/settings/academy', undefined, {})).status).toBe(401);
    });

    it('is store-scoped: another store’s owner never reads or changes this store’s', async () => {
      await setAcademy(owner, true);
      try {
        const theirs = await academy(otherOwner);
        // Their own store's answer (or none), never this store's "on".
        if (theirs.status === 200) expect(theirs.body.data.pay_at_academy).toBe(false);
        else expect(theirs.status).toBe(404);
        await setAcademy(otherOwner, false);
        expect((await academy(owner)).body.data.pay_at_academy).toBe(true);
      } finally {
        await setAcademy(owner, false);
      }
    });

    it('refuses a body that is not true or false, naming the field', async () => {
      const res = await call('PUT', '/api/admin/settings/academy', owner, { pay_at_academy: 'y' });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('pay_at_academy');
    });
  });

  describe('checkout of a course', () => {
    it('refuses pay on delivery for a course (alone or with goods) unless the shop takes payment at the academy', async () => {
      const u = await checkoutUser(t, mail);
      const addressId = await u.address('bandra');
      const order = (lines: ReturnType<typeof lineOf>[]) => ({
        main_id: MAIN,
        cart_products: lines,
        billing_address: addressId,
        shipping_address: addressId,
        mobile: '9820012345',
        coupon_code: '',
        payment_mode: 'Pay on delivery',
        user_id: u.userId,
      });
      for (const lines of [[lineOf(course)], [lineOf(goods), lineOf(course)]]) {
        const res = await u.post<Body>('/api/payment/paydelivery', order(lines));
        expect(res.status).toBe(400);
        expect(res.body.field).toBe('payment_mode');
        expect(res.body.msg).toBe(COURSE_MESSAGES.payAtAcademyOff);
      }
      const summary = await u.post<Body>('/api/payment/summary', {
        main_id: MAIN,
        cart_products: [lineOf(course)],
        payment_mode: 'Pay on delivery',
      });
      expect(summary.body).toMatchObject({ orderable: false, field: 'payment_mode' });
      // Goods alone are paid on delivery as before.
      const goodsOnly = await u.post<Body>('/api/payment/summary', {
        main_id: MAIN,
        cart_products: [lineOf(goods)],
        shipping_address: addressId,
        payment_mode: 'Pay on delivery',
      });
      expect(goodsOnly.body.field).not.toBe('payment_mode');

      await setAcademy(owner, true);
      try {
        const allowed = await u.post<Body>('/api/payment/summary', {
          main_id: MAIN,
          cart_products: [lineOf(course)],
          payment_mode: 'Pay on delivery',
        });
        expect(allowed.body.field).not.toBe('payment_mode');
        const placed = await u.post<Body>('/api/payment/paydelivery', order([lineOf(course)]));
        expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      } finally {
        await setAcademy(owner, false);
      }
    });
  });

  describe("a course's details", () => {
    const url = (id: string) => `/api/admin/courses/${id}/details`;

    it('are saved by staff, audited, and read by anyone on the course list', async () => {
      expect((await call('GET', url(course.id), staff)).body.data).toMatchObject({ batch: '' });
      const saved = await call('PUT', url(course.id), staff, {
        ...DETAILS,
        batch: `  ${DETAILS.batch}  `,
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toEqual(DETAILS);
      const list = await call<{ data: (CourseDetails & { product_id: string })[] }>(
        'GET',
        `/api/course-details/${MAIN}`,
      );
      expect(list.body.data).toContainEqual({ product_id: course.id, ...DETAILS });
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'product.course_details'), eq(auditLog.entityId, course.id)),
        );
      expect(audits).toHaveLength(1);
    });

    it('belong to a course of the staff’s own store only', async () => {
      const notCourse = await call('PUT', url(goods.id), staff, DETAILS);
      expect(notCourse.status).toBe(400);
      expect(notCourse.body.field).toBe('productId');
      expect(notCourse.body.msg).toBe(COURSE_MESSAGES.notACourse);
      // Another store's staff: not found, and nothing written.
      const before = await t.database.db
        .select()
        .from(courseDetails)
        .where(eq(courseDetails.productId, course.id));
      const theirs = await call('PUT', url(course.id), otherStaff, { ...DETAILS, place: 'X' });
      expect(theirs.status).toBe(404);
      expect((await call('GET', url(course.id), otherOwner)).status).toBe(404);
      const after = await t.database.db
        .select()
        .from(courseDetails)
        .where(eq(courseDetails.productId, course.id));
      expect(after).toEqual(before);
      expect((await call('PUT', url(course.id), customer, DETAILS)).status).toBe(403);
      const otherList = await call<{ data: unknown[] }>('GET', '/api/course-details/threadline');
      expect(JSON.stringify(otherList.body.data)).not.toContain(course.id);
    });

    it('refuses a detail over 120 characters, naming it', async () => {
      const res = await call('PUT', url(course.id), staff, {
        ...DETAILS,
        schedule: 'x'.repeat(121),
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('schedule');
    });
  });
});
