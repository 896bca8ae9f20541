import { expect, test } from '@playwright/test';
import { productPath } from '@shop/domain';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

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
  const first = page.getByRole('list', { name: 'Products' }).getByRole('listitem').first();
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
  const first = page.getByRole('list', { name: 'Products' }).getByRole('listitem').first();
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
