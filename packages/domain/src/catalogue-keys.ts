import { CONTENT_SLUG_PATTERN } from './content-admin.ts';

/**
 * Keys a shop owner never has to invent: a category's key (its URL) from its name, and a SKU
 * from a product's title and a variation's options. Pure; the admin form shows them as they are
 * typed, and the API makes the same ones when a box is left empty.
 */

/** The longest category key (the column and the URL take it). */
export const CATEGORY_KEY_MAX = 100;

/** Accents off, lower-case, every run of anything else one hyphen: "Cotton Kurtis" → "cotton-kurtis". */
export function keyFromName(name: string, max = CATEGORY_KEY_MAX): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}

/** Why `key` cannot be a category's key, or null when it can (lower-case words and hyphens). */
export function categoryKeyProblem(key: string): string | null {
  if (key.length === 0) return 'Enter the key (it is made from the name).';
  if (key.length > CATEGORY_KEY_MAX) {
    return `At most ${String(CATEGORY_KEY_MAX)} characters.`;
  }
  if (!CONTENT_SLUG_PATTERN.test(key)) {
    return `Only lower-case letters, digits and single hyphens, no spaces (e.g. "${keyFromName(key) || 'cotton-kurtis'}").`;
  }
  return null;
}

/** The longest SKU the API takes. */
export const SKU_MAX = 64;

const skuPart = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * A product's SKU from its title: "Cotton Kurti (Blue)" → "COTTON-KURTI-BLUE", cut at a word to
 * leave room for options and a number; "ITEM" when the title has no letters or digits.
 */
export function skuFromTitle(title: string): string {
  const words = skuPart(title).split('-').filter(Boolean);
  let sku = '';
  for (const w of words) {
    const next = sku ? `${sku}-${w}` : w;
    if (next.length > 32) break;
    sku = next;
  }
  return sku || skuPart(title).slice(0, 32) || 'ITEM';
}

/** A variation's SKU: the product's and its options', TEE-01 + {Size: 'M'} → TEE-01-M. */
export function variationSku(baseSku: string, options: Record<string, string>): string {
  return [baseSku.trim(), ...Object.values(options).map(skuPart)]
    .filter((x) => x !== '')
    .join('-')
    .slice(0, SKU_MAX - 4)
    .replace(/-+$/, '');
}

/**
 * `candidate` when `taken` (compared in any case) says it is free, else `candidate-2`,
 * `candidate-3`, … (kept within SKU_MAX).
 */
export function freeSku(candidate: string, taken: (sku: string) => boolean): string {
  const base = candidate.slice(0, SKU_MAX);
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const tail = `-${String(n)}`;
    const next = `${base.slice(0, SKU_MAX - tail.length)}${tail}`;
    if (!taken(next)) return next;
  }
}
