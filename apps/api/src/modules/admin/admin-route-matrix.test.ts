import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffListResponse, TokenPair } from '@shop/contracts';
import { users } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import type { AuthNeed } from '../../plugins/auth.ts';
import { capturingEmail, client, MAIN, registerUser } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/** The admin routes anyone may call (they check a password or an emailed code themselves). */
const PUBLIC = new Set([
  'POST /api/admin/login',
  'POST /api/admin/login/verify',
  'POST /api/admin/staff/accept',
]);

/** Routes that must be the owner's alone, whatever they declare (staff, settings, audit). */
const MUST_BE_OWNER_ONLY = [
  'GET /api/admin/staff',
  'POST /api/admin/staff/invite',
  'PATCH /api/admin/staff/:user_id',
  'DELETE /api/admin/staff/:user_id',
  'GET /api/admin/audit',
  // The page meta names scripts the storefront loads (decision 0023).
  'PUT /api/admin/content/page-meta',
  'GET /api/admin/settings/security',
  'PATCH /api/admin/settings/security',
  'GET /api/admin/settings/profile',
  'PUT /api/admin/settings/profile',
  'GET /api/admin/settings/buttons',
  'PUT /api/admin/settings/buttons',
  'GET /api/admin/settings/payment-keys',
  'PUT /api/admin/settings/payment-keys',
  'DELETE /api/admin/settings/payment-keys',
  'POST /api/admin/settings/payment-keys/test',
  'GET /api/admin/delivery/bands',
  'PUT /api/admin/delivery/bands',
  'GET /api/admin/delivery/free-bands',
  'PUT /api/admin/delivery/free-bands',
  'GET /api/admin/pincodes',
  'POST /api/admin/pincodes/bulk',
  'PATCH /api/admin/pincodes/:pincode',
  'DELETE /api/admin/pincodes/:pincode',
  'GET /api/admin/coupons',
  'POST /api/admin/coupons',
  'PATCH /api/admin/coupons/:id',
];

type Member = 'customer' | 'staff' | 'owner';

