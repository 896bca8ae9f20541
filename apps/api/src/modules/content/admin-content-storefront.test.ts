import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCategory, Category } from '@shop/contracts';
import { postgresTestTarget } from '@shop/db/testing';
import { MAIN } from '../../test-support/accounts.ts';
import { memberToken } from '../../test-support/staff.ts';
import { startSecondProcess } from '../../test-support/second-process.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const CHECK_MS = 300;
const postgres = postgresTestTarget();

/**
 * A content write through one API process shows on the storefront of another process on the
 * same PostgreSQL database within CATALOGUE_CACHE_CHECK_MS (the catalogue version triggers).
 */
describe('admin content writes reach another API process', () => {
  let admin: TestApp;
  let storefront: Awaited<ReturnType<typeof startSecondProcess>>;
  let token: string;

  beforeAll(async () => {
    admin = await startTestApp(postgres);
    storefront = await startSecondProcess(admin, {
      AUTH_SECRET: randomBytes(32).toString('hex'),
      CATALOGUE_CACHE_CHECK_MS: CHECK_MS,
    });
    token = (await memberToken(admin, 'staff')).token;
  }, 180_000);
  afterAll(async () => {
    await storefront.close();
    await admin.close();
  });

  const shown = async () =>
    (await storefront.app.inject(`/api/category/getdata/category/${MAIN}`))
      .json<{ data: Category[] }>()
      .data.map((c) => c.category);
  const adminCall = async <T>(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    (
      await admin.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body !== undefined && { payload: body as Record<string, unknown> }),
      })
    ).json<{ data: T }>().data;
  const within = async (done: () => Promise<boolean>) => {
    const start = Date.now();
    while (!(await done())) {
      if (Date.now() - start > CHECK_MS * 4) throw new Error('the storefront never caught up');
      await new Promise((r) => setTimeout(r, 25));
    }
    return Date.now() - start;
  };

  it('shows a category reorder, a new one and a hide within the check interval', async () => {
    const before = await shown(); // warms the other process's cache
    expect(before.length).toBeGreaterThan(1);
    const list = await adminCall<AdminCategory[]>('GET', '/api/admin/content/categories');
    const reversed = [...list].reverse().map((c) => c.id);
    await adminCall('POST', '/api/admin/content/categories/reorder', { ids: reversed });
    const active = [...list].reverse().filter((c) => c.status === 'Active');
    const took = await within(
      async () => (await shown()).join('|') === active.map((c) => c.category).join('|'),
    );
    expect(took).toBeLessThan(CHECK_MS * 4);

    const made = await adminCall<AdminCategory>('POST', '/api/admin/content/categories', {
      name: 'Helmets',
      category: 'helmets-two',
    });
    await within(async () => (await shown()).includes('helmets-two'));
    await adminCall('PATCH', `/api/admin/content/categories/${made.id}`, { status: 'Inactive' });
    await within(async () => !(await shown()).includes('helmets-two'));
  });
});
