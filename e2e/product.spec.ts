import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { productPath } from '@shop/domain';
import {
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  productList,
  shot,
} from './support.ts';

interface ProductWithGallery {
  product_id: string;
  title: string;
  image: string;
  gallery: string[];
}

test('a product page shows gallery, price, tabs, pincode check and delivery estimate', async ({
  page,
}, info) => {
  await page.goto('/products');
  const first = productList(page).getByRole('listitem').first();
  const title = (await first.getByRole('heading').textContent()) ?? '';
  await first.getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('delivery-estimate')).toContainText('Estimated delivery:');

  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByTestId('quantity')).toHaveText('2');
  await page.getByRole('button', { name: 'Decrease quantity' }).click();
  await page.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(page.getByTestId('quantity')).toHaveText('1');

  const pin = page.getByLabel('Check delivery to your pincode');
  await pin.fill('4000');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('pincode-result')).toHaveText('Please enter a valid pincode');
  await pin.fill('400064');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('pincode-result')).toHaveText('Delivery available to 400064');
  await pin.fill('110001');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('pincode-result')).toHaveText(
    'Sorry, delivery is not available to 110001',
  );

  await page.getByRole('tab', { name: 'Specifications' }).click();
  await expect(page.getByRole('tabpanel')).not.toBeEmpty();
  await page.getByRole('tab', { name: /Reviews/ }).click();
  const review = page.getByLabel('Write a review');
  await review.fill('Great fit');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(review).toHaveValue('');
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'product');
  await expectNoSeriousA11yViolations(page);
});

