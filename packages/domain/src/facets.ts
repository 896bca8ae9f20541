/**
 * Listing filters and their counts: category, a price band, in stock, and the
 * attributes the products' variations have (size, colour). Pure: the API filters and counts its
 * cached catalogue with these rules, the storefront reads their names and bands.
 *
 * - Between filters: all must hold. Within one attribute, any chosen value may (M or L).
 * - A product matches chosen attributes when **one of its variations** has a chosen value of each
 *   (a "Black / M" variation, not a black S and a white M); with "in stock" that variation must
 *   have stock. Without chosen attributes, "in stock" is the product's own stock (any variation's
 *   for a Variable product).
 * - Counts are what choosing the option would give with every other filter kept (an option's own
 *   group is left out), as shops show them: choosing "M" when "L" is chosen widens the list by
 *   the M count's products that are not L too.
 */

/** What the filters read of a variation. */
export interface FacetVariant {
  /** Attribute key (see `attributeKey`) → value as spelled. */
  attributes: Readonly<Record<string, string>>;
  inStock: boolean;
}

/** What the filters read of a product. */
export interface FacetProduct {
  /** The category's key (`normalizeCategory`). */
  category: string;
  /** The price a card shows: the sale price when it is a discount; a Variable product's lowest. */
  pricePaise: number;
  inStock: boolean;
  variants: readonly FacetVariant[];
}

/** A price range: `minPaise <= price < maxPaise` (either end open when absent). */
export interface PriceRange {
  minPaise?: number | undefined;
  maxPaise?: number | undefined;
}

export interface FacetSelection extends PriceRange {
  /** A category key; absent is every category. */
  category?: string | undefined;
  inStock?: boolean | undefined;
  /** Attribute key → chosen value keys (`valueKey`); an empty list is no choice. */
  attributes?: Readonly<Record<string, readonly string[]>> | undefined;
}

/** The price bands offered, in paise: under ₹500, ₹500–1,000, ₹1,000–2,000, ₹2,000–5,000, ₹5,000+. */
export const PRICE_BAND_EDGES_PAISE: readonly number[] = [50_000, 100_000, 200_000, 500_000];

/** Most attribute choices one listing may carry (the API refuses more). */
export const MAX_ATTRIBUTE_CHOICES = 20;

/** Keys already made (a shop has few distinct names and values, read for every variation). */
const attributeKeys = new Map<string, string>();
const valueKeys = new Map<string, string>();
const MAX_KEYS = 10_000;

const COLOUR = /^colou?rs?$/;
const SIZE = /^sizes?$/;

/**
 * An attribute name's key: trimmed, lower case, spaces collapsed; "Color", "Colours" → "colour",
 * "Sizes" → "size" (shops spell them both ways).
 */
export function attributeKey(name: string): string {
  const known = attributeKeys.get(name);
  if (known !== undefined) return known;
  let key = name.trim().toLowerCase().replace(/\s+/g, ' ');
  if (COLOUR.test(key)) key = 'colour';
  else if (SIZE.test(key)) key = 'size';
  if (attributeKeys.size >= MAX_KEYS) attributeKeys.clear();
  attributeKeys.set(name, key);
  return key;
}

/** A value's key: trimmed, lower case, spaces collapsed ("Black", " black " are one value). */
export function valueKey(value: string): string {
  let key = valueKeys.get(value);
  if (key === undefined) {
    key = value.trim().toLowerCase().replace(/\s+/g, ' ');
    if (valueKeys.size >= MAX_KEYS) valueKeys.clear();
    valueKeys.set(value, key);
  }
  return key;
}

/** A variation's attributes by key (see `attributeKey`), blank values left out. */
export function variantAttributesByKey(
  attributes: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    const key = attributeKey(name);
    if (key === '' || value.trim() === '' || key in out) continue;
    out[key] = value.trim();
  }
  return out;
}

/** Whether a price is in the range (`min <= price < max`). */
export function inPriceRange(pricePaise: number, range: PriceRange): boolean {
  if (range.minPaise !== undefined && pricePaise < range.minPaise) return false;
  return !(range.maxPaise !== undefined && pricePaise >= range.maxPaise);
}

/** The chosen attributes that are choices (a non-empty list). */
function chosen(selection: FacetSelection): [string, ReadonlySet<string>][] {
  return Object.entries(selection.attributes ?? {})
    .filter(([, values]) => values.length > 0)
    .map(([key, values]) => [key, new Set(values)]);
}

/** Whether one variation has a chosen value of each chosen attribute (and stock if asked). */
function variantMatches(
  v: FacetVariant,
  choices: readonly [string, ReadonlySet<string>][],
  inStock: boolean,
): boolean {
  if (inStock && !v.inStock) return false;
  return choices.every(([key, values]) => {
    const value = v.attributes[key];
    return value !== undefined && values.has(valueKey(value));
  });
}

/** Whether the product's attributes and stock pass (see the rules at the top). */
function stockAndAttributesMatch(
  p: FacetProduct,
  choices: readonly [string, ReadonlySet<string>][],
  inStock: boolean,
): boolean {
  if (choices.length === 0) return !inStock || p.inStock;
  return p.variants.some((v) => variantMatches(v, choices, inStock));
}

/** A test of whether a product passes every filter of the selection (read once, for many). */
export function facetMatcher(selection: FacetSelection): (p: FacetProduct) => boolean {
  const choices = chosen(selection);
  const inStock = selection.inStock === true;
  return (p) =>
    (selection.category === undefined || p.category === selection.category) &&
    inPriceRange(p.pricePaise, selection) &&
    stockAndAttributesMatch(p, choices, inStock);
}

