import { expect as baseExpect, test } from '@playwright/test';
import { openSignedIn, registerAccount, STORE_ID } from './accounts-support.ts';
import { ownerOnPhone } from './admin-support.ts';
import { productTitled } from './cart-support.ts';
import { addAddress, handOff } from './checkout-support.ts';
import { expectNoSeriousA11yViolations, shotsAtBothSizes } from './support.ts';

// Signing up hashes a password (argon2id): slow machines.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const TEE = 'Essential Crew Neck Tee – Black';
const UTR = `4${Date.now().toString().slice(-11)}`;
const REFUND_UTR = `5${Date.now().toString().slice(-11)}`;
/**
 * Issue 28 item 6 (decision 0039): the owner turns on UPI in Settings, a customer pays by UPI
 * and enters the UTR, the owner confirms on the phone, the customer sees Processing.
 */
test('manual UPI: owner turns it on, customer pays and enters the UTR, owner confirms, Processing', async ({
  browser,
  page,
  request,
}) => {
  // 1. The owner, on a phone: Settings → UPI payments.
  const { owner, context: ownerContext } = await ownerOnPhone(browser);
  await owner.goto('/admin/settings');
  const upi = owner.getByRole('form', { name: 'UPI payments (no gateway fee)' });
  await expect(upi).toBeVisible();
  await upi.getByLabel('UPI ID').fill('urbanroll@okhdfc');
  await upi.getByLabel('Payee name (as your bank shows it)').fill('Urban Roll Skates');
  await upi.getByRole('checkbox', { name: /Offer .Pay by UPI. at checkout/ }).check();
  await upi.getByLabel('UPI ID').fill('urbanroll.okhdfc');
  await upi.getByRole('button', { name: 'Save UPI settings' }).click();
  await expect(upi.getByText(/Enter the UPI ID like/)).toBeVisible();
  await upi.getByLabel('UPI ID').fill('UrbanRoll@OkHdfc');
  await upi.getByRole('button', { name: 'Save UPI settings' }).click();
  await expect(upi.getByTestId('save-bar').getByRole('status')).toHaveText('Saved.');
  await expect(upi.getByLabel('UPI ID')).toHaveValue('urbanroll@okhdfc');
  await upi.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(owner);
  await shotsAtBothSizes(owner, 'upi-settings', upi);

  // 2. The customer: checkout offers Pay by UPI first (the spec's priority).
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE_ID, TEE);
  await openSignedIn(page, account, '/privacy-policy');
  await handOff(page, [{ product: tee }]);
  await page.goto('/checkout');
  await expect(page.getByTestId('summary-total')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Pay by UPI' })).toBeChecked();
  const total = (await page.getByTestId('summary-total').textContent())!.trim();
  await page.getByRole('button', { name: 'Place order' }).click();

  // 3. The UPI panel: QR, the UPI ID with a copy button, the app button on a phone.
  await expect(page).toHaveURL(/\/pay-upi\/[\w-]+$/);
  const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
  await expect(page.getByRole('img', { name: /^UPI QR code: pay ₹/ })).toBeVisible();
  await expect(page.getByTestId('upi-amount')).toHaveText(total);
  await expect(page.getByTestId('upi-id')).toHaveText('urbanroll@okhdfc');
  const app = page.getByTestId('upi-open-app');
  await expect(app).toBeVisible();
  await expect(app).toHaveAttribute(
    'href',
    /^upi:\/\/pay\?pa=urbanroll%40okhdfc&pn=Urban%20Roll%20Skates&am=[\d.]+&cu=INR&tn=Order%20UR-\d+$/,
  );
  await page.getByRole('button', { name: 'Copy UPI ID' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('urbanroll@okhdfc');
  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(page, 'upi-checkout-panel');

  // 4. The UTR: a wrong one is refused beside the field, then the order waits for the shop.
  const utr = page.getByLabel('UTR / UPI reference (12 digits)');
  await utr.fill('12345');
  await page.getByRole('button', { name: 'I have paid' }).click();
  await expect(page.getByText(/Enter the 12-digit UTR/)).toBeVisible();
  await utr.fill(`${UTR.slice(0, 4)} ${UTR.slice(4, 8)} ${UTR.slice(8)}`);
  await page.getByRole('button', { name: 'I have paid' }).click();
  await expect(page.getByTestId('upi-state')).toHaveText('Awaiting payment confirmation');
  await expect(page.getByText(UTR)).toBeVisible();
  await shotsAtBothSizes(page, 'upi-awaiting');

  await page.goto(`/track/${orderId}`);
  await expect(page.getByTestId('upi-order-state')).toHaveText('Awaiting payment confirmation');
  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(page, 'upi-order-page');

  // 5. The owner confirms on the phone, after a dialog saying what it does.
  await owner.goto(`/admin/orders/${orderId}`);
  const desk = owner.getByTestId('upi-desk');
  await expect(desk).toContainText(UTR);
  await expect(desk).toContainText('Awaiting payment confirmation');
  await expectNoSeriousA11yViolations(owner);
  await shotsAtBothSizes(owner, 'upi-desk');
  await desk.getByRole('button', { name: 'Confirm payment…' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Confirm this UPI payment?' });
  await expect(dialog).toContainText('moved to Processing');
  await shotsAtBothSizes(owner, 'upi-desk-confirm-dialog');
  await dialog.getByRole('button', { name: /arrived: confirm$/ }).click();
  await expect(desk.getByRole('status')).toContainText(
    'Payment confirmed: the order is Processing',
  );
  await expect(owner.getByText('Processing').first()).toBeVisible();

  // 6. The customer sees Processing.
  await page.reload();
  await expect(page.getByTestId('upi-order-state')).toHaveCount(0);
  await expect(page.getByText('Order Processing').first()).toBeVisible();
  await page.goto(`/pay-upi/${orderId}`);
  await expect(page.getByTestId('upi-state')).toHaveText('Payment confirmed');
  await expect(page.getByText(/Your order is Processing/)).toBeVisible();

  // 7. The customer calls it off: the owner cancels, is told the refund is theirs to send by UPI,
  // sends it from the bank app and records its UTR (asked first); the order is Refunded.
  await owner.reload();
  await owner.getByRole('button', { name: 'Cancel order…' }).click();
  await expect(owner.getByText(/records a refund of ₹[\d,.]+ for you to send/)).toBeVisible();
  await owner.getByRole('button', { name: 'Cancel order', exact: true }).click();
  const refund = owner.getByTestId('upi-refund');
  await expect(refund.getByRole('heading')).toContainText(/Refund of ₹[\d,.]+ to send by UPI/);
  await refund.getByLabel('UTR of your refund transfer').fill(REFUND_UTR);
  await refund.getByRole('button', { name: 'Record refund sent…' }).click();
  await expect(refund.getByTestId('order-confirm-step')).toContainText(REFUND_UTR);
  await expectNoSeriousA11yViolations(owner);
  await shotsAtBothSizes(owner, 'upi-refund-confirm', refund);
  await refund.getByRole('button', { name: /^Yes, ₹[\d,.]+ sent$/ }).click();
  await expect(refund.getByRole('status')).toContainText('the order is Refunded');
  await page.goto(`/track/${orderId}`);
  await expect(page.getByText(`sent by UPI (UTR ${REFUND_UTR})`)).toBeVisible();
  await ownerContext.close();
});
