import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inquiries, leads } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import {
  capturingEmail,
  client,
  MAIN,
  registerUser,
  uniqueEmail,
  uniqueIp,
} from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

describe.each(testDatabaseTargets())('contact and enquiry forms on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender },
      config: { PUBLIC_FORM_LIMIT_PER_IP: 3, PUBLIC_FORM_LIMIT_PER_EMAIL: 2 },
    });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    mail.sent.length = 0;
  });

  const lead = (over: Record<string, unknown> = {}) => ({
    name: 'Meera Joshi',
    email: uniqueEmail('meera'),
    mobile: '+91 98200-54321',
    remark: 'Do you have size 5 quad skates for a six-year-old?',
    user_id: '',
    user_name: '',
    property_id: MAIN,
    ...over,
  });
  const enquiry = (over: Record<string, unknown> = {}) => ({
    name: 'Kabir Rao',
    mobile: '9833012345',
    email: uniqueEmail('kabir'),
    remark: 'Weekend batches at Andheri?',
    main_id: MAIN,
    ...over,
  });
  const leadsOf = (email: string) =>
    t.database.db.select().from(leads).where(eq(leads.email, email));
  const inquiriesOf = (email: string) =>
    t.database.db.select().from(inquiries).where(eq(inquiries.email, email));

  it('stores a guest lead with the normalised mobile and emails the shop a notice', async () => {
    const body = lead();
    const res = await client(t).post('/api/leads', body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      isError: false,
      success: true,
      message: 'Thank you for contacting!',
    });
    const [row] = await leadsOf(body.email);
    expect(row).toMatchObject({
      storeId: MAIN,
      name: 'Meera Joshi',
      mobile: '9820054321',
      remark: body.remark,
      userId: null,
      status: 'New',
    });
    expect(mail.sent).toHaveLength(1);
    const notice = mail.sent[0]!;
    expect(notice.to).toBe('orders@urbanroll.example');
    expect(notice.subject).toBe('New contact message from Meera Joshi');
    expect(notice.text).toContain(body.email);
    expect(notice.text).toContain('+91 9820054321');
    expect(notice.text).toContain(body.remark);
  });

  it('escapes the message in the notice and keeps the subject on one line', async () => {
    const body = lead({ name: 'Eve\r\nBcc: x@evil.test', remark: '<b>hi</b>' });
    expect((await client(t).post('/api/leads', body)).status).toBe(200);
    const notice = mail.sent[0]!;
    expect(notice.subject).toBe('New contact message from Eve Bcc: x@evil.test');
    expect(notice.html).not.toContain('<b>');
    expect(notice.html).toContain('&#60;b&#62;hi');
  });

  it('records the signed-in sender, and refuses another user id with 403', async () => {
    const asha = await registerUser(t, mail);
    const ravi = await registerUser(t, mail);
    const own = lead({ user_id: asha.userId, user_name: 'Asha' });
    expect((await client(t).post('/api/leads', own, asha.accessToken)).status).toBe(200);
    expect((await leadsOf(own.email))[0]?.userId).toBe(asha.userId);

    const forged = lead({ user_id: asha.userId });
    const asRavi = await client(t).post('/api/leads', forged, ravi.accessToken);
    expect(asRavi.status).toBe(403);
    expect(asRavi.body.field).toBe('user_id');
    const asGuest = await client(t).post('/api/leads', forged);
    expect(asGuest.status).toBe(403);
    expect(await leadsOf(forged.email)).toHaveLength(0);
  });

  it.each([
    [{ name: '  ' }, 'name', 'Name is required.'],
    [{ email: '' }, 'email', 'Email is required.'],
    [{ email: 'meera@' }, 'email', 'Please enter a valid email address.'],
    [{ mobile: '' }, 'mobile', 'Phone is required.'],
    [{ mobile: '12345' }, 'mobile', 'Please enter a valid 10-digit mobile number.'],
    [{ remark: 'x'.repeat(501) }, 'remark', 'Message must be at most 500 characters.'],
    [{ property_id: undefined }, 'property_id', undefined],
  ])('refuses a lead with %j: 400 naming %s', async (over, field, msg) => {
    const body = lead(over);
    const res = await client(t).post('/api/leads', body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    if (msg) expect(res.body.msg).toBe(msg);
    expect(mail.sent).toHaveLength(0);
  });

  it('takes a 500-character message', async () => {
    const body = lead({ remark: 'x'.repeat(500) });
    expect((await client(t).post('/api/leads', body)).status).toBe(200);
  });

  it('answers 404 for an unknown store and stores nothing', async () => {
    const body = lead({ property_id: 'no-such-store' });
    const res = await client(t).post('/api/leads', body);
    expect(res.status).toBe(404);
    expect(res.body.field).toBe('property_id');
  });

  it('answers a filled honeypot like a success, but stores and sends nothing', async () => {
    const body = lead({ website: 'http://spam.example' });
    const res = await client(t).post('/api/leads', body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Thank you for contacting!');
    expect(await leadsOf(body.email)).toHaveLength(0);
    const trapped = enquiry({ website: 'x' });
    expect((await client(t).post('/api/inquiry', trapped)).status).toBe(200);
    expect(await inquiriesOf(trapped.email)).toHaveLength(0);
    expect(mail.sent).toHaveLength(0);
  });

  it('limits messages per IP across both forms', async () => {
    const c = client(t, uniqueIp());
    expect((await c.post('/api/leads', lead())).status).toBe(200);
    expect((await c.post('/api/inquiry', enquiry())).status).toBe(200);
    expect((await c.post('/api/leads', lead({ website: 'bot' }))).status).toBe(200);
    const over = await c.post('/api/inquiry', enquiry());
    expect(over.status).toBe(429);
    expect(over.body.msg).toMatch(/^Too many messages sent\. Please try again in \d+ minutes?\.$/);
    // Another address is not held back.
    expect((await client(t).post('/api/inquiry', enquiry())).status).toBe(200);
  });

  it('limits messages per email, whatever the address', async () => {
    const email = uniqueEmail('flood');
    expect((await client(t).post('/api/leads', lead({ email }))).status).toBe(200);
    expect((await client(t).post('/api/inquiry', enquiry({ email }))).status).toBe(200);
    const over = await client(t).post('/api/leads', lead({ email: email.toUpperCase() }));
    expect(over.status).toBe(429);
    expect(await leadsOf(email)).toHaveLength(1);
  });

  it("takes the spec's enquiry body as is (school carries the email, no main_id)", async () => {
    const email = uniqueEmail('spec');
    const body = {
      name: 'Kabir Rao',
      mobile: '9833012345',
      parent_name: 'Meera Rao',
      school: email,
      dob: '2015-04-12',
      age: '9',
      remark: 'Weekend batches at Andheri?',
    };
    const res = await client(t).post('/api/inquiry', body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Enquiry Sent');
    const [row] = await inquiriesOf(email);
    expect(row).toMatchObject({
      storeId: MAIN,
      name: 'Kabir Rao',
      mobile: '9833012345',
      email,
      // Each of the spec's fields in its own column, the message alone in remark.
      remark: 'Weekend batches at Andheri?',
      parentName: 'Meera Rao',
      dob: '2015-04-12',
      age: 9,
    });
    const notice = mail.sent.find((m) => m.subject === 'New enquiry from Kabir Rao');
    expect(notice?.text).toContain('Meera Rao');
    expect(notice?.text).toContain('2015-04-12');
  });

  it('stores an enquiry sent with email, and emails the shop', async () => {
    const body = enquiry({ age: 9 });
    const res = await client(t).post('/api/inquiry', body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Enquiry Sent');
    const [row] = await inquiriesOf(body.email);
    expect(row).toMatchObject({
      storeId: MAIN,
      name: 'Kabir Rao',
      mobile: '9833012345',
      email: body.email,
      status: 'New',
    });
    expect(row).toMatchObject({ remark: body.remark, parentName: '', dob: null, age: 9 });
    expect(mail.sent.map((m) => m.subject)).toContain('New enquiry from Kabir Rao');
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ mobile: 'abc' }, 'mobile'],
    [{ email: undefined }, 'school'],
    [{ email: undefined, school: 'St. Xavier' }, 'school'],
    [{ email: 'nope' }, 'email'],
    [{ dob: '2999-01-01' }, 'dob'],
    [{ dob: '12/04/2015' }, 'dob'],
    // Not a day of the calendar (a date column would refuse it: a 400, never a 500).
    [{ dob: '2019-02-30' }, 'dob'],
    [{ dob: '0000-01-01' }, 'dob'],
    [{ age: 'nine' }, 'age'],
    [{ age: 500 }, 'age'],
    [{ remark: 'x'.repeat(2001) }, 'remark'],
  ])('refuses an enquiry with %j: 400 naming %s', async (over, field) => {
    const res = await client(t).post('/api/inquiry', enquiry(over));
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });

  it('still stores the message when the notice email fails', async () => {
    mail.fail(true);
    try {
      const body = enquiry();
      expect((await client(t).post('/api/inquiry', body)).status).toBe(200);
      expect(await inquiriesOf(body.email)).toHaveLength(1);
    } finally {
      mail.fail(false);
    }
  });
});
