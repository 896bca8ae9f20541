/** The product types of catalogue-and-cart §3, as stored in `products.product_type`. */
export const PRODUCT_TYPES = ['Simple', 'Variable Product', 'Grouped Product'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/**
 * Product statuses: Active shows on the storefront; Inactive is hidden; Archived is what a delete
 * makes of a product that orders name (hidden, kept so the orders still point at it).
 */
export const PRODUCT_STATUSES = ['Active', 'Inactive', 'Archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** At or below this many pieces (and above none) a product counts as low on stock. */
export const LOW_STOCK_AT = 5;

export const STOCK_LEVELS = ['in', 'low', 'out'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];

/** out: none left; low: 1 to LOW_STOCK_AT; in: more. */
export function stockLevel(stock: number): StockLevel {
  if (stock <= 0) return 'out';
  return stock <= LOW_STOCK_AT ? 'low' : 'in';
}

/**
 * Why a sale price cannot go with a list price (MRP), or null when it can: a sale price of 0
 * means "no sale price"; any other must not be above the MRP.
 */
export function salePriceProblem(mrpPaise: number, salePaise: number): string | null {
  if (salePaise > 0 && salePaise > mrpPaise) {
    return 'The sale price must not be more than the MRP.';
  }
  return null;
}

/** A codes' shape check for HSN (goods: 4, 6 or 8 digits) and SAC (services: 6 digits, 99…). */
export function hsnCodeProblem(code: string): string | null {
  if (code === '' || /^\d{4}(\d{2}){0,2}$/.test(code)) return null;
  return 'The HSN/SAC code must be 4, 6 or 8 digits.';
}

/** An attribute of a Variable product and the terms the shop picked (sizes, colours, …). */
export interface AttributeTerms {
  name: string;
  selectedTerms: readonly { name: string }[];
}

/**
 * Every combination of the attributes' terms, in order (sizes × colours makes the grid):
 * [{ Size: 'S', Colour: 'Red' }, { Size: 'S', Colour: 'Blue' }, …]. Attributes without terms
 * are left out; no attributes give no combinations.
 */
export function variationGrid(attributes: readonly AttributeTerms[]): Record<string, string>[] {
  const used = attributes.filter((a) => a.selectedTerms.length > 0);
  if (used.length === 0) return [];
  return used.reduce<Record<string, string>[]>(
    (rows, attribute) =>
      rows.flatMap((row) =>
        attribute.selectedTerms.map((t) => ({ ...row, [attribute.name]: t.name })),
      ),
    [{}],
  );
}

/** A stable key of one combination, whatever the order of its attributes. */
export function combinationKey(combination: Record<string, string>): string {
  return JSON.stringify(Object.entries(combination).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Why a variation's attributes are not a combination of the product's attribute terms (or repeat
 * one an earlier variation has), or null when they are fine.
 */
export function variationCombinationProblem(
  attributes: readonly AttributeTerms[],
  combination: Record<string, string>,
  earlier: readonly Record<string, string>[],
): string | null {
  const allowed = new Set(variationGrid(attributes).map(combinationKey));
  const key = combinationKey(combination);
  if (!allowed.has(key)) {
    const names = attributes.map((a) => a.name).join(', ');
    return `A variation must have one term of each attribute (${names || 'none given'}).`;
  }
  if (earlier.some((e) => combinationKey(e) === key)) {
    return 'Two variations have the same terms.';
  }
  return null;
}

/** The first value that appears twice (case-insensitive, trimmed), or null. */
export function firstRepeated(values: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const v of values) {
    const key = v.trim().toLowerCase();
    if (seen.has(key)) return v;
    seen.add(key);
  }
  return null;
}

/**
 * The sku of a copy of a product: `<sku>-copy`, or `-copy-2`, `-copy-3`, … when taken.
 */
export function copySku(sku: string, taken: (candidate: string) => boolean): string {
  let candidate = `${sku}-copy`;
  for (let n = 2; taken(candidate); n++) candidate = `${sku}-copy-${String(n)}`;
  return candidate;
}
