import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  StoreButtonsResponse,
  StoreProfile,
  StoreProfileInput,
  StoreProfileResponse,
} from '@shop/contracts';
import { auditLog, storeSettings, stores } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { gstinCheckCharacter } from '@shop/domain';
import { client, MAIN } from '../../test-support/accounts.ts';
import { memberToken } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

type Body = Record<string, unknown> & { msg?: string; field?: string };

/** A GSTIN of `state` with a correct check character. */
const gstinOf = (state: string) => {
  const first14 = `${state}AAPFU0939F1Z`;
  return first14 + gstinCheckCharacter(first14);
};

const PROFILE: StoreProfileInput = {
  name: 'Urban Roll Skates',
  logo: '/api/uploads/media/urbanroll/logo/640.webp',
  color: '#F97316',
  email: 'Hello@UrbanRoll.example',
  phone: '+91 98200 12345',
  whatsapp_number: '098200 54321',
  legal_name: 'Urban Roll Sports LLP',
  gstin: ` ${gstinOf('27').toLowerCase()} `,
  invoice_address: '2nd floor, 14 Hill Road, Bandra West, Mumbai 400050',
  office_address: 'Shop 3, 14 Hill Road, Bandra West, Mumbai',
  office_pincode: '400050',
  office_latitude: null,
  office_longitude: null,
  road_factor: 1.4,
  notification_email: 'orders@urbanroll.example',
  low_stock_threshold: 3,
  delivery_percentage: 25,
};

