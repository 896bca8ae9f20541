import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Admission, InboxItemResponse, InboxListResponse, InboxNote } from '@shop/contracts';
import { admissionAadhaarReveals, auditLog, inboxStates } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, client, MAIN, uniqueEmail } from '../../test-support/accounts.ts';
import { checkoutUser, simpleProducts } from '../../test-support/checkout.ts';
import { storeMember } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/** A valid Aadhaar number (Verhoeff check digit right). */
const AADHAAR = '234123412346';

type Member = Awaited<ReturnType<typeof storeMember>>;

describe.each(testDatabaseTargets())('admin inbox on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  let staff: Member;
  let owner: Member;
  let customer: Member;
  let elsewhere: Member;
  let otherOwner: Member;

  const c = () => client(t);
  const patch = (url: string, body: unknown, token?: string) =>
    c().call<InboxItemResponse>('PATCH', url, body, token);
  const list = (query: string, token = staff.token) =>
    c().get<InboxListResponse>(`/api/admin/inbox${query}`, token);

  const sendLead = async (over: Record<string, unknown> = {}) => {
    const body = {
      name: 'Meera Joshi',
      email: uniqueEmail('meera'),
      mobile: '+91 98200-54321',
      remark: 'Do you have size 5 quad skates?',
      user_id: '',
      user_name: '',
      property_id: MAIN,
      ...over,
    };
    expect((await c().post('/api/leads', body)).status).toBe(200);
    return body;
  };
  const idOf = async (email: string) => {
    const res = await list(`?search=${encodeURIComponent(email)}`, owner.token);
    expect(res.body.data).toHaveLength(1);
    return res.body.data[0]!;
  };

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender, paymentWebhooks: null },
      config: { PUBLIC_FORM_LIMIT_PER_IP: 1000, PUBLIC_FORM_LIMIT_PER_EMAIL: 1000 },
    });
    [staff, owner, customer, elsewhere, otherOwner] = await Promise.all([
      storeMember(t, mail, 'staff'),
      storeMember(t, mail, 'owner'),
      storeMember(t, mail, 'customer'),
      storeMember(t, mail, 'staff', 'threadline'),
      storeMember(t, mail, 'owner', 'threadline'),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('who may call each route', () => {
    it('answers 401 signed out, 403 to a customer, and only the store’s own items to other stores', async () => {
      const lead = await sendLead();
      const item = await idOf(lead.email);
      const one = `/api/admin/inbox/lead/${item.id}`;
      const routes: [string, string, unknown?][] = [
        ['GET', '/api/admin/inbox'],
        ['GET', '/api/admin/inbox/export.csv'],
        ['GET', '/api/admin/inbox/assignees'],
        ['GET', one],
        ['PATCH', one, { status: 'contacted' }],
        ['POST', `${one}/notes`, { text: 'Called back' }],
        ['POST', `/api/admin/inbox/admission/${randomUUID()}/reveal`],
      ];
      for (const [method, url, body] of routes) {
        const call = (token?: string) =>
          c().call(method as 'GET', url, body ?? (method === 'GET' ? undefined : {}), token);
        expect((await call()).status, `${method} ${url} signed out`).toBe(401);
        expect((await call(customer.token)).status, `${method} ${url} customer`).toBe(403);
      }
      // Another store's staff: the item is not of their store (404), their lists do not show it.
      expect((await c().get(one, elsewhere.token)).status).toBe(404);
      expect((await patch(one, { status: 'closed' }, elsewhere.token)).status).toBe(404);
      expect((await c().post(`${one}/notes`, { text: 'x' }, elsewhere.token)).status).toBe(404);
      const theirs = await list(`?search=${encodeURIComponent(lead.email)}`, elsewhere.token);
      expect(theirs.status).toBe(200);
      expect(theirs.body.data).toEqual([]);
      const csv = await t.app.inject({
        method: 'GET',
        url: `/api/admin/inbox/export.csv?search=${encodeURIComponent(lead.email)}`,
        headers: { authorization: `Bearer ${elsewhere.token}` },
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).not.toContain(lead.email);
      // Nothing was changed by the refused calls.
      expect((await c().get<InboxItemResponse>(one, staff.token)).body.data).toMatchObject({
        status: 'new',
        notes: [],
      });
      // Staff and owner pass every route but the reveal (owner only: below).
      expect((await list('', staff.token)).status).toBe(200);
      expect((await list('', owner.token)).status).toBe(200);
      expect((await c().get(one, owner.token)).status).toBe(200);
      expect((await patch(one, { status: 'contacted' }, staff.token)).status).toBe(200);
      expect((await patch(one, { status: 'closed' }, owner.token)).status).toBe(200);
      expect((await c().post(`${one}/notes`, { text: 'by staff' }, staff.token)).status).toBe(200);
      expect((await c().post(`${one}/notes`, { text: 'by owner' }, owner.token)).status).toBe(200);
      expect((await c().get('/api/admin/inbox/assignees', staff.token)).status).toBe(200);
    });
  });

  describe('the list', () => {
    it('holds all four kinds, newest first, with tel and WhatsApp links', async () => {
      const tag = `k${Date.now().toString(36)}`;
      const lead = await sendLead({ name: `Lead ${tag}` });
      // The spec's enquiry body: school carries the email; parent_name, dob and age.
      const enquiry = {
        name: `Enquiry ${tag}`,
        mobile: '09833012345',
        parent_name: 'Meera Rao',
        school: uniqueEmail('kabir'),
        dob: '2016-01-30',
        age: 8,
        remark: 'Weekend batches?',
      };
      expect((await c().post('/api/inquiry', enquiry)).status).toBe(200);
      const shopper = await checkoutUser(t, mail);
      const [p] = await simpleProducts(t);
      const quoted = await shopper.post('/api/payment/getquote', {
        name: `Quote ${tag}`,
        mobile: '9820011111',
        email: uniqueEmail('quote'),
        description: '=cmd|calc',
        user_id: shopper.userId,
        main_id: MAIN,
        cart_products: [{ product_id: p!.id, product_sku: p!.sku, quantity: 2 }],
      });
      expect(quoted.status).toBe(200);
      const parent = await checkoutUser(t, mail);
      const admitted = await parent.post<{ data: Admission }>('/api/admission', {
        name: `Admission ${tag}`,
        guardianName: 'Amit',
        guardianRelation: 'Father',
        guardianMobile: '98200 12399',
        guardian2Name: 'Neha',
        guardian2Relation: 'Mother',
        dob: '2015-04-12',
        // A child's: the account holder consents as the parent (else the inbox does not see it).
        parentConsent: { method: 'declared', declaration: true },
        aadhar: AADHAAR,
        gender: 'Female',
        school: 'St. Xavier’s',
        address: '12 Link Road',
        pincode: '400064',
        mobile: '98200 12345',
        email: uniqueEmail('parent'),
        center: 'Malad (W)',
        rulesAgreed: true,
        user_id: parent.userId,
      });
      expect(admitted.status).toBe(200);

      const res = await list(`?search=${tag}`);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(4);
      expect(res.body.data.map((i) => i.kind)).toEqual(['admission', 'quote', 'enquiry', 'lead']);
      const byKind = Object.fromEntries(res.body.data.map((i) => [i.kind, i]));
      expect(byKind.lead).toMatchObject({
        name: `Lead ${tag}`,
        email: lead.email,
        mobile: '9820054321',
        status: 'new',
        assignee_id: null,
        links: {
          tel: 'tel:+919820054321',
          whatsapp: expect.stringMatching(/^https:\/\/wa\.me\/919820054321\?text=Hello%20Lead%2C/),
        },
      });
      expect(byKind.enquiry).toMatchObject({
        email: enquiry.school,
        summary: 'Weekend batches?',
        links: { tel: 'tel:+919833012345' },
      });
      // The enquiry's detail shows every field of the spec's body (each from its own column).
      const e = await c().get<InboxItemResponse>(
        `/api/admin/inbox/enquiry/${byKind.enquiry!.id}`,
        staff.token,
      );
      expect(e.body.data.fields).toEqual([
        { label: 'Message', value: 'Weekend batches?' },
        { label: 'Parent name', value: 'Meera Rao' },
        { label: 'Date of birth', value: '2016-01-30' },
        { label: 'Age', value: '8' },
      ]);
      expect(byKind.admission!.summary).toBe('Malad (W)');
      expect(JSON.stringify(res.body)).not.toContain(AADHAAR);

      // Filters: kind, and a mobile searched by its digits.
      const quotes = await list(`?kind=quote&search=${tag}`);
      expect(quotes.body.data.map((i) => i.name)).toEqual([`Quote ${tag}`]);
      const byMobile = await list(`?kind=enquiry&search=${encodeURIComponent('98330 12345')}`);
      expect(byMobile.body.data.some((i) => i.name === `Enquiry ${tag}`)).toBe(true);

      // The admission's detail: its fields, the Aadhaar masked.
      const detail = await c().get<InboxItemResponse>(
        `/api/admin/inbox/admission/${admitted.body.data.id}`,
        staff.token,
      );
      expect(detail.status).toBe(200);
      expect(detail.body.data.fields).toContainEqual({ label: 'Aadhaar', value: 'XXXX XXXX 2346' });
      expect(detail.body.data.fields).toContainEqual({
        label: 'Father',
        value: 'Amit, +91 9820012399',
      });
      expect(detail.body.data.fields).toContainEqual({ label: 'Mother', value: 'Neha' });
      expect(detail.body.data.fields.find((f) => f.label === "Parent's consent")?.value).toMatch(
        /^Declared by the account holder, /,
      );
      expect(JSON.stringify(detail.body)).not.toContain(AADHAAR);
      // Course photos: not allowed until the parent ticks the box; withdrawn, not allowed again.
      const photos = async () =>
        (
          await c().get<InboxItemResponse>(
            `/api/admin/inbox/admission/${admitted.body.data.id}`,
            staff.token,
          )
        ).body.data.fields.find((f) => f.label === 'Course photos')?.value;
      expect(await photos()).toMatch(/^Not allowed/);
      const consent = '/api/privacy/consents';
      await parent.post(consent, { purpose: 'course_photos', source: 'admission' });
      expect(await photos()).toBe('Allowed by the parent');
      await client(t).call('DELETE', `${consent}/course_photos`, undefined, parent.token);
      expect(await photos()).toMatch(/^Not allowed/);
      // The quote's detail: its lines and total in rupees.
      const q = await c().get<InboxItemResponse>(
        `/api/admin/inbox/quote/${byKind.quote!.id}`,
        staff.token,
      );
      expect(q.body.data.amount).toBe((2 * (p!.discountPricePaise || p!.originalPricePaise)) / 100);
      expect(q.body.data.fields.find((f) => f.label === 'Items')?.value).toBe(`2 × ${p!.title}`);

      // CSV: the same filters, formula-safe cells, never the Aadhaar number.
      const csv = await t.app.inject({
        method: 'GET',
        url: `/api/admin/inbox/export.csv?search=${tag}`,
        headers: { authorization: `Bearer ${staff.token}` },
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="inbox.csv"');
      expect(csv.headers['cache-control']).toBe('no-store');
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe('Kind,Received,Name,Email,Mobile,Message,Status,Assignee');
      expect(lines).toHaveLength(5);
      expect(lines[2]).toContain(`,'=cmd|calc,new,`);
      expect(csv.body).not.toContain(AADHAAR);
      expect(csv.body).not.toContain('2346');
    });

    it('pages and filters by status and assignee', async () => {
      const tag = `p${Date.now().toString(36)}`;
      for (let i = 0; i < 5; i++) await sendLead({ name: `Pager ${tag} ${i}` });
      const first = await list(`?search=${tag}&limit=2&page=1`);
      expect(first.body).toMatchObject({ page: 1, limit: 2, total: 5 });
      expect(first.body.data.map((i) => i.name)).toEqual([`Pager ${tag} 4`, `Pager ${tag} 3`]);
      const last = await list(`?search=${tag}&limit=2&page=3`);
      expect(last.body.data.map((i) => i.name)).toEqual([`Pager ${tag} 0`]);
      expect((await list(`?search=${tag}&limit=2&page=9`)).body).toMatchObject({
        data: [],
        total: 5,
      });

      const target0 = first.body.data[0]!;
      const url = `/api/admin/inbox/lead/${target0.id}`;
      expect(
        (await patch(url, { status: 'contacted', assignee_id: staff.userId }, owner.token)).status,
      ).toBe(200);
      const contacted = await list(`?search=${tag}&status=contacted`);
      expect(contacted.body.data.map((i) => i.id)).toEqual([target0.id]);
      expect(contacted.body.data[0]).toMatchObject({
        assignee_id: staff.userId,
        assignee_email: staff.email,
        version: 1,
      });
      expect((await list(`?search=${tag}&status=new`)).body.total).toBe(4);
      expect((await list(`?search=${tag}&assignee=${staff.userId}`)).body.total).toBe(1);
      expect((await list(`?search=${tag}&assignee=none`)).body.total).toBe(4);
      // A search's LIKE wildcards are taken literally.
      expect((await list(`?search=${encodeURIComponent('%')}`)).body.total).toBe(0);
    });

    it('searches a name or an email as text, never by the digits in it', async () => {
      // Every lead here has the mobile +91 98200-54321: an address with 54321 in it is not it.
      const email = `${randomUUID().slice(0, 8).replace(/\d/g, 'x')}.54321@example.com`;
      await sendLead({ email });
      await sendLead();
      const found = await list(`?search=${encodeURIComponent(email)}`);
      expect(found.body.data.map((i) => i.email)).toEqual([email]);
      // The number itself still finds every lead with it.
      const byMobile = await list(`?search=${encodeURIComponent('98200 54321')}`);
      expect(byMobile.body.total).toBeGreaterThanOrEqual(2);
    });

    it('answers 400 naming the field for bad filters and bodies, 404 for an unknown item', async () => {
      expect((await list('?kind=order')).body.field).toBe('kind');
      expect((await list('?status=open')).body.field).toBe('status');
      expect((await list('?assignee=bob')).body.field).toBe('assignee');
      expect((await list('?page=0')).body.field).toBe('page');
      expect((await c().get('/api/admin/inbox/order/x', staff.token)).body.field).toBe('kind');
      expect((await c().get('/api/admin/inbox/lead/x', staff.token)).body.field).toBe('id');
      const unknown = await c().get(`/api/admin/inbox/lead/${randomUUID()}`, staff.token);
      expect(unknown).toMatchObject({ status: 404, body: { field: 'id' } });
      const item = await idOf((await sendLead()).email);
      const url = `/api/admin/inbox/lead/${item.id}`;
      expect((await patch(url, {}, staff.token)).body.field).toBe('status');
      expect((await patch(url, { status: 'done' }, staff.token)).body.field).toBe('status');
      expect((await patch(url, { assignee_id: 'x' }, staff.token)).body.field).toBe('assignee_id');
      expect((await c().post(`${url}/notes`, { text: '  ' }, staff.token)).body.field).toBe('text');
      expect(
        (await c().post(`${url}/notes`, { text: 'x'.repeat(2001) }, staff.token)).body.field,
      ).toBe('text');
    });
  });

  describe('status, assignee and notes', () => {
    it('stores each write with its audit entry, in the item’s history', async () => {
      const item = await idOf((await sendLead()).email);
      const url = `/api/admin/inbox/lead/${item.id}`;
      const moved = await patch(url, { status: 'contacted' }, staff.token);
      expect(moved.status).toBe(200);
      expect(moved.body.data).toMatchObject({ status: 'contacted', version: 1 });
      const noted = await c().post<{ data: InboxNote }>(
        `${url}/notes`,
        { text: 'Called; wants size 5' },
        staff.token,
      );
      expect(noted.body.data).toMatchObject({
        text: 'Called; wants size 5',
        author_id: staff.userId,
        author_email: staff.email,
      });
      const assigned = await patch(url, { assignee_id: owner.userId }, staff.token);
      expect(assigned.body.data).toMatchObject({ status: 'contacted', assignee_id: owner.userId });

      const detail = (await c().get<InboxItemResponse>(url, owner.token)).body.data;
      expect(detail.notes.map((n) => n.text)).toEqual(['Called; wants size 5']);
      expect(detail.history.map((h) => h.action)).toEqual([
        'inbox.update',
        'inbox.note',
        'inbox.update',
      ]);
      expect(detail.history[2]).toMatchObject({
        actor_email: staff.email,
        before: { status: 'new', assignee_id: null },
        after: { status: 'contacted', assignee_id: null },
      });
      const audited = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, `lead:${item.id}`));
      expect(audited).toHaveLength(3);
      expect(audited.every((a) => a.storeId === MAIN && a.actorUserId === staff.userId)).toBe(true);
    });

    it('refuses an assignee who is not staff of the store, changing nothing', async () => {
      const item = await idOf((await sendLead()).email);
      const url = `/api/admin/inbox/lead/${item.id}`;
      for (const who of [customer.userId, elsewhere.userId, otherOwner.userId, randomUUID()]) {
        const res = await patch(url, { status: 'closed', assignee_id: who }, staff.token);
        expect(res).toMatchObject({ status: 400, body: { field: 'assignee_id' } });
      }
      const detail = (await c().get<InboxItemResponse>(url, staff.token)).body.data;
      expect(detail).toMatchObject({ status: 'new', assignee_id: null, history: [] });
      // Unassigning is allowed.
      expect((await patch(url, { assignee_id: staff.userId }, staff.token)).status).toBe(200);
      const cleared = await patch(url, { assignee_id: null }, staff.token);
      expect(cleared.body.data.assignee_id).toBeNull();
    });

    it('applies parallel writes one after another (no lost update)', async () => {
      const item = await idOf((await sendLead()).email);
      const url = `/api/admin/inbox/lead/${item.id}`;
      const results = await Promise.all([
        patch(url, { status: 'contacted' }, staff.token),
        patch(url, { assignee_id: staff.userId }, owner.token),
        patch(url, { status: 'closed' }, owner.token),
        c().post(`${url}/notes`, { text: 'one' }, staff.token),
        c().post(`${url}/notes`, { text: 'two' }, owner.token),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const [state] = await t.database.db
        .select()
        .from(inboxStates)
        .where(and(eq(inboxStates.kind, 'lead'), eq(inboxStates.itemId, item.id)));
      expect(state).toMatchObject({ version: 3, assigneeId: staff.userId });
      const detail = (await c().get<InboxItemResponse>(url, staff.token)).body.data;
      expect(detail.notes).toHaveLength(2);
      expect(detail.history).toHaveLength(5);
    });
  });

  describe('the Aadhaar reveal', () => {
    it('is the owner’s only, recorded in the reveals table and the audit log, never cached', async () => {
      const parent = await checkoutUser(t, mail);
      const res = await parent.post<{ data: Admission }>('/api/admission', {
        name: 'Riya',
        guardianName: 'Amit',
        guardianRelation: 'Father',
        guardianMobile: '9820012399',
        dob: '2001-04-12',
        aadhar: AADHAAR,
        gender: 'Female',
        school: '',
        address: '12 Link Road',
        pincode: '400064',
        mobile: '9820012345',
        email: uniqueEmail('riya'),
        center: 'Malad (W)',
        rulesAgreed: true,
        user_id: parent.userId,
      });
      const id = res.body.data.id;
      const url = `/api/admin/inbox/admission/${id}/reveal`;
      const reveals = () =>
        t.database.db
          .select()
          .from(admissionAadhaarReveals)
          .where(eq(admissionAadhaarReveals.admissionId, id));

      expect((await c().post(url, {})).status).toBe(401);
      expect((await c().post(url, {}, customer.token)).status).toBe(403);
      const byStaff = await c().post(url, {}, staff.token);
      expect(byStaff.status).toBe(403);
      expect(JSON.stringify(byStaff.body)).not.toContain(AADHAAR);
      expect((await c().post(url, {}, elsewhere.token)).status).toBe(403);
      // Another store's owner: not their admission.
      expect((await c().post(url, {}, otherOwner.token)).status).toBe(404);
      expect(await reveals()).toHaveLength(0);

      const revealed = await c().post<{ data: { aadhar: string } }>(url, {}, owner.token);
      expect(revealed.status).toBe(200);
      expect(revealed.body.data).toEqual({ admission_id: id, aadhar: AADHAAR });
      expect(revealed.headers['cache-control']).toBe('no-store');
      expect(await reveals()).toMatchObject([{ revealedBy: owner.userId, storeId: MAIN }]);
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entityId, `admission:${id}`),
            eq(auditLog.action, 'admission.aadhaar_reveal'),
          ),
        );
      expect(entry).toMatchObject({ actorUserId: owner.userId, storeId: MAIN });
      expect(JSON.stringify(entry)).not.toContain(AADHAAR);

      const history = (
        await c().get<InboxItemResponse>(`/api/admin/inbox/admission/${id}`, staff.token)
      ).body.data.history;
      expect(history.map((h) => h.action)).toEqual(['admission.aadhaar_reveal']);
      expect(
        (await c().post(`/api/admin/inbox/admission/${randomUUID()}/reveal`, {}, owner.token))
          .status,
      ).toBe(404);
    });
  });
});
