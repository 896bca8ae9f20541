import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivacyNoticeResponse, StoreProfile, StoreProfileResponse } from '@shop/contracts';
import { PRIVACY_NOTICE_REVISION } from '@shop/domain';
import { testDatabaseTargets } from '@shop/db/testing';
import { client, MAIN } from '../../test-support/accounts.ts';
import { memberToken } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

type Body = { msg?: string; field?: string };
const OTHER = 'threadline';

/**
 * GET /api/privacy/notice (issue 61 item 1): each store's notice, its version from what it says,
 * a new version when the owner changes the grievance contact, and a snapshot of each version.
 */
describe.each(testDatabaseTargets())('the privacy notice on $name', (target) => {
  let t: TestApp;
  let owner: string;
  let otherOwner: string;

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { paymentWebhooks: null } });
    owner = (await memberToken(t, 'owner')).token;
    otherOwner = (await memberToken(t, 'owner', OTHER)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const notice = async (query = '') =>
    client(t).get<PrivacyNoticeResponse & Body>(`/api/privacy/notice${query}`);
  const profileOf = async (token: string) =>
    (await client(t).get<StoreProfileResponse>('/api/admin/settings/profile', token)).body.data;
  /** Saves the owner's profile whole with `fields` changed, as the settings form does. */
  const save = async (token: string, fields: Partial<StoreProfile>) => {
    const p: Record<string, unknown> = { ...(await profileOf(token)) };
    for (const key of ['configured', 'state', 'gst_state_code']) delete p[key];
    const res = await client(t).call<StoreProfileResponse & Body>(
      'PUT',
      '/api/admin/settings/profile',
      { ...p, ...fields },
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it("answers the request's store's notice, public, with the links and no grievance officer yet", async () => {
    const res = await notice();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      isError: false,
      revision: PRIVACY_NOTICE_REVISION,
      grievance_officer: null,
      board_url: 'https://www.dpb.gov.in',
      privacy_page: '/my-account/privacy',
      withdraw_consent: '/my-account/privacy#consents',
    });
    expect(res.body.version).toMatch(/^\d+\.[0-9a-f]{8}$/);
    expect(res.body.shop_name).not.toBe('');
    // Named or not, the same store answers the same notice, and it keeps its version.
    expect((await notice(`?store_id=${MAIN}`)).body).toEqual(res.body);
    expect((await notice()).body.version).toBe(res.body.version);
  });

  it('changes version when the grievance contact changes, and keeps what each version said', async () => {
    const before = (await notice(`?store_id=${MAIN}`)).body;
    const otherBefore = (await notice(`?store_id=${OTHER}`)).body;
    await save(owner, {
      grievance_officer_name: 'Asha Rao',
      grievance_officer_email: 'grievance@urbanroll.example',
      grievance_officer_phone: '9820033333',
    });
    const named = (await notice(`?store_id=${MAIN}`)).body;
    expect(named.grievance_officer).toEqual({
      name: 'Asha Rao',
      email: 'grievance@urbanroll.example',
      phone: '9820033333',
    });
    expect(named.version).not.toBe(before.version);

    await save(owner, { grievance_officer_phone: '9820044444' });
    const rephoned = (await notice(`?store_id=${MAIN}`)).body;
    expect(rephoned.version).not.toBe(named.version);
    expect(rephoned.version).not.toBe(before.version);

    // The other store has its own notice, untouched by this owner's change.
    const other = (await notice(`?store_id=${OTHER}`)).body;
    expect(other).toEqual(otherBefore);
    expect(other.shop_name).not.toBe(named.shop_name);
    expect(other.version).not.toBe(named.version);
    await save(otherOwner, {
      grievance_officer_name: 'Ravi Menon',
      grievance_officer_email: 'ravi@threadline.example',
      grievance_officer_phone: '',
    });
    expect((await notice(`?store_id=${OTHER}`)).body.grievance_officer).toEqual({
      name: 'Ravi Menon',
      email: 'ravi@threadline.example',
      phone: '',
    });
    expect((await notice(`?store_id=${MAIN}`)).body.version).toBe(rephoned.version);

    // Each version served was kept as it was: a consent under `named` can show what it said.
    const kept = await t.services.privacyNotice.version(MAIN, named.version);
    expect(kept?.content.grievanceOfficer?.phone).toBe('9820033333');
    expect(kept?.content.texts.contact.hi.data.length).toBeGreaterThan(0);
    const first = await t.services.privacyNotice.version(MAIN, before.version);
    expect(first?.content.grievanceOfficer).toBeNull();
    expect(await t.services.privacyNotice.version(OTHER, named.version)).toBeNull();
    expect((await t.services.privacyNotice.current(MAIN)).version).toBe(rephoned.version);
  });

  it('refuses a store that does not exist (404) and an empty store id (400), naming the field', async () => {
    const missing = await notice('?store_id=no-such-store');
    expect(missing.status).toBe(404);
    expect(missing.body.field).toBe('store_id');
    const empty = await notice('?store_id=%20');
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('store_id');
  });
});
