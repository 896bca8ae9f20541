import { parse } from 'csv-parse/sync';
import {
  PRODUCT_IMPORT_MAX_ROWS,
  type AdminProduct,
  type ProductImportError,
  type ProductImportFormat,
} from '@shop/contracts';
import { csvUnsafe, toCsv } from '../../lib/csv.ts';
import { toFields, type ProductImportInput } from '../products/products-service.ts';

/**
 * The catalogue as CSV and back (decision 0022). Our own format: one row per product and one
 * per variation (type `Variation`, `parent_sku` naming its product), every editable field; lists
 * of words joined with ` | `, structured fields (specifications, attributes, grouped items) as
 * JSON. A WooCommerce product export (simple and variable products) is read too.
 */
export const SHOP_COLUMNS = [
  'type',
  'sku',
  'parent_sku',
  'title',
  'status',
  'category',
  'categorytype',
  'mrp',
  'sale_price',
  'stock',
  'image',
  'gallery',
  'short_description',
  'description',
  'key_features',
  'specifications',
  'attributes',
  'delivery_days',
  'hsn_code',
  'gst_rate',
  'gst_above_price',
  'gst_above_rate',
  'grouped_items',
] as const;
type ShopColumn = (typeof SHOP_COLUMNS)[number];

export const VARIATION_TYPE = 'Variation';
const LIST_SEPARATOR = ' | ';

/** The products (the AdminProduct view, with variations) as our CSV, formula-safe. */
export function productsToCsv(products: readonly AdminProduct[]): string {
  const rows: (string | number)[][] = [];
  for (const p of products) {
    const f = toFields(p);
    const row: Record<ShopColumn, string | number> = {
      type: f.product_type,
      sku: f.sku,
      parent_sku: '',
      title: f.title,
      status: f.status,
      category: f.category,
      categorytype: f.categorytype.join(LIST_SEPARATOR),
      mrp: f.originalPrice,
      sale_price: f.discountPrice,
      stock: f.stock,
      image: f.image,
      gallery: f.gallery.join(LIST_SEPARATOR),
      short_description: f.short_description,
      description: f.description,
      key_features: f.key_features.join(LIST_SEPARATOR),
      specifications: f.specifications.length > 0 ? JSON.stringify(f.specifications) : '',
      attributes: f.attribute.length > 0 ? JSON.stringify(f.attribute) : '',
      delivery_days: f.delivery_days,
      hsn_code: f.hsn_code,
      gst_rate: f.gst_rate,
      gst_above_price: f.gst_above?.price ?? '',
      gst_above_rate: f.gst_above?.rate ?? '',
      grouped_items: f.grouped_product.length > 0 ? JSON.stringify(f.grouped_product) : '',
    };
    rows.push(SHOP_COLUMNS.map((c) => row[c]));
    for (const v of f.variation) {
      const vRow: Partial<Record<ShopColumn, string | number>> = {
        type: VARIATION_TYPE,
        sku: v.sku,
        parent_sku: f.sku,
        mrp: v.price,
        sale_price: v.salePrice,
        stock: v.stock,
        image: v.imageUrl,
        attributes: JSON.stringify(v.attributes),
      };
      rows.push(SHOP_COLUMNS.map((c) => vRow[c] ?? ''));
    }
  }
  return toCsv(SHOP_COLUMNS, rows);
}

/** One product read from the file: the body for the products service and where it came from. */
export interface CsvProduct {
  input: ProductImportInput;
  /** The spreadsheet row of the product, and of each of its variations in order. */
  row: number;
  variationRows: number[];
  sku: string;
  /** The category as written in the file (resolved against the store's categories later). */
  category: string | null;
}

export interface CsvRead {
  format: ProductImportFormat;
  products: CsvProduct[];
  errors: ProductImportError[];
  /** The file's column a field of the product is read from ('' when the file has none). */
  columnOf: (field: string) => string;
}

interface Rec {
  row: number;
  cells: Record<string, string>;
}

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

/** Collects cell errors while turning text cells into values. */
class Cells {
  readonly errors: ProductImportError[] = [];

  constructor(
    private readonly rec: Rec,
    private readonly sku: string,
  ) {}

  text(column: string): string | undefined {
    return this.rec.cells[column];
  }

  fail(column: string, message: string): undefined {
    this.errors.push({ row: this.rec.row, column, sku: this.sku, message });
    return undefined;
  }

  /**
   * A number cell; empty is undefined (the stored value or the default stays). Commas are read
   * only as digit grouping (1,299 or 1,00,000), never as a decimal comma (12,50 is refused).
   */
  number(column: string): number | undefined {
    const raw = this.text(column)?.replace(/[\s₹]/g, '');
    if (raw === undefined || raw === '') return undefined;
    const grouped = /^-?(\d{1,3}(,\d{3})+|\d{1,2}(,\d{2})*,\d{3})(\.\d+)?$/.test(raw);
    const plain = raw.includes(',') ? (grouped ? raw.replaceAll(',', '') : '') : raw;
    const n = Number(plain);
    return /^-?\d+(\.\d+)?$/.test(plain) && Number.isFinite(n)
      ? n
      : this.fail(column, `"${raw}" is not a number.`);
  }

  json(column: string): unknown {
    const raw = this.text(column);
    if (raw === undefined || raw === '') return undefined;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return this.fail(column, 'Not valid JSON (as the export writes it).');
    }
  }
}

// ---------------------------------------------------------------- our own format

