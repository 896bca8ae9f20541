import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditListResponse, StaffListResponse, TokenPair } from '@shop/contracts';
import { auditLog, staffInvites, users } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import {
  capturingEmail,
  client,
  MAIN,
  PASSWORD,
  registerUser,
  uniqueEmail,
} from '../../test-support/accounts.ts';
import { postgresOnly } from '../../test-support/postgres-only.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

describe.each(testDatabaseTargets())('staff management on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  let owner: { token: string; id: string };

  /** Staff and owners with a session of the admin sign-in; a customer with a storefront one. */
  const member = async (role: 'customer' | 'staff' | 'owner') => {
    const u = await registerUser(t, mail);
    await t.database.db.update(users).set({ role }).where(eq(users.id, u.userId));
    const res =
      role === 'customer'
        ? await client(t).post<TokenPair>('/api/auth/refresh', { refreshToken: u.refreshToken })
        : await adminLogin(u.email, PASSWORD);
    return {
      token: res.body.accessToken,
      refreshToken: res.body.refreshToken,
      id: u.userId,
      email: u.email,
    };
  };
  const adminLogin = (email: string, password: string) =>
    client(t).post<TokenPair>('/api/admin/login', { main_id: MAIN, email, password });
  const invite = (email: string, role: string, token = owner.token) =>
    client(t).post('/api/admin/staff/invite', { email, role }, token);
  const accept = (email: string, code: string, password = 'staff-password-77') =>
    client(t).post('/api/admin/staff/accept', {
      main_id: MAIN,
      email,
      code,
      full_name: 'Ravi Shah',
      password,
    });
  const auditOf = async (entityId: string) =>
    (await client(t).get<AuditListResponse>(`/api/admin/audit?entity_id=${entityId}`, owner.token))
      .body.data.entries;

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender } });
    owner = await member('owner');
  });
  afterAll(async () => {
    await t.close();
  });

  it('invites a new email, which accepts with the code and signs in as staff', async () => {
    const email = uniqueEmail('ravi');
    const sent = await invite(email, 'staff');
    expect(sent.status).toBe(200);
    const inviteId = (sent.body.data as { invite_id: string }).invite_id;
    const [stored] = await t.database.db
      .select()
      .from(staffInvites)
      .where(eq(staffInvites.id, inviteId));
    const code = mail.lastCode(email);
    expect(stored!.codeHash).not.toContain(code);

    const list = await client(t).get<StaffListResponse>('/api/admin/staff', owner.token);
    expect(list.body.data.invites.map((i) => i.email)).toContain(email);

    expect((await accept(email, code === '000000' ? '111111' : '000000')).status).toBe(400);
    const accepted = await accept(email, code);
    expect(accepted.status).toBe(200);
    // Once only.
    expect((await accept(email, code)).status).toBe(400);
    const signedIn = await adminLogin(email, 'staff-password-77');
    expect(signedIn.status).toBe(200);
    expect((signedIn.body as unknown as { user: { role: string } }).user.role).toBe('staff');

    const after = await client(t).get<StaffListResponse>('/api/admin/staff', owner.token);
    expect(after.body.data.staff.map((s) => s.email)).toContain(email);
    expect(after.body.data.invites.map((i) => i.email)).not.toContain(email);
    const entries = await auditOf(inviteId);
    expect(entries[0]).toMatchObject({ action: 'staff.invite', email: expect.any(String) });
    expect(JSON.stringify(entries)).not.toContain(code);
  });

  it('promotes an existing customer, whose old sessions end', async () => {
    const customer = await member('customer');
    expect((await invite(customer.email, 'staff')).status).toBe(200);
    expect((await accept(customer.email, mail.lastCode(customer.email))).status).toBe(200);
    const old = await client(t).post('/api/auth/refresh', { refreshToken: customer.refreshToken });
    expect(old.status).toBe(401);
    expect((await adminLogin(customer.email, 'staff-password-77')).status).toBe(200);
  });

  it('refuses an invite of someone who already has the role (409), and bad input (400)', async () => {
    const staff = await member('staff');
    const again = await invite(staff.email, 'staff');
    expect(again.status).toBe(409);
    expect(again.body.field).toBe('email');
    const bad = await invite('not-an-email', 'staff');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('email');
    const role = await invite(uniqueEmail(), 'admin');
    expect(role.status).toBe(400);
    expect(role.body.field).toBe('role');
  });

  it('changes roles and removes staff, audited, never the last owner', async () => {
    const staff = await member('staff');
    const promoted = await client(t).call(
      'PATCH',
      `/api/admin/staff/${staff.id}`,
      { role: 'owner' },
      owner.token,
    );
    expect(promoted.status).toBe(200);
    // Their session ended with the role change.
    expect(
      (await client(t).post('/api/auth/refresh', { refreshToken: staff.refreshToken })).status,
    ).toBe(401);
    const removed = await client(t).call(
      'DELETE',
      `/api/admin/staff/${staff.id}`,
      undefined,
      owner.token,
    );
    expect(removed.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, staff.id));
    expect(row!.role).toBe('customer');
    const entries = await auditOf(staff.id);
    expect(entries.map((e) => e.action)).toEqual(['staff.remove', 'staff.role']);
    expect(entries[0]).toMatchObject({
      before: { role: 'owner' },
      after: { role: 'customer' },
    });
    expect(
      (await client(t).call('DELETE', `/api/admin/staff/${staff.id}`, undefined, owner.token))
        .status,
    ).toBe(404);
  });

  /** Makes `storeId`'s owners customers, then gives it two new owners with fresh tokens. */
  const twoOwnersOf = async (storeId: string) => {
    await t.database.db
      .update(users)
      .set({ role: 'customer' })
      .where(and(eq(users.storeId, storeId), eq(users.role, 'owner')));
    const a = await member('owner');
    const b = await member('owner');
    await t.database.db
      .update(users)
      .set({ storeId })
      .where(inArray(users.id, [a.id, b.id]));
    const fresh = async (refreshToken: string) =>
      (await client(t).post<TokenPair>('/api/auth/refresh', { refreshToken })).body.accessToken;
    return {
      a: { ...a, token: await fresh(a.refreshToken) },
      b: { ...b, token: await fresh(b.refreshToken) },
    };
  };
  const ownersOf = async (storeId: string) =>
    (await t.database.db.select().from(users).where(eq(users.storeId, storeId))).filter(
      (u) => u.role === 'owner',
    );

  it('never demotes or removes the last owner, not even themselves (409, in plain words)', async () => {
    const { a, b } = await twoOwnersOf('threadline');
    expect(
      (await client(t).call('PATCH', `/api/admin/staff/${b.id}`, { role: 'staff' }, a.token))
        .status,
    ).toBe(200);
    for (const call of [
      () => client(t).call('PATCH', `/api/admin/staff/${a.id}`, { role: 'staff' }, a.token),
      () => client(t).call('DELETE', `/api/admin/staff/${a.id}`, undefined, a.token),
    ]) {
      const res = await call();
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe(
        'The store must keep at least one owner: make someone else owner first.',
      );
    }
    expect((await ownersOf('threadline')).map((u) => u.id)).toEqual([a.id]);
  });

  const pg = postgresOnly(target);
  pg.it(
    'keeps the last owner: two owners demoting or removing each other at once leave one (row lock)',
    async () => {
      for (const how of ['PATCH', 'DELETE', 'PATCH', 'DELETE', 'PATCH'] as const) {
        const { a, b } = await twoOwnersOf('threadline');
        const body = how === 'PATCH' ? { role: 'staff' } : undefined;
        const results = await Promise.all([
          client(t).call(how, `/api/admin/staff/${b.id}`, body, a.token),
          client(t).call(how, `/api/admin/staff/${a.id}`, body, b.token),
        ]);
        // The second, once it has the store's lock, finds its caller no owner any more (403) or
        // the other the last owner (409): never two 200s, never no owner.
        expect(results.map((r) => r.status).filter((s) => s === 200)).toHaveLength(1);
        expect(results.every((r) => [200, 403, 409].includes(r.status))).toBe(true);
        expect(await ownersOf('threadline')).toHaveLength(1);
      }
    },
  );

  it('leaves no invite and no audit entry when the email cannot be sent', async () => {
    const email = uniqueEmail('unsent');
    mail.fail(true);
    try {
      expect((await invite(email, 'staff')).status).toBe(503);
    } finally {
      mail.fail(false);
    }
    expect(
      await t.database.db.select().from(staffInvites).where(eq(staffInvites.email, email)),
    ).toHaveLength(0);
    const entries = await t.database.db.select().from(auditLog);
    expect(JSON.stringify(entries)).not.toContain(email);
  });

  it('pages the audit log with before, newest first, without losing or repeating entries', async () => {
    for (let i = 0; i < 5; i++) {
      await invite(uniqueEmail(`page${i}`), 'staff');
    }
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const q: string = before ? `&before=${before}` : '';
      const res = await client(t).get<AuditListResponse>(
        `/api/admin/audit?entity=staff_invite&limit=2${q}`,
        owner.token,
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.data.entries.map((e) => e.entry_id));
      before = res.body.data.next_before;
    } while (before);
    const all = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'staff_invite'));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(all.filter((e) => e.storeId === MAIN).length);
    const bad = await client(t).get('/api/admin/audit?before=yesterday', owner.token);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('before');
  });
});
