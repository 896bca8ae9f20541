import { attributeKey, valueKey } from '@shop/domain';

/**
 * The listing's filters as the page URL holds them (shareable; the back button steps through
 * them): `category`, `price_min`/`price_max` (rupees, min <= price < max), `in_stock=1` and
 * repeated `attr=name:value`, the same names the listing and facets calls take.
 */
export interface FilterParams {
  category?: string;
  priceMin?: number;
  priceMax?: number;
  inStock: boolean;
  /** `name:value` choices, one per value. */
  attr: string[];
}

const rupees = (text: string | null) => {
  if (text === null || text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** The filters a URL holds; what cannot be read is left out (a hand-edited link still opens). */
export function readFilterParams(params: URLSearchParams): FilterParams {
  const priceMin = rupees(params.get('price_min'));
  let priceMax = rupees(params.get('price_max'));
  if (priceMin !== undefined && priceMax !== undefined && priceMax <= priceMin)
    priceMax = undefined;
  const attr = params.getAll('attr').filter((a) => /^[^:]*\S[^:]*:.*\S/.test(a));
  const category = params.get('category')?.trim() || undefined;
  return {
    ...(category ? { category } : {}),
    ...(priceMin !== undefined ? { priceMin } : {}),
    ...(priceMax !== undefined ? { priceMax } : {}),
    inStock: params.get('in_stock') === '1' || params.get('in_stock') === 'true',
    attr: [...new Set(attr)].slice(0, 20),
  };
}

/** The URL with the filters replaced by `next` (other parameters, such as sort, kept). */
export function writeFilterParams(prev: URLSearchParams, next: FilterParams): URLSearchParams {
  const out = new URLSearchParams(prev);
  for (const key of ['category', 'price_min', 'price_max', 'in_stock', 'attr']) out.delete(key);
  if (next.category) out.set('category', next.category);
  if (next.priceMin !== undefined) out.set('price_min', String(next.priceMin));
  if (next.priceMax !== undefined) out.set('price_max', String(next.priceMax));
  if (next.inStock) out.set('in_stock', '1');
  for (const a of next.attr) out.append('attr', a);
  return out;
}

/** Adds the filters beyond the category to an API query (the category is its own parameter). */
export function appendFilterQuery(query: URLSearchParams, f: FilterParams | undefined) {
  if (!f) return;
  if (f.priceMin !== undefined) query.set('price_min', String(f.priceMin));
  if (f.priceMax !== undefined) query.set('price_max', String(f.priceMax));
  if (f.inStock) query.set('in_stock', 'true');
  for (const a of f.attr) query.append('attr', a);
}

/** The choice `name:value` of an attribute key and value key (as the facets call names them). */
export const attrChoice = (key: string, value: string) => `${key}:${value}`;

/** Whether a choice is of this attribute and value (any spelling). */
export function isChosen(f: FilterParams, key: string, value: string): boolean {
  return f.attr.some((a) => {
    const at = a.indexOf(':');
    return attributeKey(a.slice(0, at)) === key && valueKey(a.slice(at + 1)) === valueKey(value);
  });
}

/** The filters with that attribute value chosen or unchosen. */
export function toggleAttr(f: FilterParams, key: string, value: string): FilterParams {
  const attr = isChosen(f, key, value)
    ? f.attr.filter((a) => {
        const at = a.indexOf(':');
        return !(
          attributeKey(a.slice(0, at)) === key && valueKey(a.slice(at + 1)) === valueKey(value)
        );
      })
    : [...f.attr, attrChoice(key, value)];
  return { ...f, attr };
}

/** How many filters are chosen (the Filters button's badge). */
export const chosenCount = (f: FilterParams, withCategory: boolean) =>
  (withCategory && f.category ? 1 : 0) +
  (f.priceMin !== undefined || f.priceMax !== undefined ? 1 : 0) +
  (f.inStock ? 1 : 0) +
  f.attr.length;
