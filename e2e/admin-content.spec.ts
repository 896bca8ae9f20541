import { expect as baseExpect, test, type Page } from '@playwright/test';
import { signInAsOwner } from './admin-support.ts';
import { expectNoHorizontalOverflow, shot } from './support.ts';

// Sign-in hashes passwords (argon2id): slow on two cores.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

/** The storefront home's category names, in order. */
async function homeCategories(page: Page): Promise<string[]> {
  await page.goto('/');
  const list = page.getByRole('list', { name: 'Categories' });
  await expect(list.getByRole('link').first()).toBeVisible();
  return list.getByRole('link').allInnerTexts();
}

test('the owner orders categories, edits a marquee text and writes a page the shop shows', async ({
  page,
  browser,
}, info) => {
  // Both viewport projects share one server: each works on items of its own.
  const tag = `${info.project.name}-${String(Date.now()).slice(-6)}`;
  const name = `Pads ${tag}`;
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    isMobile: info.project.name === 'mobile',
  });
  const admin = await context.newPage();
  await signInAsOwner(admin);

  // Categories: add one (last), then move it to the top with its Up button.
  // The first of the seeded categories: the other viewport's run may already have put its own
  // category first, and the two runs then take turns at the top.
  const seededFirst = (await homeCategories(page)).find((n) => !n.startsWith('Pads '))!;
  await admin.goto('/admin/content');
  await expect(admin.getByRole('heading', { name: 'Content', exact: true })).toBeVisible();
  // The Content page's card (the menu has Categories too, under Products).
  await admin
    .getByRole('main')
    .getByRole('link', { name: /^Categories/ })
    .click();
  await expect(admin).toHaveURL(/\/admin\/products\/categories$/);
  await admin.getByRole('button', { name: 'Add category' }).click();
  const form = admin.getByRole('form', { name: 'New category' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Key').fill(`pads-${tag}`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const label = `${name} (pads-${tag})`;
  const rows = admin.getByTestId('content-row');
  await expect(rows.filter({ hasText: label })).toHaveCount(1);
  // The other viewport's run may be moving its own category at the same time: a move made on a
  // list changed meanwhile is refused (409) and the screen reloads it, so any answer counts, and
  // the check is that this category ends above the one that was first. The Up button is
  // disabled while a move is saved and once the row is first: a click that finds it so is not
  // made, and the loop looks again.
  const position = async (text: string) =>
    (await rows.allInnerTexts()).findIndex((row) => row.includes(text));
  for (let i = 0; i < 60 && (await position(label)) !== 0; i++) {
    const answered = admin
      .waitForResponse((r) => r.url().endsWith('/categories/reorder'), { timeout: 15_000 })
      .catch(() => null);
    const clicked = await admin
      .getByRole('button', { name: `Move ${label} up` })
      .click({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (clicked) await answered;
  }
  await expect.poll(() => position(label)).toBeLessThan(await position(seededFirst));
  await expectNoHorizontalOverflow(admin);
  await shot(admin, info, 'admin-content-categories');

  // The storefront home lists it before the category that was first.
  await expect
    .poll(
      async () => {
        const names = await homeCategories(page);
        const mine = names.findIndex((n) => n.includes(name));
        return mine >= 0 && mine < names.indexOf(seededFirst);
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // Marquee: add a text, edit it, see the edited text in the shop's announcement bar.
  await admin.goto('/admin/content/marquees');
  await admin.getByRole('button', { name: 'Add text' }).click();
  await admin.getByRole('form', { name: 'New text' }).getByLabel('Text').fill(`Hello ${tag}`);
  await admin.getByRole('form', { name: 'New text' }).getByRole('button', { name: 'Save' }).click();
  await admin.getByRole('button', { name: `Edit Hello ${tag}` }).click();
  const edit = admin.getByRole('form', { name: 'Edit text' });
  await edit.getByLabel('Text').fill(`Free delivery ${tag}`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(
    admin.getByTestId('content-row').filter({ hasText: `Free delivery ${tag}` }),
  ).toHaveCount(1);
  // The shop's cache may answer the old texts for a second after the save: load again until not.
  // The bar shows each text for 3 s in turn, so each look lasts a whole round of them.
  await expect(async () => {
    await page.goto('/');
    await expect(page.getByTestId('marquee')).toContainText(`Free delivery ${tag}`, {
      timeout: 25_000,
    });
  }).toPass({ timeout: 90_000 });

  // A content page in Markdown: preview, save, open on the shop.
  const slug = `hours-${tag}`;
  await admin.goto('/admin/content/pages');
  await admin.getByRole('link', { name: 'New page' }).click();
  await admin.getByLabel("Address (after the site's /)").fill(slug);
  await admin.getByLabel('Title').fill(`Opening hours ${tag}`);
  await admin.getByLabel('Description (search results)').fill('When the academy is open.');
  await admin
    .getByLabel('Body (Markdown)')
    .fill('## Weekdays\n\nWe open at **7 am**.\n\n- Skating\n- Fitness');
  const preview = admin.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Weekdays' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('7 am');
  await admin.getByRole('button', { name: 'Save page' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/content/pages/${slug}$`));
  await expect(admin.getByRole('heading', { name: `Edit Opening hours ${tag}` })).toBeVisible();
  await expect(admin.getByRole('link', { name: /Open on the shop/ })).toHaveAttribute(
    'href',
    `/pages/${slug}`,
  );
  await expect(preview.getByRole('heading', { name: 'Weekdays' })).toBeVisible();
  await expectNoHorizontalOverflow(admin);
  await shot(admin, info, 'admin-content-page-editor');

  await page.goto(`/pages/${slug}`);
  await expect(page.getByRole('heading', { name: `Opening hours ${tag}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Weekdays' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Fitness' })).toBeVisible();
  await shot(page, info, 'content-page-added');

  // Tidy up this project's category and text so the other specs see the seeded home.
  admin.on('dialog', (d) => void d.accept());
  for (const [kind, what] of [
    ['categories', label],
    ['marquees', `Free delivery ${tag}`],
  ] as const) {
    await admin.goto(`/admin/content/${kind}`);
    await admin.getByRole('button', { name: `Delete ${what}` }).click();
    await expect(admin.getByTestId('content-row').filter({ hasText: what })).toHaveCount(0);
  }
  await context.close();
});
