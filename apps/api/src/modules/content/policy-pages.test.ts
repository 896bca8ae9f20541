import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContentPage, PolicyPagesResult } from '@shop/contracts';
import { auditLog, contentPages } from '@shop/db';
import { POLICY_PAGE_SLUGS } from '@shop/domain';
import { client, MAIN } from '../../test-support/accounts.ts';
import { memberToken } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseTargets } from '@shop/db/testing';

const POLICIES = '/api/admin/content/pages/policies';

/** Issue 57 item 5: "Create policy pages" makes the missing ones from templates, never overwriting. */
describe.each(testDatabaseTargets())('policy pages from templates on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { paymentWebhooks: null } });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const slugsOf = async (store: string) =>
    (
      await t.database.db
        .select({ slug: contentPages.slug })
        .from(contentPages)
        .where(
          and(eq(contentPages.storeId, store), inArray(contentPages.slug, [...POLICY_PAGE_SLUGS])),
        )
    )
      .map((r) => r.slug)
      .sort();

  it('creates the missing policy pages filled with the shop’s settings, keeps the one it had, audited, editable', async () => {
    const staff = (await memberToken(t, 'staff')).token;
    // The demo seeds all four: a shop with only its own refund policy.
    await t.database.db
      .delete(contentPages)
      .where(
        and(
          eq(contentPages.storeId, MAIN),
          inArray(contentPages.slug, [
            'privacy-policy',
            'terms-and-conditions',
            'shipping-and-delivery',
          ]),
        ),
      );
    await t.database.db
      .update(contentPages)
      .set({ bodyMarkdown: 'Our own refund words.' })
      .where(and(eq(contentPages.storeId, MAIN), eq(contentPages.slug, 'refund-policy')));
    const profile = await t.services.storeSettings.profile(MAIN);

    const res = await client(t).post<PolicyPagesResult>(POLICIES, {}, staff);
    expect(res.status).toBe(200);
    expect(res.body.data.created.map((p) => p.slug).sort()).toEqual([
      'privacy-policy',
      'shipping-and-delivery',
      'terms-and-conditions',
    ]);
    expect(res.body.data.kept).toEqual(['refund-policy']);
    expect(res.body.data.created.find((p) => p.slug === 'privacy-policy')?.path).toBe(
      '/privacy-policy',
    );

    const page = (slug: string) =>
      client(t).get<{ data: AdminContentPage }>(`/api/admin/content/pages/${slug}`, staff);
    const privacy = (await page('privacy-policy')).body.data;
    expect(privacy.body_markdown).toContain(profile.name);
    expect(privacy.body_markdown).toContain(profile.office_address);
    expect(privacy.body_markdown).toContain(profile.email);
    expect(privacy.body_markdown).not.toMatch(/undefined|null|NaN/);
    // Never overwritten.
    expect((await page('refund-policy')).body.data.body_markdown).toBe('Our own refund words.');

    const audits = await t.database.db
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.storeId, MAIN), eq(auditLog.action, 'content_page.create')));
    expect(audits.map((a) => a.entityId)).toEqual(
      expect.arrayContaining(['privacy-policy', 'shipping-and-delivery', 'terms-and-conditions']),
    );
    expect(audits.map((a) => a.entityId)).not.toContain('refund-policy');

    // The footer's list (the page meta) names the new pages at once.
    const meta = (await t.app.inject(`/api/meta/${MAIN}`)).json<{
      data: { pages: { slug: string; title: string }[] };
    }>();
    expect(meta.data.pages).toContainEqual({ slug: 'privacy-policy', title: 'Privacy Policy' });
    expect(meta.data.pages.map((p) => p.slug)).toContain('shipping-and-delivery');

    // Editable afterwards in the page editor, and the storefront shows it.
    const edited = await client(t).call(
      'PATCH',
      '/api/admin/content/pages/privacy-policy',
      { body_markdown: '# Privacy Policy\n\nEdited by the owner.' },
      staff,
    );
    expect(edited.status).toBe(200);
    const shown = await t.app.inject(`/api/pages/${MAIN}/privacy-policy`);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Edited by the owner.');

    // Again: nothing to make, nothing overwritten (the edit stays).
    const again = await client(t).post<PolicyPagesResult>(POLICIES, {}, staff);
    expect(again.body.data).toEqual({ created: [], kept: [...POLICY_PAGE_SLUGS] });
    expect((await page('privacy-policy')).body.data.body_markdown).toContain(
      'Edited by the owner.',
    );
  });

  it('acts only on the caller’s store: another store’s staff make that store’s pages, never this one’s', async () => {
    await t.database.db.delete(contentPages).where(eq(contentPages.storeId, 'threadline'));
    await t.database.db
      .delete(contentPages)
      .where(and(eq(contentPages.storeId, MAIN), eq(contentPages.slug, 'shipping-and-delivery')));
    const before = await slugsOf(MAIN);
    const otherStaff = (await memberToken(t, 'staff', 'threadline')).token;
    const res = await client(t).post<PolicyPagesResult>(POLICIES, {}, otherStaff);
    expect(res.status).toBe(200);
    expect(res.body.data.created).toHaveLength(4);
    expect(await slugsOf('threadline')).toEqual([...POLICY_PAGE_SLUGS].sort());
    expect(await slugsOf(MAIN)).toEqual(before);
    expect(before).not.toContain('shipping-and-delivery');
    // A customer, and nobody, may not.
    const customer = (await memberToken(t, 'customer')).token;
    expect((await client(t).post(POLICIES, {}, customer)).status).toBe(403);
    expect((await client(t).post(POLICIES, {})).status).toBe(401);
  });
});
