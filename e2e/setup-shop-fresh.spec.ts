import { expect as baseExpect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import QRCode from 'qrcode';
import { FRESH_OWNER, FRESH_STORE_ID, openSignedIn, registerAccount } from './accounts-support.ts';
import { signInToAdmin } from './admin-support.ts';
import { addAddress, summaryRow } from './checkout-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

// The whole set-up of a shop and a purchase, on a busy two-core machine.
test.describe.configure({ timeout: 600_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const SHOP = 'Rolling Rani Kurtis';
const PRODUCT = 'Cotton Kurti';
const COUPON = 'WELCOME100';
const UPI_ID = 'rollingrani@okhdfc';
const UTR = '612345678901';

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

test('a new shop (SEED_DEMO=false, STORE_ID=myshop, one build) is set up from the dashboard’s checklist on a phone, and sells on delivery and by UPI', async ({
  page,
  browser,
  request,
}, info) => {
  // The build knows no store: the server wrote this one's into the page. Before any set-up the
  // storefront answers with the store's id as its name and no goods.
  await page.goto('/');
  await expect(page.getByRole('link', { name: FRESH_STORE_ID }).first()).toBeVisible();
  await expect(page).toHaveTitle(FRESH_STORE_ID);

  await signInToAdmin(page, FRESH_OWNER.email, FRESH_OWNER.password);
  // The checklist names what stops a sale, each with its fix; the buy buttons and pay on delivery
  // are on from the start, so they are not on it.
  const checklist = page.getByTestId('sale-checklist');
  for (const blocker of ['address', 'product', 'delivery', 'policies', 'grievance']) {
    await expect(page.getByTestId(`blocker-${blocker}`)).toBeVisible();
  }
  await expect(page.getByTestId('blocker-buttons')).toHaveCount(0);
  await expect(page.getByTestId('blocker-payment')).toHaveCount(0);
  await expect(checklist).toContainText('Shoppers can pay on delivery.');
  // The host's settings are folded away for the developer, not asked of the owner.
  const developer = page.getByTestId('for-your-developer');
  await expect(developer).not.toHaveAttribute('open', '');
  await shotsAtBothSizes(page, info, 'fresh-dashboard');

  // 1. The profile, from the checklist: who sells, from where, and whom shoppers complain to.
  await page.getByRole('link', { name: 'Fill in the store profile' }).click();
  await expect(page).toHaveURL(/\/admin\/settings#profile$/);
  const profile = page.getByRole('form', { name: 'Store profile' });
  await expect(profile).toBeFocused();
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
  await profile.getByLabel('Phone', { exact: true }).fill('+91 98200 11111');
  await profile.getByLabel(/^WhatsApp number/).fill('98200 22222');
  await profile.getByLabel('Legal name (on invoices)').fill('Rolling Rani Textiles LLP');
  // A typo in the GSTIN is caught by its check character.
  await profile.getByLabel('GSTIN (empty if not registered)').fill('27AAPFU0939F1ZW');
  await profile.getByLabel(/^Office address/).fill('Shop 3, 14 Hill Road, Bandra West, Mumbai');
  await profile.getByLabel('Office pincode').fill('400050');
  await profile.getByLabel('Send new-order notices to').fill('orders@rollingrani.example');
  await profile.getByLabel('Grievance officer’s name').fill('Rani Desai');
  await profile.getByLabel('Grievance officer’s email').fill('grievance@rollingrani.example');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText(/last character does not match/)).toBeVisible();
  await shotsAtBothSizes(page, info, 'fresh-settings-profile-error');
  await profile.getByLabel('GSTIN (empty if not registered)').fill('27aapfu0939f1zv');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByTestId('save-bar').getByRole('status')).toHaveText('Saved.');
  await expect(profile.getByText('GST state: Maharashtra (27)', { exact: false })).toBeVisible();
  // The office is placed at its pincode: no latitude or longitude to type.
  await expect(profile.getByTestId('office-place')).toContainText(
    'centre of pincode 400050, Maharashtra',
  );
  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(page, info, 'fresh-settings-profile');

  // The buy buttons are on already.
  const buttons = page.getByRole('form', { name: 'Buying and paying' });
  await expect(buttons.getByRole('checkbox', { name: /^Add to Cart/ })).toBeChecked();
  await expect(buttons.getByRole('checkbox', { name: /^Pay on delivery/ })).toBeChecked();

  // 2. Pay by UPI: a QR of another UPI ID is refused beside the upload, nothing saved; then the
  // shop's own, and the preview with a ₹1 test payment.
  const upi = page.getByRole('form', { name: 'UPI payments (no gateway fee)' });
  await upi.getByLabel('UPI ID').fill(UPI_ID);
  await upi.getByLabel('Payee name (as your bank shows it)').fill('Rolling Rani Textiles');
  await upi.getByRole('radio', { name: /My shop.s own QR code/ }).check();
  await upi.getByLabel('Upload your QR code').setInputFiles({
    name: 'other-qr.png',
    mimeType: 'image/png',
    buffer: await QRCode.toBuffer('upi://pay?pa=someone.else@okaxis&pn=Someone%20Else', {
      width: 400,
    }),
  });
  await expect(upi.getByText(/someone\.else@okaxis/)).toBeVisible();
  await expect(upi.getByRole('img', { name: 'Your shop’s saved QR code' })).toHaveCount(0);
  await upi.scrollIntoViewIfNeeded();
  await shotsAtBothSizes(page, info, 'fresh-settings-upi-refused');
  await upi.getByLabel('Upload your QR code').setInputFiles({
    name: 'shop-qr.png',
    mimeType: 'image/png',
    buffer: await QRCode.toBuffer(`upi://pay?pa=${UPI_ID}&pn=Rolling%20Rani%20Textiles`, {
      width: 400,
    }),
  });
  await expect(upi.getByText('Your QR code is saved: it pays the UPI ID above.')).toBeVisible();
  await upi.getByRole('checkbox', { name: /Offer .Pay by UPI. at checkout/ }).check();
  await upi.getByRole('button', { name: 'Save UPI settings' }).click();
  await expect(upi.getByTestId('save-bar').getByRole('status')).toHaveText('Saved.');
  await expect(upi.getByTestId('upi-test-link')).toHaveAttribute(
    'href',
    `upi://pay?pa=${encodeURIComponent(UPI_ID)}&pn=Rolling%20Rani%20Textiles&am=1.00&cu=INR&tn=Test%20payment`,
  );
  await upi.scrollIntoViewIfNeeded();
  await shotsAtBothSizes(page, info, 'fresh-settings-upi');

  // 3. Delivery, from the checklist: one band for the whole city.
  await page.goto('/admin');
  await expect(page.getByTestId('blocker-address')).toHaveCount(0);
  await expect(page.getByTestId('blocker-grievance')).toHaveCount(0);
  await page.getByRole('link', { name: 'Set the delivery charges' }).click();
  const bands = page.getByRole('form', { name: 'Delivery bands', exact: true });
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

  // 4. Policy pages from the templates, filled with the shop's settings.
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Create the policy pages' }).click();
  await page.getByRole('button', { name: 'Create policy pages' }).click();
  await expect(page.getByRole('link', { name: 'Edit Refund and Return Policy' })).toBeVisible();
  await shotsAtBothSizes(page, info, 'fresh-policy-pages');

  // 5. The first product, from the checklist: a kurti in three sizes with a photo, its category
  // made from the form (key from its name), its SKUs made for it, GST suggested at 5%.
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Add your first product' }).click();
  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();
  await page.getByLabel('Title').fill(PRODUCT);
  await page
    .getByRole('combobox', { name: 'Category', exact: true })
    .selectOption({ label: 'New category…' });
  const newCategory = page.getByRole('group', { name: 'New category' });
  await newCategory.getByLabel('New category name').fill('Cotton Kurtis');
  await expect(newCategory.getByLabel('Its key (web address)')).toHaveValue('cotton-kurtis');
  await newCategory.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('combobox', { name: 'Category', exact: true })).toHaveValue(
    'cotton-kurtis',
  );
  await page.getByLabel('Type').selectOption({ label: 'Sizes / colours' });
  await page.getByLabel('MRP (₹)', { exact: true }).fill('1299');
  await page.getByLabel('Sale price (₹, blank for none)').fill('999');
  await page.getByLabel('Sizes', { exact: true }).fill('S, M, L,');
  await expect(page.getByTestId('variation-row')).toHaveCount(3);
  await page.getByLabel('M stock').fill('4');
  await expect(page.getByLabel('GST rate (%)')).toHaveValue('5');
  await page.getByLabel('HSN/SAC code').fill('6204');
  await page.getByLabel('Short description').fill('A soft cotton kurti for every day.');
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({
      name: 'kurti.png',
      mimeType: 'image/png',
      buffer: await picture('#0f766e', 800, 800),
    });
  await expect(page.getByRole('list', { name: 'Photos to add' })).toContainText('kurti.png');
  await shotsAtBothSizes(page, info, 'fresh-new-product');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('status').first()).toHaveText('Product created.');
  await shotsAtBothSizes(page, info, 'fresh-product-created');

  // A coupon for the first shoppers.
  await page.goto('/admin/coupons');
  await page.getByRole('button', { name: 'New coupon' }).click();
  await page.getByLabel('Code').fill(COUPON);
  await page.getByLabel('Kind of offer').selectOption('fixed');
  await page.getByLabel('Amount off ₹').fill('100');
  await page.getByRole('button', { name: 'Save coupon' }).click();
  await expect(page.getByTestId(`usage-${COUPON}`)).toContainText('Used 0');

  // Nothing stops a sale now.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Your shop can sell' })).toBeVisible();
  await expect(checklist).toContainText('Shoppers can pay by UPI and on delivery.');
  await shotsAtBothSizes(page, info, 'fresh-dashboard-ready');

  // 6. A shopper finds the kurti, picks a size and pays on delivery with the coupon.
  const account = await registerAccount(
    request,
    undefined,
    undefined,
    undefined,
    process.env.E2E_FRESH_DATA_DIR,
    FRESH_STORE_ID,
  );
  await addAddress(request, account, undefined, FRESH_STORE_ID);
  const shopper = await browser.newPage({ viewport: { width: 360, height: 800 }, isMobile: true });
  await openSignedIn(shopper, account, '/');
  await expect(shopper).toHaveTitle(SHOP);
  await expect(shopper.getByRole('img', { name: SHOP }).first()).toBeVisible();
  await shotsAtBothSizes(shopper, info, 'fresh-home');
  await expect(async () => {
    await shopper.goto(`/product?search=${encodeURIComponent(PRODUCT)}`);
    await expect(shopper.getByRole('heading', { name: PRODUCT })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await shopper.getByRole('link', { name: PRODUCT, exact: true }).click();
  await expect(shopper.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  await expect(shopper.getByRole('img', { name: PRODUCT }).first()).toBeVisible();
  const size = shopper.getByRole('radiogroup', { name: /^Size/ });
  await size.locator('label').filter({ hasText: /^M$/ }).click();
  await expect(size.getByRole('radio', { name: 'M', exact: true })).toBeChecked();
  await shotsAtBothSizes(shopper, info, 'fresh-product');
  await shopper.getByRole('button', { name: 'Add to Cart' }).click();
  await shopper.goto('/cart');
  await shopper.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(shopper).toHaveURL(/\/checkout$/);
  await shopper.getByRole('radio', { name: 'Pay on delivery' }).check();
  await shopper.getByLabel('Coupon code').fill(COUPON.toLowerCase());
  await shopper.getByRole('button', { name: 'Apply' }).click();
  await expect(summaryRow(shopper, 'Coupon discount')).toHaveText('−₹100');
  await expect(summaryRow(shopper, 'Delivery charge')).toHaveText('₹49');
  // ₹999 − ₹100 + ₹49 delivery.
  await expect(shopper.getByTestId('summary-total')).toContainText('₹948');
  await shotsAtBothSizes(shopper, info, 'fresh-checkout-cod');
  await shopper.getByRole('button', { name: 'Place order' }).click();
  await expect(shopper).toHaveURL(/\/payment-success\/[\w-]+$/);
  await shotsAtBothSizes(shopper, info, 'fresh-cod-placed');

  // 7. Another order of the kurti, paid by UPI with the shop's own QR and a UTR.
  await shopper.goto('/');
  await shopper.goto(`/product?search=${encodeURIComponent(PRODUCT)}`);
  await shopper.getByRole('link', { name: PRODUCT, exact: true }).click();
  await size.locator('label').filter({ hasText: /^L$/ }).click();
  await expect(size.getByRole('radio', { name: 'L', exact: true })).toBeChecked();
  await shopper.getByRole('button', { name: 'Add to Cart' }).click();
  await shopper.goto('/cart');
  await shopper.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(shopper.getByRole('radio', { name: 'Pay by UPI' })).toBeChecked();
  await shopper.getByRole('button', { name: 'Place order' }).click();
  await expect(shopper).toHaveURL(/\/pay-upi\/[\w-]+$/);
  await expect(shopper.getByTestId('upi-id')).toHaveText(UPI_ID);
  await shotsAtBothSizes(shopper, info, 'fresh-pay-upi');
  await shopper.getByLabel('UTR / UPI reference (12 digits)').fill(UTR);
  await shopper.getByRole('button', { name: 'I have paid' }).click();
  await expect(shopper.getByTestId('upi-state')).toHaveText('Awaiting payment confirmation');
  await shotsAtBothSizes(shopper, info, 'fresh-upi-sent');

  // The footer links the policy pages the shop now has, and the contact page names the officer.
  const footer = shopper.getByRole('navigation', { name: 'Footer' });
  await expect(footer.locator('a[href="/refund-policy"]')).toHaveCount(1);
  await shopper.goto('/refund-policy');
  await expect(shopper.getByText(SHOP).first()).toBeVisible();
  await shotsAtBothSizes(shopper, info, 'fresh-refund-policy');
  await shopper.goto('/contact');
  await expect(shopper.getByText('Rani Desai')).toBeVisible();
  await shopper.close();

  // 8. The owner sees both orders, and the coupon's use.
  await page.goto('/admin/orders');
  await expect(page.getByText('2 orders', { exact: true })).toBeVisible();
  await shotsAtBothSizes(page, info, 'fresh-admin-orders');
  await page.goto('/admin/coupons');
  await expect(page.getByTestId(`usage-${COUPON}`)).toContainText('Used 1');
});