describe.each(testDatabaseTargets())('admin store settings on $name', (target) => {
  let t: TestApp;
  let owner: string;
  let ownerId: string;
  let staff: string;
  let customer: string;
  let otherOwner: string;

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { paymentWebhooks: null } });
    ({ token: owner, userId: ownerId } = await memberToken(t, 'owner'));
    staff = (await memberToken(t, 'staff')).token;
    customer = (await memberToken(t, 'customer')).token;
    otherOwner = (await memberToken(t, 'owner', 'threadline')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = <T = Body>(
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    token: string | null,
    body?: unknown,
  ) => client(t).call<T & Body>(method, url, body, token ?? undefined);
  const save = (fields: Partial<StoreProfileInput>, token = owner) =>
    call<StoreProfileResponse>('PUT', '/api/admin/settings/profile', token, {
      ...PROFILE,
      ...fields,
    });

  it('answers the owner the seeded profile: configured, GSTIN valid, the state from it', async () => {
    const res = await call<StoreProfileResponse>('GET', '/api/admin/settings/profile', owner);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      configured: true,
      name: 'Urban Roll',
      state: 'Maharashtra',
      gst_state_code: '27',
      office_pincode: '400058',
    });
  });

  it('saves the profile: normalised fields, coordinates from the pincode, seen by the storefront and checkout, audited', async () => {
    const res = await save({});
    expect(res.status).toBe(200);
    const saved: StoreProfile = res.body.data;
    expect(saved).toMatchObject({
      configured: true,
      name: 'Urban Roll Skates',
      color: '#f97316',
      email: 'hello@urbanroll.example',
      phone: '9820012345',
      whatsapp_number: '9820054321',
      gstin: gstinOf('27'),
      state: 'Maharashtra',
      gst_state_code: '27',
      office_latitude: 19.0552,
      office_longitude: 72.83,
    });
    expect((await call('GET', '/api/admin/settings/profile', owner)).body.data).toEqual(saved);

    // The storefront and checkout read it at once (their caches drop on the write).
    const meta = await call('GET', `/api/meta/${MAIN}`, null);
    expect(meta.body.data).toMatchObject({
      store_name: 'Urban Roll Skates',
      store_logo: '/api/uploads/media/urbanroll/logo/640.webp',
    });
    const help = await call('GET', `/api/help/single/${MAIN}`, null);
    expect(help.body.help).toMatchObject({ whatsapp_number: '9820054321', mobile: '9820012345' });
    const pay = await call('GET', `/api/pay-razorpay/${MAIN}`, null);
    expect(pay.body).toMatchObject({ company_name: 'Urban Roll Skates', company_color: '#f97316' });
    const advance = await call('GET', `/api/deliverypaybefore/single/${MAIN}`, null);
    expect(JSON.stringify(advance.body)).toContain('25');
    const office = await call('GET', `/api/register/officesingle/${MAIN}`, null);
    expect(JSON.stringify(office.body)).toContain('Shop 3, 14 Hill Road');

    const [row] = await t.database.db
      .select()
      .from(storeSettings)
      .where(eq(storeSettings.storeId, MAIN));
    expect(row).toMatchObject({ invoiceAddress: PROFILE.invoice_address, roadFactor: 1.4 });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.profile'));
    expect(entries.at(-1)).toMatchObject({ storeId: MAIN, actorUserId: ownerId });

    // Coordinates given by the owner (moved onto the shop's door) are kept as given.
    const moved = await save({ office_latitude: 19.0561, office_longitude: 72.8312 });
    expect(moved.body.data).toMatchObject({ office_latitude: 19.0561, office_longitude: 72.8312 });
  });

  it('refuses a wrong GSTIN, an office outside its state, an unknown pincode or one coordinate, naming the field', async () => {
    const badCheck = gstinOf('27').slice(0, 14) + (gstinOf('27').endsWith('A') ? 'B' : 'A');
    const cases: [Partial<StoreProfileInput>, string, RegExp][] = [
      [{ gstin: badCheck }, 'gstin', /typo/],
      [{ gstin: '27AAPFU0939F1' }, 'gstin', /15 characters/],
      [{ gstin: gstinOf('29') }, 'office_pincode', /is in Maharashtra.*Karnataka/],
      [{ office_pincode: '999999' }, 'office_pincode', /not a pincode we know/],
      [{ office_pincode: '4000' }, 'office_pincode', /6-digit pincode/],
      [{ office_latitude: 19.1 }, 'office_longitude', /both coordinates/],
      [{ office_latitude: 91, office_longitude: 72 }, 'office_latitude', /between -90 and 90/],
      [{ name: '  ' }, 'name', /Enter the name/],
      [{ color: 'orange' }, 'color', /#f97316/],
      [{ logo: 'javascript:alert(1)' }, 'logo', /path starting with/],
      [{ whatsapp_number: '12345' }, 'whatsapp_number', /10-digit/],
      [{ email: 'not-an-email' }, 'email', /email address/],
      [{ delivery_percentage: 101 }, 'delivery_percentage', /Between 0 and 100/],
      [{ road_factor: 0.5 }, 'road_factor', /between 1 and 5/],
    ];
    for (const [fields, field, message] of cases) {
      const res = await save(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.field, JSON.stringify(fields)).toBe(field);
      expect(res.body.msg, JSON.stringify(fields)).toMatch(message);
    }
    // Unregistered: no GSTIN, the state from the pincode.
    const unregistered = await save({ gstin: '', office_pincode: '560001' });
    expect(unregistered.body.data).toMatchObject({ gstin: '', state: 'Karnataka' });
    expect((await save({})).status).toBe(200);
  });

  it('answers only the owner of the store: staff and customers 403, another store’s owner its own store', async () => {
    for (const token of [staff, customer]) {
      expect((await call('GET', '/api/admin/settings/profile', token)).status).toBe(403);
      expect((await save({ name: 'Taken over' }, token)).status).toBe(403);
      expect((await call('GET', '/api/admin/settings/buttons', token)).status).toBe(403);
    }
    expect((await call('GET', '/api/admin/settings/profile', null)).status).toBe(401);
    const theirs = await call<StoreProfileResponse>(
      'GET',
      '/api/admin/settings/profile',
      otherOwner,
    );
    expect(theirs.body.data.name).toBe('Threadline Uniforms');
    const before = (await call('GET', `/api/meta/${MAIN}`, null)).body.data;
    expect(
      (await save({ name: 'Threadline Two', office_pincode: '400013' }, otherOwner)).status,
    ).toBe(200);
    expect((await call('GET', `/api/meta/${MAIN}`, null)).body.data).toEqual(before);
    expect((await call('GET', '/api/meta/threadline', null)).body.data).toMatchObject({
      store_name: 'Threadline Two',
    });
  });

  it('sets up a new store: no settings, no checkout, until the first save', async () => {
    await t.database.db.insert(stores).values({ id: 'freshshop', name: 'Fresh Shop' });
    const fresh = (await memberToken(t, 'owner', 'freshshop')).token;
    const empty = await call<StoreProfileResponse>('GET', '/api/admin/settings/profile', fresh);
    expect(empty.body.data).toMatchObject({ configured: false, name: 'Fresh Shop', gstin: '' });
    expect((await call('GET', '/api/pay-razorpay/freshshop', null)).status).toBe(404);
    // The storefront's head works before any page meta is set.
    expect((await call('GET', '/api/meta/freshshop', null)).body.data).toMatchObject({
      store_name: 'Fresh Shop',
      title: 'Fresh Shop',
      store_logo: '',
      pages: [],
    });
    // A page the owner writes is listed there at once (the footer links only to pages that exist).
    const page = await call('POST', '/api/admin/content/pages', fresh, {
      slug: 'about',
      title: 'About Fresh Shop',
      description: 'Who we are.',
      body_markdown: 'We sell skates.',
    });
    expect(page.status).toBe(201);
    expect((await call('GET', '/api/meta/freshshop', null)).body.data).toMatchObject({
      pages: [{ slug: 'about', title: 'About Fresh Shop' }],
    });

    const saved = await save({ name: 'Fresh Shop', logo: '' }, fresh);
    expect(saved.status).toBe(200);
    expect(saved.body.data.configured).toBe(true);
    expect((await call('GET', '/api/pay-razorpay/freshshop', null)).status).toBe(200);

    // Buttons: none until set; the default must be one that is on.
    const none = await call<StoreButtonsResponse>('GET', '/api/admin/settings/buttons', fresh);
    expect(none.body.data).toMatchObject({ default_cart_button: null });
    expect(none.body.data.cart_buttons.every((b) => !b.active)).toBe(true);
    const wrongDefault = await call('PUT', '/api/admin/settings/buttons', fresh, {
      cart_buttons: [{ button_id: 'addtocart', active: true }],
      default_cart_button: 'buynow',
      pay_buttons: [{ button_id: 'paynow', label: 'Pay now', active: true }],
    });
    expect(wrongDefault.status).toBe(400);
    expect(wrongDefault.body.field).toBe('default_cart_button');
    const noPay = await call('PUT', '/api/admin/settings/buttons', fresh, {
      cart_buttons: [{ button_id: 'addtocart', active: true }],
      default_cart_button: 'addtocart',
      pay_buttons: [{ button_id: 'paynow', label: 'Pay now', active: false }],
    });
    expect(noPay.status).toBe(400);
    expect(noPay.body.field).toBe('pay_buttons');

    const set = await call<StoreButtonsResponse>('PUT', '/api/admin/settings/buttons', fresh, {
      cart_buttons: [
        { button_id: 'addtocart', active: true },
        { button_id: 'buynow', active: true },
      ],
      default_cart_button: 'addtocart',
      pay_buttons: [
        { button_id: 'paynow', label: 'Pay online', active: true },
        { button_id: 'payondelivery', label: 'Cash on delivery', active: false },
      ],
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({
      cart_buttons: [
        { button_id: 'addtocart', active: true },
        { button_id: 'buynow', active: true },
        { button_id: 'getquote', active: false },
      ],
      default_cart_button: 'addtocart',
      pay_buttons: [
        { button_id: 'paynow', label: 'Pay online', active: true },
        { button_id: 'payondelivery', label: 'Cash on delivery', active: false },
      ],
    });
    const storefront = await call('GET', '/api/button/freshshop', null);
    expect(storefront.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ button_id: 'addtocart', default: true, status: 'Active' }),
        expect.objectContaining({ button_id: 'buynow', default: false, status: 'Active' }),
      ]),
    );
    const payModes = await call('GET', '/api/paybutton/freshshop', null);
    expect(payModes.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ button_id: 'paynow', label: 'Pay online', status: 'Active' }),
        expect.objectContaining({ button_id: 'payondelivery', status: 'Inactive' }),
      ]),
    );
  });
});
