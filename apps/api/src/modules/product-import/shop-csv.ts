import type { AdminProduct, ProductImportError } from '@shop/contracts';
import { csvUnsafe, toCsv } from '../../lib/csv.ts';
import { toFields, type ProductImportInput } from '../products/products-service.ts';
import {
  addVariation,
  Cells,
  columnFrom,
  type CsvProduct,
  type CsvRead,
  type Rec,
} from './csv-product.ts';

/**
 * Our own format (decision 0022): one row per product and one per variation (type `Variation`,
 * `parent_sku` naming its product), every editable field; lists of words joined with ` | `,
 * structured fields (specifications, attributes, grouped items) as JSON. Its columns, the
 * export that writes them and the reader of a file in them.
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

export function readShop(recs: Rec[]): CsvRead {
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
