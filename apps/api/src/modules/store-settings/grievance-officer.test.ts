import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfficeResponse, StoreProfile, StoreProfileResponse } from '@shop/contracts';
import { testDatabaseTargets } from '@shop/db/testing';
import { client, MAIN } from '../../test-support/accounts.ts';
import { roleTokens } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

type Body = { msg?: string; field?: string };

/**
 * The grievance officer on the store profile (Consumer Protection (E-Commerce) Rules 2020, rule
 * 4(4)/5(5)): saved by the owner with the profile, checked field by field, shown to shoppers
 * with the office (the contact page).
 */
describe.each(testDatabaseTargets())('the grievance officer on $name', (target) => {
  let t: TestApp;
  let owner: string;
  let staff: string;
  let customer: string;
  let otherOwner: string;
  let seeded: StoreProfile;

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { paymentWebhooks: null } });
    ({ owner, staff, customer, otherOwner } = await roleTokens(t));
  });
  afterAll(async () => {
    await t.close();
  });

  /** The profile's fields as the form sends them back, without `left` out. */
  const editable = (p: StoreProfile, left: string[] = []): Record<string, unknown> => {
    const fields: Record<string, unknown> = { ...p };
    for (const key of ['configured', 'state', 'gst_state_code', ...left]) delete fields[key];
    return fields;
  };
  const profileOf = async (token: string) =>
    (await client(t).get<StoreProfileResponse>('/api/admin/settings/profile', token)).body.data;
  /** The store's profile as it is, with `fields` changed (saved whole, as the form does). */
  const save = async (fields: Record<string, unknown>, token = owner) => {
    return client(t).call<StoreProfileResponse & Body>(
      'PUT',
      '/api/admin/settings/profile',
      { ...editable(await profileOf(token)), ...fields },
      token,
    );
  };
  const office = async (store = MAIN) =>
    (await client(t).get<OfficeResponse>(`/api/register/officesingle/${store}`)).body;

  it('is empty until given, and the contact page shows none', async () => {
    seeded = await profileOf(owner);
    expect(seeded).toMatchObject({
      grievance_officer_name: '',
      grievance_officer_email: '',
      grievance_officer_phone: '',
    });
    expect((await office()).grievance_officer).toBeNull();
  });

  it('saves a name and an email (phone optional), normalised, and shows them with the office', async () => {
    const res = await save({
      grievance_officer_name: '  Asha Rao ',
      grievance_officer_email: 'Grievance@UrbanRoll.example',
      grievance_officer_phone: '+91 98200 33333',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      grievance_officer_name: 'Asha Rao',
      grievance_officer_email: 'grievance@urbanroll.example',
      grievance_officer_phone: '9820033333',
    });
    expect(await profileOf(owner)).toEqual(res.body.data);
    expect((await office()).grievance_officer).toEqual({
      name: 'Asha Rao',
      email: 'grievance@urbanroll.example',
      phone: '9820033333',
    });
    // A profile saved by an older form, without the fields, clears them (they default to empty).
    const cleared = await client(t).call<StoreProfileResponse>(
      'PUT',
      '/api/admin/settings/profile',
      editable(seeded, [
        'grievance_officer_name',
        'grievance_officer_email',
        'grievance_officer_phone',
      ]),
      owner,
    );
    expect(cleared.status).toBe(200);
    expect((await office()).grievance_officer).toBeNull();
  });

  it('refuses a bad name, email or phone, or one of name and email without the other, naming the field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [
        { grievance_officer_name: 'A', grievance_officer_email: 'g@urbanroll.example' },
        'grievance_officer_name',
        /at least 2 characters/,
      ],
      [
        { grievance_officer_name: 'A'.repeat(81), grievance_officer_email: 'g@urbanroll.example' },
        'grievance_officer_name',
        /At most 80/,
      ],
      [
        { grievance_officer_name: 'Asha Rao', grievance_officer_email: 'asha-at-urbanroll' },
        'grievance_officer_email',
        /email address/,
      ],
      [
        { grievance_officer_name: 'Asha Rao', grievance_officer_email: '' },
        'grievance_officer_email',
        /email too/,
      ],
      [
        { grievance_officer_name: '', grievance_officer_email: 'g@urbanroll.example' },
        'grievance_officer_name',
        /name too/,
      ],
      [
        {
          grievance_officer_name: 'Asha Rao',
          grievance_officer_email: 'g@urbanroll.example',
          grievance_officer_phone: '12345',
        },
        'grievance_officer_phone',
        /10-digit/,
      ],
      [{ grievance_officer_name: 42 }, 'grievance_officer_name', /is text/],
    ];
    for (const [fields, field, message] of cases) {
      const res = await save(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.field, JSON.stringify(fields)).toBe(field);
      expect(res.body.msg, JSON.stringify(fields)).toMatch(message);
    }
    // Nothing was saved.
    expect((await profileOf(owner)).grievance_officer_name).toBe('');
  });

  it('is the owner’s own store’s: staff and customers are refused, another store’s owner changes only theirs', async () => {
    const officer = {
      grievance_officer_name: 'Ravi Iyer',
      grievance_officer_email: 'ravi@threadline.example',
    };
    for (const token of [staff, customer]) {
      const res = await client(t).call('PUT', '/api/admin/settings/profile', { ...officer }, token);
      expect(res.status).toBe(403);
    }
    expect((await save(officer, otherOwner)).status).toBe(200);
    expect((await office('threadline')).grievance_officer).toMatchObject({ name: 'Ravi Iyer' });
    expect((await profileOf(owner)).grievance_officer_name).toBe('');
    expect((await office()).grievance_officer).toBeNull();
  });
});
