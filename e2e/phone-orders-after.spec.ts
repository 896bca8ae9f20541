import { expect, test, type APIRequestContext } from '@playwright/test';
import { openSignedIn, registerAccount, type Account } from './accounts-support.ts';
import { productTitled } from './cart-support.ts';
import { addAddress } from './checkout-support.ts';
import { expectNoSeriousA11yViolations, shotsAtBothSizes } from './support.ts';

const STORE = 'urbanroll';
const TEE = 'Essential Crew Neck Tee – Black';

/** Places an order of one tee by `mode` through the API, as checkout does; answers its id. */
async function place(
  request: APIRequestContext,
  account: Account,
  addressId: string,
  sku: { product_id: string; sku: string },
  mode: 'Pay now' | 'Pay on delivery',
): Promise<{ order_id: string; order_number: string }> {
  const res = await request.post(mode === 'Pay now' ? '/api/payment' : '/api/payment/paydelivery', {
    headers: { authorization: `Bearer ${account.accessToken}` },
    data: {
      main_id: STORE,
      user_id: account.user.user_id,
      cart_products: [{ product_id: sku.product_id, product_sku: sku.sku, quantity: 1 }],
      billing_address: addressId,
      shipping_address: addressId,
      mobile: '9876543210',
      coupon_code: '',
      customer_note: '',
      payment_mode: mode,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { order_id: string; order_number: string };
}

/**
 * Issue 59 item 8: an unpaid pay on delivery order replaced by a newer order of the same goods
 * (decision 0050). The newer order's page says which order it replaced; the cancelled order's
 * bill never says its advance was paid.
 */
test('@mobile-only the newer order names the order it replaced; the cancelled one shows its advance unpaid', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await registerAccount(request);
  await addAddress(request, account);
  const book = await request.get(`/api/address/${account.user.user_id}`, {
    headers: { authorization: `Bearer ${account.accessToken}` },
  });
  const addressId = ((await book.json()) as { data: { id: string }[] }).data[0]!.id;
  const tee = await productTitled(request, STORE, TEE);

  const first = await place(request, account, addressId, tee, 'Pay on delivery');
  const second = await place(request, account, addressId, tee, 'Pay now');

  await openSignedIn(page, account, `/track/${second.order_id}`);
  const note = page.getByTestId('replaced-orders-note');
  await expect(note).toBeVisible({ timeout: 15_000 });
  await expect(note).toContainText(`This order replaces your unpaid order ${first.order_number}`);
  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(page, 'phone-orders-after-replaced-note');

  await page.goto(`/track/${first.order_id}`);
  const bill = page.getByTestId('bill-details');
  await expect(bill).toBeVisible({ timeout: 15_000 });
  await expect(bill).toContainText('Advance (not paid)');
  await expect(bill).not.toContainText('Advance paid');
  await expect(page.getByTestId('replaced-orders-note')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(page, 'phone-orders-after-cancelled-bill', bill);
});
