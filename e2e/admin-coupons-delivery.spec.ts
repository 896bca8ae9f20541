import { expect as baseExpect, test, type Page } from '@playwright/test';
import { openSignedIn, registerAccount } from './accounts-support.ts';
import { openAdminNav, signInAsOwner } from './admin-support.ts';
import { pathOf, productTitled } from './cart-support.ts';
import { addAddress, BANDRA, gatewayWindow, summaryRow } from './checkout-support.ts';
import { expectNoHorizontalOverflow, shot } from './support.ts';

// Sign-in hashes passwords (argon2id): slow on a busy two-core machine.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const STORE = 'urbanroll';
const TEE = 'Essential Crew Neck Tee – Black';

async function openSection(page: Page, name: string) {
  const nav = await openAdminNav(page);
  await nav.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The number of the paid band that starts at `km` in the editor (1-based). */
async function bandStartingAt(page: Page, km: string): Promise<number> {
  const editor = page.getByRole('form', { name: 'Delivery bands', exact: true });
  await expect(editor.getByLabel('From km (band 1)')).toBeVisible();
  for (let i = 1; i <= 50; i++) {
    const field = editor.getByLabel(`From km (band ${String(i)})`, { exact: true });
    if ((await field.count()) === 0) break;
    if ((await field.inputValue()) === km) return i;
  }
  throw new Error(`no band from ${km} km`);
}

test('the owner flags an overlap and changes a band price that checkout then charges', async ({
  page,
  browser,
  request,
}, info) => {
  await signInAsOwner(page);
  await openSection(page, 'Delivery');
  const editor = page.getByRole('form', { name: 'Delivery bands', exact: true });
  // The 15–40 km band: only this spec ships there (Thane), so specs beside it keep their prices.
  const n = await bandStartingAt(page, '15');
  const price = editor.getByLabel(`Price ₹ (band ${String(n)})`);
  const old = await price.inputValue();

  // An overlap typed in is flagged at once (not saved).
  await editor.getByRole('button', { name: 'Add a band' }).click();
  const last = await editor.getByLabel(/^From km \(band \d+\)$/).count();
  await editor.getByLabel(`From km (band ${String(last)})`).fill('3');
  await editor.getByLabel(`Up to km (band ${String(last)})`).fill('8');
  await editor.getByLabel(`Price ₹ (band ${String(last)})`).fill('10');
  await expect(editor.getByRole('status')).toContainText(/Bands .* overlap from 3 km/);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'admin-delivery-overlap');
  await editor.getByRole('button', { name: `Remove band ${String(last)}` }).click();
  await expect(editor.getByText(/overlap from 3 km/)).toHaveCount(0);

  // The 15–40 km band's price changes; a Thane customer's checkout shows it.
  await price.fill('123.5');
  await editor.getByRole('button', { name: 'Save delivery bands' }).click();
  await expect(page.getByText('Delivery bands saved.')).toBeVisible();
  try {
    const account = await registerAccount(request);
    await addAddress(request, account, {
      ...BANDRA,
      new_address: '7 Gokhale Road',
      area: 'Naupada',
      city: 'Thane',
      pincode: '400601',
    });
    const tee = await productTitled(request, STORE, TEE);
    const shopper = await browser.newPage();
    await openSignedIn(shopper, account, pathOf(tee));
    await shopper.getByRole('button', { name: 'Buy Now' }).click();
    await expect(summaryRow(shopper, 'Delivery charge')).toHaveText('₹123.50', {
      timeout: 30_000,
    });
    await shopper.close();
  } finally {
    // The seed's price again, for a rerun against the same server.
    await price.fill(old);
    await editor.getByRole('button', { name: 'Save delivery bands' }).click();
    await expect(page.getByText('Delivery bands saved.').first()).toBeVisible();
  }
});

test('the owner creates a coupon, a customer uses it at checkout, and its usage shows 1', async ({
  page,
  browser,
  request,
}, info) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}${info.project.name.slice(0, 1).toUpperCase()}`;
  await signInAsOwner(page);
  await openSection(page, 'Coupons');
  await page.getByRole('button', { name: 'New coupon' }).click();
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Kind of offer').selectOption('fixed');
  await page.getByLabel('Amount off ₹').fill('50');
  await page.getByRole('button', { name: 'Save coupon' }).click();
  await expect(page.getByTestId(`usage-${code}`)).toContainText('Used 0');

  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE, TEE);
  const shopper = await browser.newPage();
  await openSignedIn(shopper, account, pathOf(tee));
  await shopper.getByRole('button', { name: 'Buy Now' }).click();
  await shopper.getByLabel('Coupon code').fill(code.toLowerCase());
  await shopper.getByRole('button', { name: 'Apply' }).click();
  await expect(summaryRow(shopper, 'Coupon discount')).toHaveText('−₹50');
  await shopper.getByRole('button', { name: 'Place order' }).click();
  const modal = gatewayWindow(shopper);
  await expect(modal).toBeVisible();
  await modal.getByTestId('sandbox-method-upi').check();
  await modal.getByTestId('sandbox-pay').click();
  await expect(shopper).toHaveURL(/\/payment-success\/[\w-]+$/, { timeout: 30_000 });
  await shopper.close();

  await page.reload();
  await expect(page.getByTestId(`usage-${code}`)).toContainText('Used 1');
  await expect(page.getByTestId(`usage-${code}`)).toContainText('₹50');
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'admin-coupons');
  await page.getByRole('button', { name: `Edit ${code}` }).click();
  await expect(page.getByRole('heading', { name: `Edit ${code}` })).toBeVisible();
  await shot(page, info, 'admin-coupon-form');
});
