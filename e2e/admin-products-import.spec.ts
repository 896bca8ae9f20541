import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { signInAsOwner } from './admin-support.ts';
import {
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  productList,
  shot,
} from './support.ts';

// Sign-in hashes passwords (argon2id): slow on two cores.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const HEADER =
  'type,sku,parent_sku,title,status,category,categorytype,mrp,sale_price,stock,image,gallery,short_description,description,key_features,specifications,attributes,delivery_days,hsn_code,gst_rate,gst_above_price,gst_above_rate,grouped_items';
const row = (sku: string, title: string, mrp: number, sale: number) =>
  `Simple,${sku},,${title},Active,protective-gear,,${String(mrp)},${String(sale)},9,,,Imported in the browser test,,Light | Strong,,,3,9506,18,,,`;

const pick = (page: Page, csv: string) =>
  page.getByLabel('CSV file').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });

test('a bad row writes nothing; the fixed file imports and shows on the storefront; export downloads', async ({
  page,
  request,
}, info) => {
  const tag = `${info.project.name}-${Date.now().toString(36)}`.toUpperCase();
  const [goodSku, badSku] = [`E2E-${tag}-A`, `E2E-${tag}-B`];
  const [goodTitle, badTitle] = [`Imported elbow pads ${tag}`, `Imported wrist guard ${tag}`];
  const searchApi = (title: string) =>
    `/api/grouped-product/search-all-products/urbanroll?search=${encodeURIComponent(title)}&page=1&limit=10`;

  await signInAsOwner(page);
  await page.goto('/admin/products/import');
  await expect(page.getByRole('heading', { name: 'Import products' })).toBeVisible();

  // Row 3 sells above its MRP: the check lists it and nothing is written.
  await pick(
    page,
    [HEADER, row(goodSku, goodTitle, 799, 699), row(badSku, badTitle, 500, 650)].join('\n'),
  );
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(
    page.getByRole('heading', { name: /1 problem in the file: nothing was imported/ }),
  ).toBeVisible();
  const error = page.getByTestId('import-error');
  await expect(error).toHaveCount(1);
  await expect(error).toContainText('3');
  await expect(error).toContainText('sale_price');
  await expect(error).toContainText(badSku);
  await expect(error).toContainText('The sale price must not be more than the MRP.');
  await expect(page.getByRole('button', { name: /^Import / })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'admin-import-errors');
  await expectNoSeriousA11yViolations(page);
  const none = await (await request.get(searchApi(goodTitle))).json();
  expect(JSON.stringify(none)).not.toContain(goodSku);

  // The fixed file: checked, then imported.
  await pick(
    page,
    [HEADER, row(goodSku, goodTitle, 799, 699), row(badSku, badTitle, 500, 450)].join('\n'),
  );
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(
    page.getByRole('heading', { name: 'The file is fine: 2 to create, 0 to update' }),
  ).toBeVisible();
  await shot(page, info, 'admin-import-checked');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Import 2 products' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Imported: 2 products created, 0 products updated.',
  );
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'admin-import-done');

  // The export carries them.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download export (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('products.csv');
  const exported = await readFile(await download.path(), 'utf8');
  expect(exported).toContain(goodSku);
  expect(exported).toContain(`${badSku},,${badTitle}`);

  // The storefront lists the product (within the catalogue cache's check interval).
  const shop = await page.context().newPage();
  await expect(async () => {
    await shop.goto(`/product?search=${encodeURIComponent(goodTitle)}`);
    await expect(productList(shop)).toContainText(goodTitle, {
      timeout: 3000,
    });
  }).toPass({ timeout: 60_000 });
});