test('a product out of stock altogether offers no quantity, delivery estimate or pincode check', async ({
  page,
  request,
}, info) => {
  const res = await request.get(
    '/api/grouped-product/search-all-products/urbanroll?page=1&limit=50&courses=exclude&search=Bandra%20Wall%20Art',
  );
  const products = ((await res.json()) as { data: { product_id: string; title: string }[] }).data;
  const tee = products.find((p) => p.title === 'Bandra Wall Art Tee');
  expect(tee, 'the demo catalogue has Bandra Wall Art Tee, out of stock').toBeDefined();
  await page.goto(productPath(tee!.title, tee!.product_id));
  await expect(page.getByRole('heading', { level: 1, name: tee!.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  await expect(page.getByTestId('quantity')).toHaveCount(0);
  await expect(page.getByTestId('delivery-estimate')).toHaveCount(0);
  await expect(page.getByLabel('Check delivery to your pincode')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'product-out-of-stock');
});

test('a malformed product URL shows a not-found page', async ({ page }) => {
  await page.goto('/product/%%%/!!!');
  await expect(page.getByRole('heading', { name: /could not find that product/ })).toBeVisible();
  await page.goto('/product/YWJj/MDAwMDAwMDAtMDAwMC00MDAwLTgwMDAtMDAwMDAwMDAwMDAw');
  await expect(page.getByRole('heading', { name: /could not find that product/ })).toBeVisible();
});

test('served HTML of a product page carries its title, Open Graph tags and JSON-LD', async ({
  page,
  request,
}) => {
  await page.goto('/products');
  const first = productList(page).getByRole('listitem').first();
  const title = (await first.getByRole('heading').textContent()) ?? '';
  await first.getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} | Urban Roll`);
  const html = await (await request.get(new URL(page.url()).pathname)).text();
  expect(html).toContain(`<title>${title} | Urban Roll</title>`);
  expect(html).toContain('property="og:title"');
  expect(html).toContain('"@type":"Product"');
});

test('a swipe on the gallery changes the image only beyond 50 px', async ({ page, request }) => {
  const res = await request.get(
    '/api/grouped-product/search-all-products/urbanroll?page=1&limit=50&courses=exclude',
  );
  const products = ((await res.json()) as { data: ProductWithGallery[] }).data;
  const product = products.find((p) => p.gallery.some((g) => g !== p.image));
  expect(product).toBeDefined();
  await page.goto(productPath(product!.title, product!.product_id));
  const gallery = page.getByTestId('gallery-main');
  const shown = gallery.getByRole('img');
  await expect(shown).toHaveAccessibleName(/, image 1 of \d+$/);

  // Real touch input (as a phone sends it): the gallery reads touchstart and touchend.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const box = (await gallery.boundingBox())!;
  const y = box.y + box.height / 2;
  const swipe = async (dx: number) => {
    const x = box.x + box.width / 2 + (dx < 0 ? 70 : -70);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (const step of [0.5, 1]) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: x + dx * step, y }],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };

  await swipe(-40);
  await expect(shown).toHaveAccessibleName(/, image 1 of \d+$/);
  await expect(page.getByRole('button', { name: 'Show image 1' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await swipe(-60);
  await expect(shown).toHaveAccessibleName(/, image 2 of \d+$/);
  await swipe(40);
  await expect(shown).toHaveAccessibleName(/, image 2 of \d+$/);
  await swipe(60);
  await expect(shown).toHaveAccessibleName(/, image 1 of \d+$/);
});

const TEE = 'Urban Roll Classic Logo Tee';

/** A chip of a picker group, by its value (its label, what a finger presses). */
const chip = (group: Locator, value: string) =>
  group.locator('label').filter({ hasText: new RegExp(`^${value}( \\(|$)`) });

interface TeeProduct {
  product_id: string;
  title: string;
  variation: { sku: string; stock: number; attributes: Record<string, string> }[];
}

/**
 * Opens the tee's page with its variations as `edit` leaves them: the page's own first-screen
 * answer is dropped so the product is read from the API, where the test rewrites it.
 */
async function openTee(
  page: Page,
  request: APIRequestContext,
  edit: (p: TeeProduct) => TeeProduct = (p) => p,
) {
  const q = new URLSearchParams({ search: TEE, limit: '10', courses: 'include' });
  const res = await request.get(`/api/grouped-product/search-all-products/urbanroll?${q}`);
  const tee = ((await res.json()) as { data: TeeProduct[] }).data.find((p) => p.title === TEE)!;
  const path = productPath(tee.title, tee.product_id);
  const pathname = new URL(path, 'http://localhost').pathname;
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<script[^>]*id="first-screen-data"[^>]*>[\s\S]*?<\/script>/,
        '',
      );
      await route.fulfill({ response, body });
    },
  );
  await page.route(`**/api/grouped-product/single/${tee.product_id}`, async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { data: TeeProduct };
    await route.fulfill({ response, json: { ...json, data: edit(json.data) } });
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: TEE })).toBeVisible();
  return tee;
}

test('a variable product page picks colour and size chips: price, stock, picture, impossible and sold-out sizes', async ({
  page,
  request,
}, info) => {
  // White does not come in S here (that variation removed); White XXL is sold out (the seed).
  await openTee(page, request, (p) => ({
    ...p,
    variation: p.variation.filter(
      (v) => !(v.attributes.Colour === 'White' && v.attributes.Size === 'S'),
    ),
  }));
  const colour = page.getByRole('radiogroup', { name: /^Colour/ });
  const size = page.getByRole('radiogroup', { name: /^Size/ });
  // Colour first (the first in stock is chosen), then size: no size is guessed (issue 59).
  await expect(colour.getByRole('radio', { name: 'Black' })).toBeChecked();
  await expect(size.getByRole('radio', { name: 'S' })).not.toBeChecked();
  await chip(size, 'S').click();
  await expect(size.getByRole('radio', { name: 'S' })).toBeChecked();
  await expect(page.getByTestId('variant-stock')).toContainText('In stock');
  const price = page.getByTestId('product-price');
  const smallPrice = await price.textContent();
  const picture = page.getByTestId('gallery-main').getByRole('img');
  const blackPicture = await picture.getAttribute('src');

  await chip(colour, 'White').click();
  await expect(colour).toHaveAccessibleName('Colour: White');
  // White S does not exist: disabled, and the size is cleared (not moved to a guess).
  await expect(size.getByRole('radio', { name: 'S (not available)' })).toBeDisabled();
  for (const radio of await size.getByRole('radio').all()) await expect(radio).not.toBeChecked();
  await expect(picture).not.toHaveAttribute('src', blackPicture ?? '');
  // XXL costs more; White XXL is sold out: choosable, marked, and not for sale.
  await chip(size, 'XXL').click();
  await expect(size.getByRole('radio', { name: 'XXL (out of stock)' })).toBeChecked();
  await expect(page.getByTestId('variant-stock')).toContainText('Out of stock');
  await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  await expect(price).not.toHaveText(smallPrice ?? '');
  await chip(size, 'XL').click();
  await expect(page.getByTestId('variant-stock')).toContainText(/In stock|Only \d+ left/);

  // Keyboard: the arrow keys move within a group, the focus is drawn on the chip.
  await size.getByRole('radio', { name: 'XL', exact: true }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(size.getByRole('radio', { name: 'L', exact: true })).toBeChecked();
  const outline = await chip(size, 'L').evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');

  // Every chip is a 44×44 px tap target.
  for (const label of await page.getByTestId('variant-picker').locator('label').all()) {
    const box = (await label.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'product-variant-picker');
  await expectNoSeriousA11yViolations(page);

  // The chosen variation is what goes into the cart.
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect
    .poll(() =>
      page.evaluate(() =>
        (JSON.parse(localStorage.getItem('guest_cart') ?? '[]') as { product_sku: string }[]).map(
          (l) => l.product_sku,
        ),
      ),
    )
    .toEqual([expect.stringMatching(/-WHT-L$/)]);
});

test('the card chooser names each variation "Black / M" before its SKU', async ({ page }, info) => {
  await page.goto(`/product?search=${encodeURIComponent(TEE)}`);
  const card = productList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: TEE }) });
  await card.getByRole('button', { name: 'Select' }).click();
  const dialog = page.getByRole('dialog', { name: `${TEE} - Choose a Variation` });
  // The spec's list is folded under the chips (issue 59; docs/spec-deviations.md).
  await dialog.getByText('All variations (SKU, price, stock)').click();
  const first = dialog.getByRole('list', { name: 'Variations' }).getByRole('listitem').first();
  await expect(first).toContainText(/^Black \/ S\s*SKU/);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'variation-chooser');
});
