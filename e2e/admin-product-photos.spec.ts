import { expect as baseExpect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { productPath } from '@shop/domain';
import { signInAsOwner } from './admin-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

// Sign-in hashes a password (argon2id) and sharp makes renditions: slow on two cores.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

/** A photo made now: a square of one colour with a darker band, as a JPEG or PNG. */
async function photo(colour: string, format: 'jpeg' | 'png') {
  const band = await sharp({
    create: { width: 1400, height: 300, channels: 3, background: '#1e293b' },
  })
    .png()
    .toBuffer();
  const image = sharp({
    create: { width: 1400, height: 1400, channels: 3, background: colour },
  }).composite([{ input: band, top: 1000, left: 0 }]);
  return format === 'jpeg' ? image.jpeg().toBuffer() : image.png().toBuffer();
}

/** Signs in at /admin as the store's first owner; answers the staff access token. */
/** Signs in as the owner; answers the admin's access token (for API set-up calls). */
async function signIn(page: Page): Promise<string> {
  await signInAsOwner(page);
  const token = await page.evaluate(() => localStorage.getItem('admin.accessToken'));
  expect(token).toBeTruthy();
  return token!;
}

test('the owner uploads two photos, makes the second the main one and the shop shows it with a srcset', async ({
  page,
  request,
  browser,
}, info) => {
  const token = await signIn(page);
  const title = `Photo skates ${info.project.name} ${Date.now().toString(36)}`;
  const created = await request.post('/api/admin/products', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      sku: `PHOTO-${info.project.name}-${Date.now().toString(36)}`.toUpperCase(),
      category: 'Skates',
      description: 'Skates for the photo test.',
      short_description: 'Skates with photos.',
      originalPrice: 2999,
      discountPrice: 2499,
      stock: 5,
      hsn_code: '9506',
      gst_rate: 5,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { data: { product_id: string } }).data.product_id;

  await page.goto(`/admin/products/${productId}/photos`);
  await expect(page.getByRole('heading', { name: `Photos: ${title}` })).toBeVisible();
  await expect(page.getByText('No photos yet.')).toBeVisible();

  const picker = page.getByLabel('Add photos');
  await expect(picker).toHaveAttribute('accept', 'image/*');
  await picker.setInputFiles([
    { name: 'teal.jpg', mimeType: 'image/jpeg', buffer: await photo('#0f766e', 'jpeg') },
    { name: 'orange.png', mimeType: 'image/png', buffer: await photo('#f97316', 'png') },
  ]);
  await expect(page.getByRole('status')).toHaveText('2 photos added.');
  const photos = page.getByRole('list', { name: 'Photos' }).getByRole('listitem');
  await expect(photos).toHaveCount(2);
  await expect(photos.first()).toHaveAccessibleName('Photo 1 of 2, main photo');
  const secondSrc = await photos.nth(1).getByRole('img').getAttribute('src');
  expect(secondSrc).toMatch(
    /^\/api\/uploads\/products\/urbanroll\/[0-9a-f]{16}-320-640-1024-1400\/320\.webp$/,
  );
  const secondFolder = secondSrc!.replace(/\/320\.webp$/, '');

  await page.getByRole('button', { name: 'Make photo 2 the main one' }).click();
  await expect(page.getByRole('status')).toHaveText('Main photo changed.');
  await expect(photos.first()).toHaveAccessibleName('Photo 1 of 2, main photo');
  await expect(photos.first().getByRole('img')).toHaveAttribute('src', `${secondFolder}/320.webp`);

  // A text file named like a photo is refused with the server's message.
  await picker.setInputFiles({
    name: 'notes.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('These are my notes, not a photo.'),
  });
  await expect(page.getByRole('alert')).toHaveText(
    'notes.jpg: Not a photo we can read. Send a JPEG, PNG, WebP or AVIF image.',
  );
  await expect(photos).toHaveCount(2);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'admin-product-photos');
  await expectNoSeriousA11yViolations(page);

  // Delete asks first.
  await page.getByRole('button', { name: 'Delete photo 2' }).click();
  await expect(page.getByRole('group', { name: 'Confirm delete' })).toBeVisible();
  await page.getByRole('button', { name: 'Keep it' }).click();
  await expect(photos).toHaveCount(2);

  // The storefront's product page shows the new main photo with its renditions.
  await expect
    .poll(
      async () => {
        await page.goto(productPath(title, productId));
        return page.getByTestId('gallery-main').getByRole('img').getAttribute('src');
      },
      { timeout: 30_000 },
    )
    .toBe(`${secondFolder}/640.webp`);
  const main = page.getByTestId('gallery-main').getByRole('img');
  await expect(main).toHaveAttribute(
    'srcset',
    [320, 640, 1024, 1400].map((w) => `${secondFolder}/${String(w)}.webp ${String(w)}w`).join(', '),
  );
  await expect(main).toHaveAttribute('sizes', /100vw/);
  await expect
    .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const current = await main.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(current).toContain(`${secondFolder}/`);
  await shot(page, info, 'storefront-product-photos');

  // The server's HTML preloads the same renditions the gallery picks from.
  const html = await (await request.get(productPath(title, productId))).text();
  expect(html).toContain(`imagesrcset="${secondFolder}/320.webp 320w,`);

  // A 360 px phone at 1x fetches the 320 px rendition for a listing card (two columns).
  const phone = await browser.newContext({
    viewport: { width: 360, height: 800 },
    deviceScaleFactor: 1,
  });
  const shop = await phone.newPage();
  await shop.goto(`/products?search=${encodeURIComponent(title)}`);
  const card = shop.locator(`img[src="${secondFolder}/640.webp"]`).first();
  await expect(card).toHaveAttribute('sizes', /50vw/);
  await expect
    .poll(() => card.evaluate((img: HTMLImageElement) => img.currentSrc), { timeout: 20_000 })
    .toMatch(new RegExp(`${secondFolder}/320\\.webp$`));
  await phone.close();
});
