import { readFileSync } from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import { openSignedIn, registerAccount } from './accounts-support.ts';
import { productTitled } from './cart-support.ts';
import { addAddress } from './checkout-support.ts';
import { moveOrder, placePaidOrder } from './orders-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const STORE = 'urbanroll';
const TEE = 'Essential Crew Neck Tee – Black';

test('the tax invoice: not before shipping, then the printable page and the PDF', async ({
  page,
  request,
}, info) => {
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE, TEE);
  const orderId = await placePaidOrder(page, account, [{ product: tee }]);

  // Paid but not shipped: no invoice yet, and the page says so.
  await page.goto(`/invoice/${orderId}`);
  await expect(page.getByRole('alert')).toContainText('not issued yet');

  await moveOrder(request, orderId, 'Packed');
  await moveOrder(request, orderId, 'Shipped');
  await page.reload();
  const invoice = page.locator('article[data-print-root]');
  await expect(page.getByRole('heading', { level: 1, name: 'Tax Invoice' })).toBeVisible();
  await expect(page.getByTestId('invoice-invoice-no-')).toHaveText(/^INV\/\d{4}\/\d{6}$/);
  const number = (await page.getByTestId('invoice-invoice-no-').textContent())!;
  await expect(invoice).toContainText('Urban Roll Sports LLP');
  await expect(invoice).toContainText('GSTIN: 27AAHFU4821R1ZH');
  await expect(page.getByTestId('invoice-place-of-supply')).toHaveText('Maharashtra (27)');
  await expect(invoice).toContainText('14 Hill Road');
  await expect(invoice).toContainText('Delivery charge');
  await expect(invoice).toContainText(/Rupees [A-Za-z ]+ Only/);
  await expect(invoice).toContainText('Tax is not payable on reverse charge');
  const lines = info.project.name === 'mobile' ? 'ol[aria-label="Invoice lines"]' : 'table';
  await expect(invoice.locator(lines)).toBeVisible();
  await expect(invoice.locator(lines)).toContainText('CGST');
  await expect(invoice.locator(lines)).toContainText(tee.title.slice(0, 20));

  // The order answer carries the number; the invoice adds up to the order's total.
  const order = await request.get(`/api/payment/order/${orderId}`, {
    headers: { authorization: `Bearer ${account.accessToken}` },
  });
  const data = (await order.json()) as {
    data: { invoice: { number: string } | null; totalAmountbeforePay: number };
  };
  expect(data.data.invoice?.number).toBe(number);
  const total = data.data.totalAmountbeforePay.toLocaleString('en-IN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  await expect(page.getByTestId('invoice-total')).toHaveText(`₹${total}`);

  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'invoice');

  // Download PDF: fetched with the token, saved under the invoice number.
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(`${number.replace(/\//g, '-')}.pdf`);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(5000);

  // Printing shows the invoice alone.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeHidden();
  await expect(invoice.locator('table')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Another customer sees nothing of it.
  const other = await registerAccount(request);
  await openSignedIn(page, other, `/invoice/${orderId}`);
  await expect(page.getByRole('alert')).toContainText('Order not found');
  await expect(page.getByRole('button', { name: 'Download PDF' })).toHaveCount(0);
});
