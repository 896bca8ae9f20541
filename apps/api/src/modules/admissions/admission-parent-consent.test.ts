import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMISSION_CONSENT_MESSAGES as CM,
  type Admission,
  type ConsentView,
  type InboxListResponse,
} from '@shop/contracts';
import { admissionConsentRequests, admissions, products } from '@shop/db';
import { isCourse } from '@shop/domain';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, MAIN } from '../../test-support/accounts.ts';
import { checkoutUser, lineOf, type CheckoutUser } from '../../test-support/checkout.ts';
import { storeMember } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * A child's admission needs a parent's verifiable consent (DPDP Act 2023 s.9; issue 61 item 4):
 * declared by the account holder, or given from the parent's own account through an emailed,
 * single-use, expiring link. Until then it is not submitted, not paid and not in the inbox.
 */
describe.each(testDatabaseTargets())('parent consent on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  let course: { id: string; sku: string; originalPricePaise: number; discountPricePaise: number };
  let staffToken: string;

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender, paymentWebhooks: null },
      config: { PUBLIC_URL: 'https://shop.example.com' },
    });
    const all = await t.database.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, MAIN), eq(products.status, 'Active')));
    course = all.find((p) => isCourse(p) && p.totalStock > 3)!;
    staffToken = (await storeMember(t, mail, 'staff')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const CHILD_DOB = '2016-06-01';
  const form = (patch: Record<string, unknown> = {}) => ({
    name: `Kabir ${randomUUID().slice(0, 6)}`,
    guardianName: 'Sunita Rao',
    guardianRelation: 'Mother',
    guardianMobile: '98200 55555',
    dob: CHILD_DOB,
    gender: 'Male',
    address: '4 Marve Road, Malad West',
    pincode: '400064',
    mobile: '98200 12345',
    email: 'family@example.com',
    center: 'Malad (W)',
    rulesAgreed: true,
    ...patch,
  });
  const pay = (u: CheckoutUser, admissionId: string, mode: 'Pay now' | 'Pay on delivery') =>
    u.post(
      mode === 'Pay now' ? '/api/admission-pay' : '/api/admission-pay/paydelivery',
      {
        main_id: MAIN,
        user_id: u.userId,
        admission_id: admissionId,
        cart_products: [lineOf(course)],
        mobile: '9820012345',
        coupon_code: '',
        payment_mode: mode,
      },
      { 'idempotency-key': `adm-${randomUUID()}` },
    );
  const inInbox = async (name: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/inbox?kind=admission&search=${encodeURIComponent(name)}`,
      headers: { authorization: `Bearer ${staffToken}` },
    });
    return res.json<InboxListResponse>().total;
  };
  const row = async (id: string) =>
    (await t.database.db.select().from(admissions).where(eq(admissions.id, id)))[0]!;
  const noticeOf = (name: string) =>
    mail.sent.find((m) => m.subject === `New admission form from ${name}`);
  /** The token of the newest consent link emailed to `email`. */
  const linkTo = (email: string) => {
    const m = mail.sent.filter((x) => x.to === email).at(-1);
    return /#token=([A-Za-z0-9_-]+)/.exec(m?.text ?? '')?.[1];
  };
  const child = async (u: CheckoutUser, patch: Record<string, unknown> = {}) => {
    const res = await u.post<{ data: Admission }>('/api/admission', form(patch));
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('an under-18 admission without consent waits: not in the inbox, no notice, not payable', async () => {
    const holder = await checkoutUser(t, mail);
    const a = await child(holder);
    expect(a).toMatchObject({ status: 'awaiting_parent_consent', parentConsent: null });
    expect(await inInbox(a.name)).toBe(0);
    expect(noticeOf(a.name)).toBeUndefined();
    for (const mode of ['Pay now', 'Pay on delivery'] as const) {
      const res = await pay(holder, a.id, mode);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ msg: CM.notPayable, field: 'admission_id' });
    }
    // The owner cannot reveal an Aadhaar of an admission the shop may not see.
    const owner = await storeMember(t, mail, 'owner');
    const reveal = await t.app.inject({
      method: 'POST',
      url: `/api/admin/inbox/admission/${a.id}/reveal`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(reveal.statusCode).toBe(404);
  });

  it('the account holder declares they are the parent: consent recorded, submitted, payable', async () => {
    const holder = await checkoutUser(t, mail);
    const a = await child(holder, { parentConsent: { method: 'declared', declaration: true } });
    expect(a.status).toBe('submitted');
    expect(a.parentConsent).toMatchObject({ method: 'declared', email: holder.email });
    const r = await row(a.id);
    expect(r).toMatchObject({ parentConsentMethod: 'declared', parentConsentBy: holder.userId });
    expect(r.parentConsentAt).toBeInstanceOf(Date);
    expect(await inInbox(a.name)).toBe(1);
    expect(noticeOf(a.name)?.text).toContain('declared by the account holder');
    expect((await pay(holder, a.id, 'Pay now')).status).toBe(200);
  });

  it('a declaration without its tick is refused naming the field', async () => {
    const holder = await checkoutUser(t, mail);
    const res = await holder.post(
      '/api/admission',
      form({ parentConsent: { method: 'declared' } }),
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(CM.declarationRequired);
  });

  it('the parent consents from their own account through the emailed link', async () => {
    const holder = await checkoutUser(t, mail);
    const parent = await checkoutUser(t, mail);
    const a = await child(holder, {
      parentConsent: { method: 'email', parentEmail: parent.email },
    });
    expect(a.status).toBe('awaiting_parent_consent');
    expect(a.consentRequestedTo).toMatch(/^.•••@/);
    const token = linkTo(parent.email)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.sent.at(-1)?.text).toContain('https://shop.example.com/admission-consent#token=');
    // Only the token's SHA-256 is stored.
    const [req] = await t.database.db
      .select()
      .from(admissionConsentRequests)
      .where(eq(admissionConsentRequests.admissionId, a.id));
    expect(req!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(req)).not.toContain(token);

    const view = await parent.post<{ data: ConsentView }>('/api/admission-consent/view', { token });
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({
      studentName: a.name,
      dob: CHILD_DOB,
      alreadyGiven: false,
    });
    expect(await inInbox(a.name)).toBe(0);

    const noTick = await parent.post('/api/admission-consent/confirm', { token });
    expect(noTick.status).toBe(400);
    expect(noTick.body.field).toBe('declaration');

    const ok = await parent.post<{ message: string; alreadyGiven: boolean }>(
      '/api/admission-consent/confirm',
      { token, declaration: true },
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ message: CM.given, alreadyGiven: false });
    expect(await row(a.id)).toMatchObject({
      parentConsentMethod: 'parent_account',
      parentConsentBy: parent.userId,
      parentConsentEmail: parent.email,
    });
    expect(await inInbox(a.name)).toBe(1);
    expect(noticeOf(a.name)?.text).toContain("from the parent's own account");
    expect((await pay(holder, a.id, 'Pay now')).status).toBe(200);

    // A second consent is a no-op saying so: by the link again, or by a declaration.
    const again = await parent.post<{ message: string; alreadyGiven: boolean }>(
      '/api/admission-consent/confirm',
      { token, declaration: true },
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message: CM.alreadyGiven, alreadyGiven: true });
    const declared = await holder.post<{ message: string; data: Admission }>(
      `/api/admission/${a.id}/parent-consent`,
      { method: 'declared', declaration: true },
    );
    expect(declared.status).toBe(200);
    expect(declared.body.message).toBe(CM.alreadyGiven);
    expect(declared.body.data.parentConsent?.method).toBe('parent_account');
    // The student consented for stays the one on the admission.
    const swapped = await t.app.inject({
      method: 'PUT',
      url: `/api/admission/${a.id}`,
      payload: form({ name: 'Someone Else' }),
      headers: { authorization: `Bearer ${holder.token}` },
    });
    expect(swapped.statusCode).toBe(409);
    expect(swapped.json()).toMatchObject({ msg: CM.studentLocked, field: 'name' });
  });

  it('parallel confirms of one link record the consent once, and one shop notice (a race on PostgreSQL)', async () => {
    const holder = await checkoutUser(t, mail);
    const parent = await checkoutUser(t, mail);
    const a = await child(holder, {
      parentConsent: { method: 'email', parentEmail: parent.email },
    });
    const token = linkTo(parent.email)!;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        parent.post<{ alreadyGiven: boolean }>('/api/admission-consent/confirm', {
          token,
          declaration: true,
        }),
      ),
    );
    const first = answers.filter((r) => r.status === 200 && !r.body.alreadyGiven);
    expect(first).toHaveLength(1);
    for (const r of answers) expect([200, 409]).toContain(r.status);
    expect(await row(a.id)).toMatchObject({
      parentConsentMethod: 'parent_account',
      parentConsentBy: parent.userId,
    });
    expect(mail.sent.filter((m) => m.subject === `New admission form from ${a.name}`)).toHaveLength(
      1,
    );
  });

  it('another account cannot read or confirm a link; forged, retired or own-account tries change nothing', async () => {
    const holder = await checkoutUser(t, mail);
    const parent = await checkoutUser(t, mail);
    const stranger = await checkoutUser(t, mail);
    const a = await child(holder, {
      parentConsent: { method: 'email', parentEmail: parent.email },
    });
    const first = linkTo(parent.email)!;

    for (const who of [stranger, holder]) {
      for (const path of ['view', 'confirm']) {
        const res = await who.post(`/api/admission-consent/${path}`, {
          token: first,
          declaration: true,
        });
        expect(res.status).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain(a.name);
      }
    }
    const forged = await parent.post('/api/admission-consent/confirm', {
      token: `${first.slice(0, -4)}AAAA`,
      declaration: true,
    });
    expect(forged.status).toBe(404);
    expect(forged.body).toMatchObject({ msg: CM.linkInvalid, field: 'token' });
    const junk = await parent.post('/api/admission-consent/confirm', {
      token: 'x',
      declaration: true,
    });
    expect(junk.status).toBe(400);

    // A new link retires the first one.
    const resent = await holder.post(`/api/admission/${a.id}/parent-consent`, {
      method: 'email',
      parentEmail: parent.email,
    });
    expect(resent.status).toBe(200);
    const second = linkTo(parent.email)!;
    expect(second).not.toBe(first);
    const retired = await parent.post('/api/admission-consent/confirm', {
      token: first,
      declaration: true,
    });
    expect(retired.status).toBe(409);
    expect(retired.body.msg).toBe(CM.linkUsed);
    expect(await row(a.id)).toMatchObject({ parentConsentAt: null, submittedAt: null });

    // The holder may not name their own email as the parent's.
    const own = await holder.post(`/api/admission/${a.id}/parent-consent`, {
      method: 'email',
      parentEmail: holder.email,
    });
    expect(own.status).toBe(400);
    expect(own.body.msg).toBe(CM.parentEmailIsYours);
    // Nor ask on another account's admission.
    const theirs = await stranger.post(`/api/admission/${a.id}/parent-consent`, {
      method: 'declared',
      declaration: true,
    });
    expect(theirs.status).toBe(404);
    expect(await row(a.id)).toMatchObject({ parentConsentAt: null, submittedAt: null });
  });

  it('an expired link is refused', async () => {
    const holder = await checkoutUser(t, mail);
    const parent = await checkoutUser(t, mail);
    const a = await child(holder, {
      parentConsent: { method: 'email', parentEmail: parent.email },
    });
    await t.database.db
      .update(admissionConsentRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(admissionConsentRequests.admissionId, a.id));
    const res = await parent.post('/api/admission-consent/confirm', {
      token: linkTo(parent.email)!,
      declaration: true,
    });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(CM.linkExpired);
    expect((await row(a.id)).parentConsentAt).toBeNull();
  });

  it('an 18+ student needs no consent; a date of birth made a child’s takes the admission back', async () => {
    const holder = await checkoutUser(t, mail);
    const a = await child(holder, { dob: '2001-01-01' });
    expect(a.status).toBe('submitted');
    const asked = await holder.post(`/api/admission/${a.id}/parent-consent`, {
      method: 'declared',
      declaration: true,
    });
    expect(asked.status).toBe(409);
    expect(asked.body.msg).toBe(CM.notNeeded);
    const made = await t.app.inject({
      method: 'PUT',
      url: `/api/admission/${a.id}`,
      payload: form({ name: a.name, dob: CHILD_DOB }),
      headers: { authorization: `Bearer ${holder.token}` },
    });
    expect(made.statusCode).toBe(200);
    expect(made.json<{ data: Admission }>().data.status).toBe('awaiting_parent_consent');
    expect((await pay(holder, a.id, 'Pay now')).status).toBe(409);
  });

  it('a failed consent email leaves no request behind', async () => {
    const holder = await checkoutUser(t, mail);
    const a = await child(holder);
    const res = await mail.refusing(() =>
      holder.post(`/api/admission/${a.id}/parent-consent`, {
        method: 'email',
        parentEmail: 'someone@example.com',
      }),
    );
    expect(res.status).toBe(503);
    const reqs = await t.database.db
      .select()
      .from(admissionConsentRequests)
      .where(eq(admissionConsentRequests.admissionId, a.id));
    expect(reqs).toHaveLength(0);
  });
});