const SHOP_FIELD_COLUMNS: Record<string, ShopColumn> = {
  title: 'title',
  sku: 'sku',
  product_type: 'type',
  status: 'status',
  category: 'category',
  categorytype: 'categorytype',
  image: 'image',
  gallery: 'gallery',
  description: 'description',
  short_description: 'short_description',
  originalPrice: 'mrp',
  discountPrice: 'sale_price',
  stock: 'stock',
  key_features: 'key_features',
  specifications: 'specifications',
  attribute: 'attributes',
  delivery_days: 'delivery_days',
  hsn_code: 'hsn_code',
  gst_rate: 'gst_rate',
  'gst_above.price': 'gst_above_price',
  'gst_above.rate': 'gst_above_rate',
  gst_above: 'gst_above_price',
  grouped_product: 'grouped_items',
  variation: 'type',
};
const SHOP_VARIATION_COLUMNS: Record<string, ShopColumn> = {
  sku: 'sku',
  price: 'mrp',
  salePrice: 'sale_price',
  stock: 'stock',
  imageUrl: 'image',
  attributes: 'attributes',
};

const splitList = (raw: string | undefined) =>
  raw === undefined
    ? undefined
    : raw
        .split('|')
        .map((s) => s.trim())
        .filter((s) => s !== '');

function readShop(recs: Rec[]): CsvRead {
  const errors: ProductImportError[] = [];
  const products: CsvProduct[] = [];
  const bySku = new Map<string, CsvProduct>();
  const un = (rec: Rec) => {
    for (const k of Object.keys(rec.cells)) rec.cells[k] = csvUnsafe(rec.cells[k] ?? '');
  };
  const variationsOf: Rec[] = [];
  for (const rec of recs) {
    un(rec);
    if (rec.cells.type?.toLowerCase() === VARIATION_TYPE.toLowerCase()) {
      variationsOf.push(rec);
      continue;
    }
    const sku = rec.cells.sku ?? '';
    const c = new Cells(rec, sku);
    const input: ProductImportInput = {};
    const set = (key: string, value: unknown) => {
      if (value !== undefined) input[key] = value;
    };
    set('sku', c.text('sku'));
    set('title', c.text('title'));
    set('product_type', c.text('type'));
    set('status', c.text('status') || undefined);
    set('categorytype', splitList(c.text('categorytype')));
    set('image', c.text('image'));
    set('gallery', splitList(c.text('gallery')));
    set('description', c.text('description'));
    set('short_description', c.text('short_description'));
    set('originalPrice', c.number('mrp'));
    set('discountPrice', c.number('sale_price'));
    set('stock', c.number('stock'));
    set('key_features', splitList(c.text('key_features')));
    set('delivery_days', c.number('delivery_days'));
    set('hsn_code', c.text('hsn_code'));
    set('gst_rate', c.number('gst_rate'));
    const abovePrice = c.number('gst_above_price');
    const aboveRate = c.number('gst_above_rate');
    if (c.text('gst_above_price') !== undefined) {
      set(
        'gst_above',
        abovePrice === undefined && aboveRate === undefined
          ? null
          : { price: abovePrice, rate: aboveRate },
      );
    }
    if (c.text('specifications') !== undefined)
      set('specifications', c.json('specifications') ?? []);
    if (c.text('attributes') !== undefined) set('attribute', c.json('attributes') ?? []);
    if (c.text('grouped_items') !== undefined)
      set('grouped_product', c.json('grouped_items') ?? []);
    const product: CsvProduct = {
      input,
      row: rec.row,
      variationRows: [],
      sku,
      category: c.text('category') ?? null,
    };
    errors.push(...c.errors);
    products.push(product);
    if (sku) bySku.set(sku.toLowerCase(), product);
  }
  for (const rec of variationsOf) {
    const sku = rec.cells.sku ?? '';
    const c = new Cells(rec, sku);
    const parentSku = c.text('parent_sku') ?? '';
    const parent = bySku.get(parentSku.toLowerCase());
    if (!parent) {
      c.fail(
        'parent_sku',
        parentSku
          ? `The product ${parentSku} is not in the file (a variation comes with its product).`
          : 'Name the product of this variation.',
      );
    } else {
      const variation: Record<string, unknown> = { sku };
      const put = (key: string, value: unknown) => {
        if (value !== undefined) variation[key] = value;
      };
      put('price', c.number('mrp') ?? c.fail('mrp', 'Enter the price of the variation.'));
      put('salePrice', c.number('sale_price'));
      put('stock', c.number('stock'));
      put('imageUrl', c.text('image'));
      put('attributes', c.json('attributes') ?? {});
      addVariation(parent, variation, rec.row);
    }
    errors.push(...c.errors);
  }
  return {
    format: 'shop',
    products,
    errors,
    columnOf: (field) => columnFrom(field, SHOP_FIELD_COLUMNS, SHOP_VARIATION_COLUMNS),
  };
}

function addVariation(parent: CsvProduct, variation: Record<string, unknown>, row: number) {
  const list = (parent.input.variation as Record<string, unknown>[] | undefined) ?? [];
  list.push(variation);
  parent.input.variation = list;
  parent.variationRows.push(row);
}

/** `variation.2.salePrice` → the variation's column; `specifications.0.label` → its field's. */
function columnFrom(
  field: string,
  product: Record<string, string>,
  variation: Record<string, string>,
): string {
  const parts = field.split('.');
  if (parts[0] === 'variation' && parts.length >= 3) return variation[parts[2] ?? ''] ?? '';
  return product[field] ?? product[parts[0] ?? ''] ?? '';
}

/** The row a field's problem belongs to: a variation's own row, else the product's. */
export function rowOf(product: CsvProduct, field: string): number {
  const m = /^variation\.(\d+)(\.|$)/.exec(field);
  return m ? (product.variationRows[Number(m[1])] ?? product.row) : product.row;
}

// ---------------------------------------------------------------- WooCommerce

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

function readWoo(rawRecs: Rec[]): CsvRead {
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
