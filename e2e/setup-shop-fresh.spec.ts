import { expect as baseExpect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { FRESH_OWNER, openSignedIn, registerAccount } from './accounts-support.ts';
import { signInToAdmin } from './admin-support.ts';
import { addAddress, gatewayWindow, summaryRow } from './checkout-support.ts';
import { payInSandbox } from './orders-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

// The whole set-up of a shop and a purchase, on a busy two-core machine.
test.describe.configure({ timeout: 600_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const SHOP = 'Rolling Rani Skates';
const PRODUCT = 'Rani Quad Skates';
const COUPON = 'WELCOME100';

/** A picture made now: a wide or square block of one colour with a darker band. */
async function picture(colour: string, width: number, height: number) {
  const band = await sharp({
    create: { width, height: Math.round(height / 4), channels: 3, background: '#1e293b' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: band, top: Math.round(height / 3), left: 0 }])
    .png()
    .toBuffer();
}

/** Both sizes of one screen, then back to the phone the walk runs on. */
async function shotsAtBothSizes(page: Page, info: Parameters<typeof shot>[1], name: string) {
  await expectNoHorizontalOverflow(page);
  await shot(page, info, `${name}-360`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, info, `${name}-1280`);
  await page.setViewportSize({ width: 360, height: 800 });
}

test('from SEED_DEMO=false the owner sets up the shop from the admin alone, and a customer buys from it', async ({
  page,
  browser,
  request,
}, info) => {
  // The new shop's storefront answers before anything is set up: its id as its name, no goods.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'urbanroll' }).first()).toBeVisible();

  await signInToAdmin(page, FRESH_OWNER.email, FRESH_OWNER.password);
  // The dashboard's checklist names what the new shop lacks (its address and delivery area among
  // them), and what it already takes: pay on delivery, on from the start.
  await expect(page.getByTestId('blocker-address')).toContainText('address is not saved');
  await expect(page.getByTestId('blocker-delivery')).toContainText('No delivery area');
  await expect(page.getByTestId('sale-checklist')).toContainText('Shoppers can pay on delivery.');
  await expectNoHorizontalOverflow(page);
  await shotsAtBothSizes(page, info, 'fresh-dashboard');

  // 1. Settings, from the warning's link: the profile (name, logo, GSTIN, office), then the buttons.
  await page.getByRole('link', { name: 'Fill in the store profile' }).click();
  await expect(page).toHaveURL(/\/admin\/settings#profile$/);
  const profile = page.getByRole('form', { name: 'Store profile' });
  await expect(profile).toBeFocused();
  await expect(profile.getByText(/Fill in and save the profile/)).toBeVisible();
  await profile.getByLabel('Shop name').fill(SHOP);
  await profile
    .getByRole('group', { name: 'Logo' })
    .locator('input[type=file]')
    .setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await picture('#f97316', 480, 120),
    });
  await expect(profile.getByRole('img', { name: 'Logo: current image' })).toBeVisible();
  await profile.getByLabel('Colour of the payment window').fill('#c2410c');
  await expect(profile.getByText('#c2410c')).toBeVisible();
  await profile.getByLabel('Shop email').fill('hello@rollingrani.example');
  await profile.getByLabel('Phone').fill('+91 98200 11111');
  await profile.getByLabel(/^WhatsApp number/).fill('98200 22222');
  await profile.getByLabel('Legal name (on invoices)').fill('Rolling Rani Sports LLP');
  // A typo in the GSTIN is caught by its check character.
  await profile.getByLabel('GSTIN (empty if not registered)').fill('27AAPFU0939F1ZW');
  await profile.getByLabel(/^Office address/).fill('Shop 3, 14 Hill Road, Bandra West, Mumbai');
  await profile.getByLabel('Office pincode').fill('400050');
  await profile.getByLabel(/^Advance for pay on delivery/).fill('20');
  await profile.getByLabel('Send new-order notices to').fill('orders@rollingrani.example');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText(/last character does not match/)).toBeVisible();
  await profile.getByLabel('GSTIN (empty if not registered)').fill('27aapfu0939f1zv');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByTestId('save-bar').getByRole('status')).toHaveText('Saved.');
  await expect(profile.getByText('GST state: Maharashtra (27)', { exact: false })).toBeVisible();
  await expect(profile.getByLabel('GSTIN (empty if not registered)')).toHaveValue(
    '27AAPFU0939F1ZV',
  );
  // The office's position came from its pincode.
  await expect(profile.getByTestId('office-place')).toContainText(
    'centre of pincode 400050, Maharashtra',
  );
  await expect(profile.getByLabel('Latitude')).toHaveValue(/^19\.\d+/);
  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(page, info, 'fresh-settings-profile');

  const buttons = page.getByRole('form', { name: 'Buying and paying' });
  await buttons.getByRole('checkbox', { name: /^Add to Cart/ }).check();
  await buttons.getByRole('checkbox', { name: /^Buy Now/ }).check();
  await buttons.getByRole('radio', { name: 'Default' }).first().check();
  await buttons.getByRole('checkbox', { name: /^Pay now/ }).check();
  await buttons.getByRole('checkbox', { name: /^Pay on delivery/ }).check();
  await buttons.getByLabel('Label of Pay on delivery').fill('Cash on delivery (20% now)');
  await buttons.getByRole('button', { name: 'Save buttons' }).click();
  await expect(buttons.getByTestId('save-bar').getByRole('status')).toHaveText('Saved.');
  await buttons.scrollIntoViewIfNeeded();
  await shotsAtBothSizes(page, info, 'fresh-settings-buttons');

  // The shop's own gateway keys: write-only, shown masked, tested; checkout then pays with them.
  // The dashboard's "Add the Razorpay keys" (/settings#payment-keys) opens the settings there.
  await page.goto('/admin');
  await expect(page.getByTestId('blocker-address')).toHaveCount(0);
  await page.goto('/admin/settings#payment-keys');
  const keys = page.getByRole('form', { name: 'Payment keys (Razorpay)' });
  await expect(keys).toBeFocused();
  await expect(keys.getByRole('heading', { name: 'Payment keys (Razorpay)' })).toBeInViewport();
  await keys.getByLabel('Key id').fill('rzp_test_RollingRani01');
  await keys.getByLabel('Key secret', { exact: true }).fill('rolling-rani-key-secret-42');
  await keys.getByRole('button', { name: 'Save keys' }).click();
  await expect(keys.getByTestId('save-bar').getByRole('status')).toHaveText('Saved.');
  await expect(keys.getByTestId('keys-state')).toContainText(
    'its own key rzp_test_RollingRani01 (secret ••••t-42)',
  );
  await expect(keys.getByLabel('Key secret (empty: keep the saved one)')).toHaveValue('');
  await keys.getByRole('button', { name: 'Test saved keys' }).click();
  await expect(keys.getByRole('status').first()).toContainText('The sandbox takes any keys');
  await keys.scrollIntoViewIfNeeded();
  await shotsAtBothSizes(page, info, 'fresh-settings-keys');

  // 2. Delivery: one band for the whole city.
  await page.goto('/admin/delivery');
  const bands = page.getByRole('form', { name: 'Delivery bands', exact: true });
  // A new shop has none: the page says checkout refuses every address until one is saved.
  await expect(bands.getByTestId('no-delivery-band')).toContainText(
    'No active delivery band: checkout refuses every address',
  );
  await bands.getByRole('button', { name: 'Add a band' }).click();
  await bands.getByLabel('From km (band 1)').fill('0');
  await bands.getByLabel('Up to km (band 1)').fill('50');
  await bands.getByLabel('Price ₹ (band 1)').fill('49');
  await bands.getByRole('button', { name: 'Save delivery bands' }).click();
  await expect(page.getByText('Delivery bands saved.')).toBeVisible();
  await expect(bands.getByTestId('no-delivery-band')).toBeHidden();

  // 3. A category, then a product in it with a photo.
  await page.goto('/admin/content');
  await page.getByRole('link', { name: /^Categories/ }).click();
  await page.getByRole('button', { name: 'Add category' }).click();
  const category = page.getByRole('form', { name: 'New category' });
  await category.getByLabel('Name').fill('Skates');
  await category.getByLabel('Key').fill('skates');
  await category.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('content-row').filter({ hasText: 'Skates' })).toBeVisible();

  await page.goto('/admin/products/new');
  await page.getByLabel('Title').fill(PRODUCT);
  await page.getByLabel('SKU', { exact: true }).fill('RANI-QUAD-1');
  await page.getByLabel('Category').fill('skates');
  await page.getByLabel('MRP (₹)', { exact: true }).fill('2999');
  await page.getByLabel('Sale price (₹, blank for none)').fill('2499');
  await page.getByLabel('Stock').fill('5');
  await page.getByLabel('HSN/SAC code').fill('9506');
  await page.getByLabel('GST rate (%)').fill('5');
  await page.getByLabel('Short description').fill('Quad skates for the rink and the road.');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('status')).toHaveText('Product created.');
  await page.getByRole('link', { name: 'Photos' }).click();
  await page.getByLabel('Add photos').setInputFiles({
    name: 'skates.png',
    mimeType: 'image/png',
    buffer: await picture('#0f766e', 800, 800),
  });
  await expect(page.getByRole('status')).toHaveText('Photo added.');

  // A new-arrival group on the home page, its product found by name (no ids to copy).
  await page.goto('/admin/content/new-arrivals');
  await page.getByRole('button', { name: 'Add group' }).click();
  const group = page.getByRole('form', { name: 'New group' });
  await group.getByLabel('Group name').fill('Just in');
  await group.getByLabel('Find a product to add').fill('rani');
  await group.getByRole('button', { name: 'Find' }).click();
  await group.getByRole('button', { name: `Add ${PRODUCT}` }).click();
  await expect(group.getByRole('list', { name: 'Products, in order' })).toContainText(
    `${PRODUCT} (RANI-QUAD-1)`,
  );
  await expect(group.getByRole('button', { name: `Add ${PRODUCT}` })).toHaveText('Added');
  await shotsAtBothSizes(page, info, 'fresh-new-arrival-group');
  await group.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByTestId('content-row').filter({ hasText: 'Just in (1 products)' }),
  ).toBeVisible();

  // 4. A coupon and a content page.
  await page.goto('/admin/coupons');
  await page.getByRole('button', { name: 'New coupon' }).click();
  await page.getByLabel('Code').fill(COUPON);
  await page.getByLabel('Kind of offer').selectOption('fixed');
  await page.getByLabel('Amount off ₹').fill('100');
  await page.getByRole('button', { name: 'Save coupon' }).click();
  await expect(page.getByTestId(`usage-${COUPON}`)).toContainText('Used 0');

  await page.goto('/admin/content/pages');
  await page.getByRole('link', { name: 'New page' }).click();
  await page.getByLabel("Address (after the site's /)").fill('about-us');
  await page.getByLabel('Title').fill('About Rolling Rani');
  await page.getByLabel('Description (search results)').fill('Who we are.');
  await page.getByLabel('Body (Markdown)').fill('## Our story\n\nSkates for every Mumbai street.');
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByRole('heading', { name: 'Edit About Rolling Rani' })).toBeVisible();

  // 5. A customer finds the product, pays with the coupon applied.
  const account = await registerAccount(
    request,
    undefined,
    undefined,
    undefined,
    process.env.E2E_FRESH_DATA_DIR,
  );
  await addAddress(request, account);
  const shopper = await browser.newPage({ viewport: { width: 360, height: 800 }, isMobile: true });
  await openSignedIn(shopper, account, '/');
  // Checkout opens the gateway with the shop's own key.
  const pay = await request.get('/api/pay-razorpay/urbanroll');
  expect(await pay.json()).toMatchObject({ key_id: 'rzp_test_RollingRani01' });
  await expect(shopper.getByRole('img', { name: SHOP }).first()).toBeVisible();
  await expect(
    shopper.getByRole('region', { name: 'Just in' }).getByText(PRODUCT).first(),
  ).toBeVisible();
  // A shop without slides shows no empty hero block above its goods, a category without an
  // icon its initial, and no about block until the shop has a description.
  await expect(shopper.getByRole('region', { name: 'Featured offers' })).toHaveCount(0);
  await expect(shopper.getByTestId('category-initial').first()).toBeVisible();
  await expect(shopper.getByRole('heading', { name: `About ${SHOP}` })).toHaveCount(0);
  // No announcements yet: no empty announcement bar, in the page's frame or once drawn.
  await expect(shopper.getByTestId('marquee')).toHaveCount(0);
  expect(await (await request.get('/')).text()).not.toContain('<!--announcement-bar-->');
  await shotsAtBothSizes(shopper, info, 'fresh-home');
  await expect(async () => {
    await shopper.goto(`/product?search=${encodeURIComponent(PRODUCT)}`);
    await expect(shopper.getByRole('heading', { name: PRODUCT })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await shopper.getByRole('link', { name: PRODUCT, exact: true }).click();
  await expect(shopper).toHaveURL(/\/product\/[^/]+\/[^/]+$/);
  await expect(shopper.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  await expect(shopper.getByRole('img', { name: PRODUCT }).first()).toBeVisible();
  await shopper.getByRole('button', { name: 'Add to Cart' }).click();
  await shopper.goto('/cart');
  await shopper.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(shopper).toHaveURL(/\/checkout$/);
  await shopper.getByLabel('Coupon code').fill(COUPON.toLowerCase());
  await shopper.getByRole('button', { name: 'Apply' }).click();
  await expect(summaryRow(shopper, 'Coupon discount')).toHaveText('−₹100');
  await expect(summaryRow(shopper, 'Delivery charge')).toHaveText('₹49');
  // ₹2,499 − ₹100 + ₹49 delivery.
  await expect(shopper.getByTestId('summary-total')).toContainText('₹2,448');
  await shot(shopper, info, 'fresh-checkout');
  await shopper.getByRole('button', { name: 'Place order' }).click();
  const orderId = await payInSandbox(shopper, gatewayWindow(shopper));
  await expect(shopper.getByRole('heading', { name: /Payment successful/i })).toBeVisible();

  await shopper.goto('/pages/about-us');
  await expect(shopper.getByRole('heading', { name: 'Our story' })).toBeVisible();
  // The footer links to the pages the shop has, not to policies it has not written yet.
  const footer = shopper.getByRole('navigation', { name: 'Footer' });
  await expect(footer.getByRole('link', { name: 'About Rolling Rani' })).toHaveAttribute(
    'href',
    '/pages/about-us',
  );
  await expect(footer.locator('a[href="/privacy-policy"]')).toHaveCount(0);
  await expect(footer.locator('a[href="/contact"]')).toHaveCount(1);
  await shopper.close();

  // 6. The owner sees the paid order, and the coupon's use.
  await page.goto('/admin/orders');
  await expect(page.getByText('1 order', { exact: true })).toBeVisible();
  await page.locator(`a[href="/admin/orders/${orderId}"]:visible`).click();
  await expect(page.getByRole('heading', { name: /^Order / })).toBeVisible();
  await expect(page.getByText(PRODUCT).first()).toBeVisible();
  await shotsAtBothSizes(page, info, 'fresh-admin-order');
  await page.goto('/admin/coupons');
  await expect(page.getByTestId(`usage-${COUPON}`)).toContainText('Used 1');
});
