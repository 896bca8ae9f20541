import { PRODUCT_DEFAULTS, type AdminProduct, type ProductFields } from '@shop/contracts';
import {
  combinationKey,
  variationGrid,
  variationSku,
  type ProductStatus,
  type ProductType,
} from '@shop/domain';
import { typedNumber } from '../lib/typed-number.ts';

/**
 * The editor's form as the boxes hold it: numbers as typed (strings), lists one a line or
 * comma-separated. `toProductFields` turns it into what the API takes, `formProblems`
 * (product-form-problems.ts) checks it with the API's own schema and cross-field rules. Field
 * names are the API's, so a 400's `field` (e.g. `variation.1.salePrice`) lands under the same box.
 */
export interface VariationRow {
  sku: string;
  price: string;
  salePrice: string;
  stock: string;
  imageUrl: string;
  attributes: Record<string, string>;
}

export interface GroupedRow {
  title: string;
  image: string;
  product_id: string | null;
}

export interface ProductFormValues {
  title: string;
  sku: string;
  product_type: ProductType;
  status: ProductStatus;
  category: string;
  /** Tags, comma-separated ("Best Sellers, Trending"). */
  categorytype: string;
  short_description: string;
  description: string;
  originalPrice: string;
  discountPrice: string;
  stock: string;
  /** One a line. */
  key_features: string;
  specifications: { label: string; value: string }[];
  /** Each attribute's terms comma-separated ("S, M, L"). */
  attribute: { name: string; terms: string }[];
  delivery_days: string;
  hsn_code: string;
  gst_rate: string;
  variation: VariationRow[];
  grouped_product: GroupedRow[];
}

const text = (n: number) => String(n);

export function emptyProductForm(): ProductFormValues {
  const d = PRODUCT_DEFAULTS;
  return {
    title: '',
    sku: '',
    product_type: d.product_type,
    status: d.status,
    category: '',
    categorytype: '',
    short_description: '',
    description: '',
    originalPrice: '',
    discountPrice: '',
    stock: text(d.stock),
    key_features: '',
    specifications: [],
    attribute: [],
    delivery_days: text(d.delivery_days),
    hsn_code: '',
    gst_rate: text(d.gst_rate),
    variation: [],
    grouped_product: [],
  };
}

const asType = (t: string): ProductType =>
  t === 'Variable Product' || t === 'Grouped Product' ? t : 'Simple';
const asStatus = (s: string): ProductStatus =>
  s === 'Inactive' || s === 'Archived' ? s : 'Active';

/** The form filled from a stored product. */
export function productToForm(p: AdminProduct): ProductFormValues {
  return {
    title: p.title,
    sku: p.sku,
    product_type: asType(p.product_type),
    status: asStatus(p.status),
    category: p.category,
    categorytype: p.categorytype.join(', '),
    short_description: p.short_description,
    description: p.description,
    originalPrice: text(p.originalPrice),
    discountPrice: p.discountPrice === 0 ? '' : text(p.discountPrice),
    stock: text(p.stock),
    key_features: p.key_features.join('\n'),
    specifications: p.specifications.map((s) => ({ label: s.label, value: s.value })),
    attribute: p.attribute.map((a) => ({
      name: a.name,
      terms: a.selectedTerms.map((t) => t.name).join(', '),
    })),
    delivery_days: text(p.delivery_days),
    hsn_code: p.hsn_code,
    gst_rate: text(p.gst_rate),
    variation: p.variation.map((v) => ({
      sku: v.sku,
      price: text(v.price),
      salePrice: v.salePrice === 0 ? '' : text(v.salePrice),
      stock: text(v.stock),
      imageUrl: v.imageUrl,
      attributes: { ...v.attributes },
    })),
    grouped_product: p.grouped_product.map((g) => ({ ...g })),
  };
}

/** A number box: '' is `blank`, anything not a number stays NaN so the schema names the box. */
const num = (s: string, blank = 0) => typedNumber(s, blank);

const list = (s: string, sep: RegExp) =>
  s
    .split(sep)
    .map((x) => x.trim())
    .filter((x) => x !== '');

const slug = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** An attribute's terms as the API holds them. */
export function attributeTerms(a: { name: string; terms: string }) {
  return {
    name: a.name.trim(),
    slug: slug(a.name),
    selectedTerms: [...new Set(list(a.terms, /,/))].map((name) => ({ id: slug(name), name })),
  };
}