describe.each(testDatabaseTargets())(
  'every /api/admin route refuses whom it must on $name',
  (target) => {
    let t: TestApp;
    const mail = capturingEmail();
    const tokens = {} as Record<Member | 'otherStaff' | 'otherOwner', string>;
    const ids = {} as Record<Member | 'otherStaff' | 'otherOwner', string>;

    /** A user of `store` with `role`, and an access token that carries it. */
    const member = async (role: Member, store = MAIN) => {
      const u = await registerUser(t, mail);
      await t.database.db.update(users).set({ role, storeId: store }).where(eq(users.id, u.userId));
      const res = await client(t).post<TokenPair>('/api/auth/refresh', {
        refreshToken: u.refreshToken,
      });
      return { token: res.body.accessToken, id: u.userId };
    };

    beforeAll(async () => {
      t = await startTestApp(target, { adapters: { email: mail.sender } });
      for (const [key, role, store] of [
        ['customer', 'customer', MAIN],
        ['staff', 'staff', MAIN],
        ['owner', 'owner', MAIN],
        ['otherStaff', 'staff', 'threadline'],
        ['otherOwner', 'owner', 'threadline'],
      ] as const) {
        const m = await member(role, store);
        tokens[key] = m.token;
        ids[key] = m.id;
      }
    });
    afterAll(async () => {
      await t.close();
    });

    /** Every route under /api/admin, from the app itself (a route added later is covered). */
    const adminRoutes = () =>
      t.routes
        .filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD')
        .map((r) => ({
          key: `${r.method} ${r.url}`,
          method: r.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
          // Path parameters filled with an id of nothing: the checks come before any lookup.
          url: r.url.replace(/:[A-Za-z_]+/g, randomUUID()),
          need: (r.config as { auth?: AuthNeed } | undefined)?.auth,
        }));

    const call = (r: ReturnType<typeof adminRoutes>[number], token?: string) =>
      client(t).call(
        r.method,
        r.url,
        r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
        token,
      );

    it('finds the admin routes, each public by name or declaring staff or owner', () => {
      const routes = adminRoutes();
      expect(routes.length).toBeGreaterThanOrEqual(8);
      for (const r of routes) {
        if (PUBLIC.has(r.key)) continue;
        expect(r.need?.role, `${r.key} declares no staff or owner need`).toMatch(/^(staff|owner)$/);
      }
      for (const key of MUST_BE_OWNER_ONLY) {
        expect(routes.find((r) => r.key === key)?.need?.role, key).toBe('owner');
      }
    });

    it('covers the photo routes (staff and owner; their other-store 404s: product-images.test)', () => {
      const keys = adminRoutes().map((r) => r.key);
      for (const key of [
        'GET /api/admin/products/:id/images',
        'POST /api/admin/products/:id/images',
        'PATCH /api/admin/products/:id/images',
        'DELETE /api/admin/products/:id/images',
        'POST /api/admin/media/images',
      ]) {
        expect(keys, key).toContain(key);
        expect(adminRoutes().find((r) => r.key === key)?.need?.role, key).toBe('staff');
      }
    });

    it('answers 401 without a token, 403 to a customer and, owner-only, 403 to staff', async () => {
      for (const r of adminRoutes().filter((x) => !PUBLIC.has(x.key))) {
        expect((await call(r)).status, `${r.key} without a token`).toBe(401);
        expect((await call(r, 'not-a-token')).status, `${r.key} with a bad token`).toBe(401);
        expect((await call(r, tokens.customer)).status, `${r.key} as a customer`).toBe(403);
        const asStaff = (await call(r, tokens.staff)).status;
        if (r.need?.role === 'owner') expect(asStaff, `${r.key} as staff`).toBe(403);
        else expect([401, 403], `${r.key} as staff: ${asStaff}`).not.toContain(asStaff);
        const asOwner = (await call(r, tokens.owner)).status;
        expect([401, 403], `${r.key} as the owner: ${asOwner}`).not.toContain(asOwner);
      }
    });

    it('lets anyone reach the public ones (they check credentials themselves)', async () => {
      for (const r of adminRoutes().filter((x) => PUBLIC.has(x.key))) {
        const status = (await call(r)).status;
        expect(status, `${r.key}: ${status}`).not.toBe(401);
        expect(status, `${r.key}: ${status}`).toBeLessThan(500);
      }
    });

    it("keeps another store's staff and owner out of this store's staff and audit log", async () => {
      const asOther = client(t);
      const list = await asOther.get<StaffListResponse>('/api/admin/staff', tokens.otherOwner);
      expect(list.status).toBe(200);
      const listed = list.body.data.staff.map((s) => s.user_id);
      expect(listed).toContain(ids.otherOwner);
      expect(listed).not.toContain(ids.owner);
      expect(listed).not.toContain(ids.staff);
      // This store's staff member, by id: not found for the other store's owner.
      for (const [method, body] of [
        ['PATCH', { role: 'owner' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await asOther.call(
          method,
          `/api/admin/staff/${ids.staff}`,
          body,
          tokens.otherOwner,
        );
        expect(res.status, method).toBe(404);
      }
      expect((await asOther.get('/api/admin/staff', tokens.otherStaff)).status).toBe(403);
      const staffRow = await t.database.db.select().from(users).where(eq(users.id, ids.staff));
      expect(staffRow[0]!.role).toBe('staff');

      // An entry of this store is not in the other store's log.
      const demoted = await client(t).call(
        'PATCH',
        `/api/admin/staff/${ids.staff}`,
        { role: 'owner' },
        tokens.owner,
      );
      expect(demoted.status).toBe(200);
      const mine = await client(t).get<{ data: { entries: { entity_id: string }[] } }>(
        '/api/admin/audit',
        tokens.owner,
      );
      expect(mine.body.data.entries.map((e) => e.entity_id)).toContain(ids.staff);
      const theirs = await asOther.get<{ data: { entries: { entity_id: string }[] } }>(
        '/api/admin/audit',
        tokens.otherOwner,
      );
      expect(theirs.status).toBe(200);
      expect(theirs.body.data.entries.map((e) => e.entity_id)).not.toContain(ids.staff);
    });
  },
);
