import type { ProductImportError } from '@shop/contracts';
import type { ProductImportInput } from '../products/products-service.ts';
import {
  addVariation,
  Cells,
  columnFrom,
  type CsvProduct,
  type CsvRead,
  type Rec,
} from './csv-product.ts';

/* A WooCommerce product export read as this shop’s products (simple and variable products). */

/** Stock written for a Woo product that does not count its stock but is in stock. */
export const WOO_UNCOUNTED_STOCK = 999;

const WOO_FIELD_COLUMNS: Record<string, string> = {
  title: 'Name',
  sku: 'SKU',
  product_type: 'Type',
  status: 'Published',
  category: 'Categories',
  categorytype: 'Tags',
  image: 'Images',
  gallery: 'Images',
  description: 'Description',
  short_description: 'Short description',
  originalPrice: 'Regular price',
  discountPrice: 'Sale price',
  stock: 'Stock',
  attribute: 'Attribute 1 name',
  variation: 'Type',
};
const WOO_VARIATION_COLUMNS: Record<string, string> = {
  sku: 'SKU',
  price: 'Regular price',
  salePrice: 'Sale price',
  stock: 'Stock',
  imageUrl: 'Images',
  attributes: 'Attribute 1 value(s)',
};

/** Woo joins list values with ", " and writes a comma inside a value as "\,". */
function wooList(raw: string | undefined): string[] {
  if (!raw) return [];
  return raw
    .split(/(?<!\\),/)
    .map((s) => s.replaceAll('\\,', ',').trim())
    .filter((s) => s !== '');
}

/** Woo writes a new line of a description as the two characters \n (and \n itself as \\n). */
const wooText = (raw: string | undefined) =>
  raw?.replace(/\\\\n|\\n/g, (m) => (m === '\\n' ? '\n' : '\\n'));

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

export function readWoo(rawRecs: Rec[]): CsvRead {
  // Woo's column names changed case between versions ("Regular Price", "Regular price").
  const recs = rawRecs.map((r) => ({
    row: r.row,
    cells: Object.fromEntries(Object.entries(r.cells).map(([k, v]) => [k.toLowerCase(), v])),
  }));
  const errors: ProductImportError[] = [];
  const products: CsvProduct[] = [];
  const bySku = new Map<string, CsvProduct>();
  const byId = new Map<string, CsvProduct>();
  const variationRecs: Rec[] = [];
  const attributesOf = (rec: Rec) => {
    const out: { name: string; values: string[]; raw: string }[] = [];
    for (let n = 1; n <= 50; n++) {
      const name = rec.cells[`attribute ${String(n)} name`];
      if (name === undefined) break;
      if (!name) continue;
      const raw = rec.cells[`attribute ${String(n)} value(s)`] ?? '';
      out.push({ name, values: wooList(raw), raw });
    }
    return out;
  };
  for (const rec of recs) {
    const sku = rec.cells.sku ?? '';
    const c = new Cells(rec, sku);
    const type = (rec.cells.type ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
    if (type === 'variation') {
      variationRecs.push(rec);
      continue;
    }
    if (type !== 'simple' && type !== 'variable') {
      c.fail(
        'Type',
        `A WooCommerce ${type || 'untyped'} product is not imported (simple and variable products only).`,
      );
      errors.push(...c.errors);
      continue;
    }
    if (!sku) c.fail('SKU', 'Give the product a SKU (products are matched by SKU).');
    const input: ProductImportInput = {
      sku,
      title: rec.cells.name ?? '',
      product_type: type === 'variable' ? 'Variable Product' : 'Simple',
      status: ['0', '-1'].includes(rec.cells.published ?? '') ? 'Inactive' : 'Active',
    };
    const set = (key: string, value: unknown) => {
      if (value !== undefined) input[key] = value;
    };
    set('description', wooText(rec.cells.description));
    set('short_description', wooText(rec.cells['short description']));
    set('categorytype', rec.cells.tags === undefined ? undefined : wooList(rec.cells.tags));
    if (rec.cells.images !== undefined) {
      const [first = '', ...rest] = wooList(rec.cells.images);
      set('image', first);
      set('gallery', rest);
    }
    if (type === 'simple') {
      set('originalPrice', c.number('regular price') ?? 0);
      set('discountPrice', c.number('sale price') ?? 0);
      set('stock', wooStock(rec, c));
    }
    const attributes = attributesOf(rec);
    set(
      'attribute',
      attributes.map((a) => ({
        name: a.name,
        slug: slugOf(a.name),
        selectedTerms: a.values.map((v, i) => ({ id: i + 1, name: v })),
      })),
    );
    const first = wooList(rec.cells.categories)[0];
    const product: CsvProduct = {
      input,
      row: rec.row,
      variationRows: [],
      sku,
      category: first === undefined ? '' : (first.split('>').at(-1)?.trim() ?? ''),
    };
    errors.push(...c.errors);
    products.push(product);
    if (sku) bySku.set(sku.toLowerCase(), product);
    if (rec.cells.id) byId.set(rec.cells.id, product);
  }
  for (const rec of variationRecs) {
    const sku = rec.cells.sku ?? '';
    const c = new Cells(rec, sku);
    const parentRef = rec.cells.parent ?? '';
    const parent = parentRef.startsWith('id:')
      ? byId.get(parentRef.slice(3))
      : bySku.get(parentRef.toLowerCase());
    if (!sku) c.fail('SKU', 'Give the variation a SKU (variations are matched by SKU).');
    if (!parent || parent.input.product_type !== 'Variable Product') {
      c.fail('Parent', `The variable product ${parentRef || '(none)'} is not in the file.`);
      errors.push(...c.errors);
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const a of attributesOf(rec)) {
      const value = a.raw.replaceAll('\\,', ',').trim();
      if (value) attributes[a.name] = value;
      else c.fail('Attribute 1 value(s)', `Give this variation one ${a.name} (not "any").`);
    }
    addVariation(
      parent,
      {
        sku,
        price: c.number('regular price') ?? c.fail('Regular price', 'Enter the price.'),
        salePrice: c.number('sale price') ?? 0,
        stock: wooStock(rec, c),
        imageUrl: wooList(rec.cells.images)[0] ?? '',
        attributes,
      },
      rec.row,
    );
    errors.push(...c.errors);
  }
  // A variable product offers the attributes its variations use (Woo also lists ones only shown).
  for (const p of products) {
    const vs = p.input.variation as { attributes: Record<string, string> }[] | undefined;
    if (p.input.product_type !== 'Variable Product' || !vs) continue;
    const used = new Set(vs.flatMap((v) => Object.keys(v.attributes)));
    p.input.attribute = (p.input.attribute as { name: string }[]).filter((a) => used.has(a.name));
  }
  // Errors name the file's own column (the cells were read by lower-case names).
  const header = new Map(Object.keys(rawRecs[0]?.cells ?? {}).map((k) => [k.toLowerCase(), k]));
  for (const e of errors) e.column = header.get(e.column.toLowerCase()) ?? e.column;
  return {
    format: 'woocommerce',
    products,
    errors,
    columnOf: (field) => columnFrom(field, WOO_FIELD_COLUMNS, WOO_VARIATION_COLUMNS),
  };
}

/** Woo's Stock: a count, or empty (not counted: in stock or not per "In stock?"). */
function wooStock(rec: Rec, c: Cells): number {
  const counted = rec.cells.stock;
  if (counted && counted !== 'parent') return c.number('stock') ?? 0;
  return rec.cells['in stock?'] === '0' ? 0 : WOO_UNCOUNTED_STOCK;
}
