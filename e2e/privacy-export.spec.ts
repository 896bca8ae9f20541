import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { openSignedIn, registerAccount, STORE_ID } from './accounts-support.ts';
import { productTitled } from './cart-support.ts';
import { addAddress } from './checkout-support.ts';
import { placePaidOrder } from './orders-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';
import { expectTouchFriendly } from './touch-support.ts';

/**
 * Download my data (DPDP Act 2023 s.11; issue 61 item 3), at 360 px (touch) and 1280 px (the
 * projects): a shopper who has paid an order opens My account → Privacy, downloads the JSON file
 * (it holds that order with its lines and timeline, and their own email) and opens the readable
 * copy to print.
 */
test.describe.configure({ timeout: 120_000 });

const TEE = 'Essential Crew Neck Tee – Black';

interface ExportFile {
  account_id: string;
  sections: {
    profile: { email: string }[];
    orders: { id: string; lines: { name: string }[]; timeline: unknown[] }[];
  };
}

test("the privacy page downloads the shopper's data with their order, and shows it to read and print", async ({
  page,
  request,
}, info) => {
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE_ID, TEE);
  const orderId = await placePaidOrder(page, account, [{ product: tee }]);

  await openSignedIn(page, account, '/my-account/privacy');
  const section = page.getByTestId('download-my-data');
  await expect(section.getByRole('heading', { name: 'Download my data' })).toBeVisible({
    timeout: 15_000,
  });
  await section.scrollIntoViewIfNeeded();
  await shot(page, info, 'privacy-export-section', { fullPage: false });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download (JSON file)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-urbanroll-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await readFile(await download.path(), 'utf8')) as ExportFile;
  expect(file.account_id).toBe(account.user.user_id);
  expect(file.sections.profile[0]!.email).toBe(account.email);
  const order = file.sections.orders.find((o) => o.id === orderId);
  expect(order, 'the paid order is in the file').toBeDefined();
  expect(order!.lines.map((l) => l.name)).toEqual([TEE]);
  expect(order!.timeline.length).toBeGreaterThan(0);

  await section.getByRole('button', { name: 'View to read or print' }).click();
  const view = page.getByTestId('my-data-view');
  await expect(view.getByRole('heading', { name: 'Orders (1)' })).toBeVisible();
  await expect(view.getByText(TEE).first()).toBeVisible();
  await expect(section.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  if (info.project.name === 'mobile') await expectTouchFriendly(page, 'privacy: download my data');
  await view.getByRole('heading', { name: 'Orders (1)' }).scrollIntoViewIfNeeded();
  await shot(page, info, 'privacy-export-readable', { fullPage: false });
  await shot(page, info, 'privacy-export-page');
});
