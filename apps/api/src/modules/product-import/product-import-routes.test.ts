import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct, ProductImportReport } from '@shop/contracts';
import { auditLog, products } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, MAIN } from '../../test-support/accounts.ts';
import { sku as freshSku, simpleBody } from '../../test-support/products.ts';
import { memberToken } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { SHOP_COLUMNS } from './product-csv.ts';

type Report = { isError: boolean; msg?: string; field?: string; data: ProductImportReport };

/** A CSV of our format from rows of named cells (the other columns empty). */
const shopCsv = (rows: Partial<Record<(typeof SHOP_COLUMNS)[number], string | number>>[]) =>
  [
    SHOP_COLUMNS.join(','),
    ...rows.map((r) =>
      SHOP_COLUMNS.map((c) => {
        const v = String(r[c] ?? '');
        return /[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
      }).join(','),
    ),
  ].join('\n');

const WOO_HEADER =
  'ID,Type,SKU,Name,Published,"Is featured?","Visibility in catalog","Short description",Description,"Tax status","In stock?",Stock,"Sale price","Regular price",Categories,Tags,Images,Parent,"Attribute 1 name","Attribute 1 value(s)","Attribute 1 visible","Attribute 1 global","Attribute 2 name","Attribute 2 value(s)","Attribute 2 visible","Attribute 2 global"';

/** A WooCommerce export: a simple product, a variable one with two variations (by id: parent). */
const wooCsv = (s: string, v: string) =>
  [
    WOO_HEADER,
    `11,simple,${s},"Helmet, matte",1,0,visible,"Light\\nand safe","<p>Line one</p>\\n<p>Line two</p>",taxable,1,7,899,"1,299.00","Sports > Protective Gear",Trending,"https://woo.example/helmet.jpg, https://woo.example/helmet-2.jpg",,Colour,"Black\\, matte",1,0,,,,`,
    `12,variable,${v},Club tee,1,0,visible,,Tee,taxable,1,,,,T-Shirts,"Best Sellers, New",https://woo.example/tee.jpg,,Size,"S, M",1,1,Material,Cotton,1,0`,
    `13,variation,${v}-S,Club tee - S,1,0,visible,,,taxable,1,4,449,499,,,https://woo.example/tee-s.jpg,id:12,Size,S,,1,,,,`,
    `14,variation,${v}-M,Club tee - M,1,0,visible,,,taxable,1,,,549,,,,${v},Size,M,,1,,,,`,
  ].join('\n');

describe.each(testDatabaseTargets())('catalogue CSV import and export on $name', (target) => {
  let t: TestApp;
  let staff: string;
  let owner: string;
  let otherOwner: string;
  const mail = capturingEmail();

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender, paymentWebhooks: null } });
    staff = (await memberToken(t, 'staff')).token;
    owner = (await memberToken(t, 'owner')).token;
    otherOwner = (await memberToken(t, 'owner', 'threadline')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const importCsv = async (csv: string, dryRun: boolean, token = staff) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/import?dry_run=${String(dryRun)}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      payload: csv,
    });
    return { status: res.statusCode, body: res.json<Report>() };
  };
  const exportCsv = async (query = '', token = staff) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/export.csv${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
    return { res, rows: parse<Record<string, string>>(res.body, { bom: true, columns: true }) };
  };
  const rowsOfSkus = async (skus: string[]) =>
    t.database.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, MAIN), inArray(products.sku, skus)));
  const getProduct = async (id: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/products/${id}`,
        headers: { authorization: `Bearer ${staff}` },
      })
    ).json<{ data: AdminProduct }>().data;

  it('dry run checks every row and reports what it would do, writing nothing', async () => {
    const [a, b] = [freshSku('IMP'), freshSku('IMP')];
    const csv = shopCsv([
      { type: 'Simple', sku: a, title: 'Wrist guard', category: 'protective-gear', mrp: 799 },
      { type: 'Simple', sku: b, title: 'Knee pads', category: 'Protective Gear', mrp: 999 },
    ]);
    const { status, body } = await importCsv(csv, true);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      dry_run: true,
      format: 'shop',
      create: 2,
      update: 0,
      written: false,
      errors: [],
    });
    expect(await rowsOfSkus([a, b])).toEqual([]);
  });

  it('a bad row writes nothing and every bad row is reported by row and column', async () => {
    const [good, sale, cat, gst, dup] = ['G', 'S', 'C', 'T', 'D'].map((p) =>
      freshSku(`BAD${p}`),
    ) as [string, string, string, string, string];
    const csv = shopCsv([
      { type: 'Simple', sku: good, title: 'Fine', category: 'protective-gear', mrp: 100 },
      {
        type: 'Simple',
        sku: sale,
        title: 'Sale',
        category: 'protective-gear',
        mrp: 100,
        sale_price: 150,
      },
      { type: 'Simple', sku: cat, title: 'Cat', category: 'no-such-category', mrp: 100 },
      {
        type: 'Simple',
        sku: gst,
        title: 'Gst',
        category: 'protective-gear',
        mrp: 100,
        gst_rate: 'x',
      },
      { type: 'Simple', sku: dup, title: 'Dup', category: 'protective-gear', mrp: 100 },
      { type: 'Simple', sku: dup, title: 'Dup again', category: 'protective-gear', mrp: 100 },
      {
        type: 'Simple',
        sku: freshSku('NEG'),
        title: 'Neg',
        category: 'protective-gear',
        mrp: 100,
        gst_rate: 101,
      },
    ]);
    for (const dryRun of [true, false]) {
      const { status, body } = await importCsv(csv, dryRun);
      expect(status).toBe(dryRun ? 200 : 400);
      expect(body.data.written).toBe(false);
      const errors = body.data.errors.map((e) => [e.row, e.column]);
      expect(errors).toEqual([
        [3, 'sale_price'],
        [4, 'category'],
        [5, 'gst_rate'],
        [7, 'sku'],
        [8, 'gst_rate'],
      ]);
      expect(body.data.errors[0]!.message).toMatch(/more than the MRP/);
      expect(body.data.errors[1]!.message).toMatch(/no-such-category/);
      expect(body.data.errors[3]!.message).toMatch(/used twice in the file/);
    }
    expect(await rowsOfSkus([good, sale, cat, gst, dup])).toEqual([]);
  });

  it('updates by sku keeping the product id, and creates the rest, in one audited write', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { authorization: `Bearer ${staff}` },
      payload: simpleBody({ category: 'protective-gear' }),
    });
    const before = created.json<{ data: AdminProduct }>().data;
    const fresh = freshSku('NEW');
    const { rows } = await exportCsv(`?search=${before.sku}`);
    expect(rows).toHaveLength(1);
    const row = { ...rows[0]!, mrp: '5100', sale_price: '4500.5', stock: '3', title: 'Renamed' };
    const csv = shopCsv([
      row,
      { type: 'Simple', sku: fresh, title: 'New one', category: 'protective-gear', mrp: 10 },
    ]);
    const { status, body } = await importCsv(csv, false, owner);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ create: 1, update: 1, written: true, errors: [] });
    const after = await getProduct(before.product_id);
    expect(after).toMatchObject({
      product_id: before.product_id,
      title: 'Renamed',
      originalPrice: 5100,
      discountPrice: 4500.5,
      stock: 3,
      // Fields the file carried unchanged stay as they were.
      key_features: before.key_features,
      specifications: before.specifications,
      gst_rate: before.gst_rate,
      hsn_code: before.hsn_code,
    });
    const [createdRow] = await rowsOfSkus([fresh]);
    expect(createdRow?.originalPricePaise).toBe(1000);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'product.import'),
          inArray(auditLog.entityId, [before.product_id, createdRow!.id]),
        ),
      );
    expect(audits).toHaveLength(2);
  });

  it('exports every editable field formula-safe, and reads its own export back', async () => {
    const s = freshSku('FX');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { authorization: `Bearer ${staff}` },
      payload: {
        title: '=HYPERLINK("http://evil.example","click")',
        sku: s,
        category: 't-shirts',
        product_type: 'Variable Product',
        key_features: ['-5 °C fabric', 'Plain'],
        attribute: [
          {
            name: 'Size',
            slug: 'size',
            selectedTerms: [
              { id: 1, name: 'S' },
              { id: 2, name: 'M' },
            ],
          },
        ],
        variation: [
          { sku: `${s}-S`, price: 500, salePrice: 450, stock: 2, attributes: { Size: 'S' } },
          { sku: `${s}-M`, price: 520, stock: 0, attributes: { Size: 'M' } },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    const { res: file, rows } = await exportCsv(`?search=${s}`);
    expect(file.headers['content-type']).toMatch(/text\/csv/);
    expect(file.headers['content-disposition']).toMatch(/attachment/);
    expect(Object.keys(rows[0]!)).toEqual([...SHOP_COLUMNS]);
    expect(rows.map((r) => [r.type, r.sku, r.parent_sku, r.mrp, r.sale_price])).toEqual([
      ['Variable Product', s, '', '500', '450'],
      ['Variation', `${s}-S`, s, '500', '450'],
      ['Variation', `${s}-M`, s, '520', '0'],
    ]);
    expect(rows[0]!.title).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(rows[0]!.key_features).toBe(`'-5 °C fabric | Plain`);

    // The export read back changes nothing and names the same product.
    const { status, body } = await importCsv(file.body, false);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ create: 0, update: 1, errors: [], written: true });
    const [row] = await rowsOfSkus([s]);
    const again = await getProduct(row!.id);
    expect(again.title).toBe('=HYPERLINK("http://evil.example","click")');
    expect(again.key_features).toEqual(['-5 °C fabric', 'Plain']);
    expect(again.variation.map((v) => [v.sku, v.price, v.salePrice, v.stock])).toEqual([
      [`${s}-S`, 500, 450, 2],
      [`${s}-M`, 520, 0, 0],
    ]);
  });

  it("reads the whole demo catalogue's export back without an error", async () => {
    const { res, rows } = await exportCsv();
    expect(rows.length).toBeGreaterThan(60);
    const { status, body } = await importCsv(res.body, true);
    expect(status).toBe(200);
    expect(body.data.errors).toEqual([]);
    expect(body.data.create).toBe(0);
  });

  it('reads a WooCommerce export with a simple and a variable product', async () => {
    const [simple, variable] = [freshSku('WS'), freshSku('WV')];
    const csv = wooCsv(simple, variable);
    const dry = await importCsv(csv, true);
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({
      format: 'woocommerce',
      create: 2,
      update: 0,
      errors: [],
    });
    const { status, body } = await importCsv(csv, false);
    expect(status).toBe(200);
    expect(body.data.written).toBe(true);
    const byRow = new Map((await rowsOfSkus([simple, variable])).map((r) => [r.sku, r.id]));
    const helmet = await getProduct(byRow.get(simple)!);
    expect(helmet).toMatchObject({
      title: 'Helmet, matte',
      product_type: 'Simple',
      status: 'Active',
      category: 'protective-gear',
      categorytype: ['Trending'],
      originalPrice: 1299,
      discountPrice: 899,
      stock: 7,
      image: 'https://woo.example/helmet.jpg',
      gallery: ['https://woo.example/helmet-2.jpg'],
      short_description: 'Light\nand safe',
      description: '<p>Line one</p>\n<p>Line two</p>',
    });
    expect(helmet.attribute[0]?.selectedTerms.map((x) => x.name)).toEqual(['Black, matte']);
    const tee = await getProduct(byRow.get(variable)!);
    expect(tee).toMatchObject({ product_type: 'Variable Product', category: 't-shirts' });
    expect(tee.categorytype).toEqual(['Best Sellers', 'New']);
    // Only the attribute the variations use (Material is shown in Woo, not a variation axis).
    expect(tee.attribute.map((a) => a.name)).toEqual(['Size']);
    expect(tee.variation.map((v) => [v.sku, v.price, v.salePrice, v.stock, v.attributes])).toEqual([
      [`${variable}-S`, 499, 449, 4, { Size: 'S' }],
      [`${variable}-M`, 549, 0, 999, { Size: 'M' }],
    ]);
  });

  it('refuses what it cannot read, naming the file', async () => {
    const junk = await importCsv('a,b\n1,2\n', true);
    expect(junk.status).toBe(200);
    expect(junk.body.data.errors[0]).toMatchObject({ row: 1 });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ field: string }>().field).toBe('file');
    const grouped = await importCsv(
      `${WOO_HEADER}\n1,grouped,${freshSku('G')},Kit,1,0,visible,,,,1,,,,T-Shirts,,,,,,,,,,,`,
      false,
    );
    expect(grouped.status).toBe(400);
    expect(grouped.body.data.errors[0]).toMatchObject({ row: 2, column: 'Type' });
  });

  it('takes a multipart file and refuses one over the size limit', async () => {
    const s = freshSku('MP');
    const csv = shopCsv([
      { type: 'Simple', sku: s, title: 'Cap', category: 'protective-gear', mrp: 5 },
    ]);
    const form = (content: string) => {
      const boundary = 'xBOUNDARYx';
      return {
        headers: {
          authorization: `Bearer ${staff}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
      };
    };
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/import?dry_run=true',
      ...form(csv),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Report>().data.create).toBe(1);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      ...form(csv + '\n' + 'x'.repeat(11 * 1024 * 1024)),
    });
    expect([400, 413]).toContain(big.statusCode);
    // PostgreSQL cannot store U+0000: refused as the file's fault, not a 500.
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      ...form(csv.replace('Cap', 'C\u0000ap')),
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json<{ field: string }>().field).toBe('file');
    expect(await rowsOfSkus([s])).toEqual([]);
  });

  it("keeps to the caller's store: another store's sku is free here, its export has none of ours", async () => {
    const s = freshSku('OTH');
    const csv = shopCsv([
      { type: 'Simple', sku: s, title: 'Mine', category: 'protective-gear', mrp: 5 },
    ]);
    expect((await importCsv(csv, false)).status).toBe(200);
    const theirs = await exportCsv('', otherOwner);
    expect(theirs.rows.map((r) => r.sku)).not.toContain(s);
    // The other store has no such category: its import of the same file is refused, not ours.
    const other = await importCsv(csv, false, otherOwner);
    expect(other.status).toBe(400);
    expect(other.body.data.errors[0]?.column).toBe('category');
  });
});