/** Whether a product passes every filter of the selection. */
export function matchesFacets(p: FacetProduct, selection: FacetSelection): boolean {
  return facetMatcher(selection)(p);
}

export interface PriceBandCount {
  minPaise: number;
  /** Absent for the last band (and above). */
  maxPaise?: number;
  count: number;
}

export interface AttributeValueCount {
  /** As first spelled by a variation. */
  value: string;
  /** `valueKey(value)`: what the filter carries. */
  key: string;
  count: number;
}

export interface AttributeFacet {
  key: string;
  values: AttributeValueCount[];
}

export interface FacetCounts {
  /** Products passing every filter. */
  total: number;
  /** Category key → products with every other filter kept. */
  categories: Map<string, number>;
  priceBands: PriceBandCount[];
  /** Products "in stock" would keep, every other filter kept. */
  inStock: number;
  attributes: AttributeFacet[];
}

const SIZE_ORDER = [
  'xxxs',
  'xxs',
  'xs',
  's',
  'm',
  'l',
  'xl',
  'xxl',
  '2xl',
  'xxxl',
  '3xl',
  '4xl',
  '5xl',
];

/** Sizes as worn (XS, S, M, L, XL…), then numbers ascending, then the rest alphabetically. */
export function compareAttributeValues(a: string, b: string): number {
  const [ka, kb] = [valueKey(a), valueKey(b)];
  const [sa, sb] = [SIZE_ORDER.indexOf(ka), SIZE_ORDER.indexOf(kb)];
  if (sa >= 0 || sb >= 0) return (sa < 0 ? Infinity : sa) - (sb < 0 ? Infinity : sb) || 0;
  const [na, nb] = [Number.parseFloat(ka), Number.parseFloat(kb)];
  const [fa, fb] = [Number.isFinite(na), Number.isFinite(nb)];
  if (fa && fb && na !== nb) return na - nb;
  if (fa !== fb) return fa ? -1 : 1;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Which band (index into the bands from `PRICE_BAND_EDGES_PAISE`) a price falls in. */
function bandOf(pricePaise: number, edges: readonly number[]): number {
  let i = 0;
  while (i < edges.length && pricePaise >= edges[i]!) i++;
  return i;
}

/**
 * The counts of every option (see the rules at the top), over products already narrowed by what
 * is not a filter here (the search text, the tag, courses). Attributes are those some counted
 * product's variations have, colour first, then size, then by name; a chosen value stays listed
 * (with 0) so it can be unchosen.
 */
export function facetCounts(
  products: readonly FacetProduct[],
  selection: FacetSelection,
  edges: readonly number[] = PRICE_BAND_EDGES_PAISE,
): FacetCounts {
  const choices = chosen(selection);
  const inStock = selection.inStock === true;
  const categories = new Map<string, number>();
  const bands = new Array<number>(edges.length + 1).fill(0);
  let total = 0;
  let inStockCount = 0;
  /** Attribute key → value key → { spelling, count }. */
  const attributes = new Map<string, Map<string, { value: string; count: number }>>();
  const note = (key: string, value: string, add: number) => {
    const values = attributes.get(key) ?? new Map<string, { value: string; count: number }>();
    attributes.set(key, values);
    const k = valueKey(value);
    const entry = values.get(k) ?? { value, count: 0 };
    entry.count += add;
    values.set(k, entry);
  };

  for (const p of products) {
    const inCategory = selection.category === undefined || p.category === selection.category;
    const inPrice = inPriceRange(p.pricePaise, selection);
    const rest = stockAndAttributesMatch(p, choices, inStock);
    if (inCategory && inPrice && rest) total++;
    if (inPrice && rest) categories.set(p.category, (categories.get(p.category) ?? 0) + 1);
    if (inCategory && rest) bands[bandOf(p.pricePaise, edges)]!++;
    if (inCategory && inPrice && stockAndAttributesMatch(p, choices, true)) inStockCount++;
    if (!inCategory || !inPrice) continue;
    // Each attribute's values: the variations that pass the other attributes' choices (and
    // stock), counted once per product and value.
    const keys = new Set<string>();
    for (const v of p.variants) for (const key in v.attributes) keys.add(key);
    for (const key of keys) {
      const others = choices.filter(([k]) => k !== key);
      const seen = new Map<string, string>();
      for (const v of p.variants) {
        const value = v.attributes[key];
        if (value === undefined || !variantMatches(v, others, inStock)) continue;
        if (!seen.has(valueKey(value))) seen.set(valueKey(value), value);
      }
      for (const value of seen.values()) note(key, value, 1);
    }
  }
  for (const [key, values] of choices) {
    for (const value of values) note(key, value, 0);
  }

  const keyOrder = (k: string) => (k === 'colour' ? 0 : k === 'size' ? 1 : 2);
  return {
    total,
    categories,
    priceBands: bands.map((count, i) => ({
      minPaise: i === 0 ? 0 : edges[i - 1]!,
      ...(i < edges.length ? { maxPaise: edges[i]! } : {}),
      count,
    })),
    inStock: inStockCount,
    attributes: [...attributes]
      .sort(([a], [b]) => keyOrder(a) - keyOrder(b) || (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, values]) => ({
        key,
        values: [...values]
          .map(([k, v]) => ({ value: v.value, key: k, count: v.count }))
          .sort((a, b) => compareAttributeValues(a.value, b.value)),
      })),
  };
}