/**
 * What the API takes for the form's product (every field the editor shows; the photos page
 * owns `image` and `gallery`, and `gst_above` is left as it is). Only the product type's own
 * list is sent: a Simple product sends no variations even if the form still holds some.
 */
export function toProductFields(
  v: ProductFormValues,
): Omit<ProductFields, 'image' | 'gallery' | 'gst_above'> {
  return {
    title: v.title.trim(),
    sku: v.sku.trim(),
    product_type: v.product_type,
    status: v.status,
    category: v.category.trim(),
    categorytype: list(v.categorytype, /,/),
    short_description: v.short_description,
    description: v.description,
    originalPrice: num(v.originalPrice),
    discountPrice: num(v.discountPrice),
    stock: num(v.stock),
    key_features: list(v.key_features, /\n/),
    specifications: v.specifications
      .filter((s) => s.label.trim() !== '' || s.value.trim() !== '')
      .map((s) => ({ label: s.label.trim(), value: s.value.trim() })),
    attribute:
      v.product_type === 'Variable Product'
        ? v.attribute
            .filter((a) => a.name.trim() !== '')
            .map(attributeTerms)
            .filter((a) => a.selectedTerms.length > 0)
        : [],
    delivery_days: num(v.delivery_days),
    hsn_code: v.hsn_code.trim(),
    gst_rate: num(v.gst_rate),
    variation:
      v.product_type === 'Variable Product'
        ? v.variation.map((r) => ({
            sku: r.sku.trim(),
            price: num(r.price),
            salePrice: num(r.salePrice),
            stock: num(r.stock),
            imageUrl: r.imageUrl.trim(),
            attributes: r.attributes,
          }))
        : [],
    grouped_product: v.product_type === 'Grouped Product' ? v.grouped_product : [],
  };
}

/** A variation sku made of the product's and the terms': TEE-01 + {Size: 'M'} → TEE-01-M. */
export { variationSku };

/** The pieces a new size or colour starts with in the table (the owner edits them there). */
export const NEW_VARIATION_STOCK = '10';

/**
 * The variations for the attributes' grid (sizes × colours): a combination the form already
 * has keeps its row as edited; a new one starts with the product's prices, NEW_VARIATION_STOCK
 * pieces and a sku from the product's (blank when the product's is: the API makes both); rows
 * no longer in the grid go.
 */
export function regenerateVariations(v: ProductFormValues): VariationRow[] {
  const attributes = v.attribute.filter((a) => a.name.trim() !== '').map(attributeTerms);
  const existing = new Map(v.variation.map((r) => [combinationKey(r.attributes), r]));
  return variationGrid(attributes).map(
    (combination) =>
      existing.get(combinationKey(combination)) ?? {
        sku: v.sku.trim() === '' ? '' : variationSku(v.sku, combination),
        price: v.originalPrice,
        salePrice: v.discountPrice,
        stock: NEW_VARIATION_STOCK,
        imageUrl: '',
        attributes: combination,
      },
  );
}

/** A variation's terms for people: "M / Red". */
export const termsLabel = (attributes: Record<string, string>) =>
  Object.values(attributes).join(' / ');

/** The terms of a comma-separated list, each once (any case), in order: "S, m, M" → S, m. */
export function termList(text: string): string[] {
  const seen = new Set<string>();
  return list(text, /,/).filter((t) => {
    const key = t.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The form with the attribute `name` holding `terms` (added when it is not there yet; found in
 * any case, "Color" for "Colour" too) and the variations made again at once for the new grid.
 */
export function withTerms(
  v: ProductFormValues,
  name: string,
  terms: readonly string[],
): Pick<ProductFormValues, 'attribute' | 'variation'> {
  const at = v.attribute.findIndex((a) => sameAttribute(a.name, name));
  const attribute =
    at >= 0
      ? v.attribute.map((a, i) => (i === at ? { ...a, terms: terms.join(', ') } : a))
      : [...v.attribute, { name, terms: terms.join(', ') }];
  return { attribute, variation: regenerateVariations({ ...v, attribute }) };
}

const plain = (s: string) => s.trim().toLowerCase().replace('color', 'colour');

/** Whether two attribute names are the same one ("Color" and "colour" are). */
export const sameAttribute = (a: string, b: string) => plain(a) === plain(b);
