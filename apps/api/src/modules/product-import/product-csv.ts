import { parse } from 'csv-parse/sync';
import { PRODUCT_IMPORT_MAX_ROWS, type ProductImportError } from '@shop/contracts';
import type { CsvProduct, CsvRead, Rec } from './csv-product.ts';
import { readShop } from './shop-csv.ts';
import { readWoo } from './woocommerce-csv.ts';

/**
 * The catalogue as CSV and back (decision 0022). Our own format: one row per product and one
 * per variation (type `Variation`, `parent_sku` naming its product), every editable field; lists
 * of words joined with ` | `, structured fields (specifications, attributes, grouped items) as
 * JSON (`shop-csv.ts`). A WooCommerce product export (simple and variable products) is read too
 * (`woocommerce-csv.ts`). This file tells them apart.
 */
export { productsToCsv, SHOP_COLUMNS } from './shop-csv.ts';

/** Reads our format or a WooCommerce export, told apart by the header. */
export function readProductsCsv(text: string): CsvRead {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      to_line: PRODUCT_IMPORT_MAX_ROWS + 2,
    });
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? 1;
    const message = err instanceof Error ? err.message : String(err);
    return failed({
      row: line,
      column: '',
      sku: '',
      message: `Not a readable CSV file: ${message}`,
    });
  }
  const [header, ...body] = records;
  if (!header || body.length === 0) {
    return failed({ row: 1, column: '', sku: '', message: 'The file has no product rows.' });
  }
  if (body.length > PRODUCT_IMPORT_MAX_ROWS) {
    const message = `At most ${String(PRODUCT_IMPORT_MAX_ROWS)} rows in one file.`;
    return failed({ row: PRODUCT_IMPORT_MAX_ROWS + 2, column: '', sku: '', message });
  }
  const names = header.map((h) => h.trim());
  const recs: Rec[] = body.map((cells, i) => ({
    row: i + 2,
    cells: Object.fromEntries(names.map((n, k) => [n, (cells[k] ?? '').trim()])),
  }));
  const lower = new Set(names.map((n) => n.toLowerCase()));
  if (['type', 'sku', 'parent_sku', 'title'].every((c) => lower.has(c))) return readShop(recs);
  if (['type', 'sku', 'name', 'regular price'].every((c) => lower.has(c))) return readWoo(recs);
  return failed({
    row: 1,
    column: '',
    sku: '',
    message:
      'The header is neither this shop’s product export nor a WooCommerce product export (columns Type, SKU, Name, Regular price…).',
  });
}

function failed(error: ProductImportError): CsvRead {
  return { format: 'shop', products: [], errors: [error], columnOf: () => '' };
}

/** The row a field's problem belongs to: a variation's own row, else the product's. */
export function rowOf(product: CsvProduct, field: string): number {
  const m = /^variation\.(\d+)(\.|$)/.exec(field);
  return m ? (product.variationRows[Number(m[1])] ?? product.row) : product.row;
}
