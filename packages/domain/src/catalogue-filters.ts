/** The category of course items (catalogue-and-cart §1), in normalised form. */
export const COURSES_CATEGORY = 'courses';

/** Categories compare trimmed and case-insensitively (catalogue-and-cart §5). */
export function normalizeCategory(c: string): string {
  return c.trim().toLowerCase();
}

/** True when a product's category equals the filter, trimmed and case-insensitively. */
export function categoryMatches(productCategory: string, filter: string): boolean {
  return normalizeCategory(productCategory) === normalizeCategory(filter);
}

/** Course items are products in the category courses. */
export function isCourse(p: { category: string }): boolean {
  return categoryMatches(p.category, COURSES_CATEGORY);
}

/**
 * Search suggestions (catalogue-and-cart §5): the titles that contain the trimmed text,
 * case-insensitively, de-duplicated case-insensitively (and ignoring surrounding spaces; the first
 * spelling is kept), in the given order, at most `max` (default 8). Empty or blank text gives [].
 */
export function suggestTitles(titles: readonly string[], text: string, max = 8): string[] {
  const needle = text.trim().toLowerCase();
  const limit = Math.floor(max);
  if (needle === '' || !(limit > 0)) return [];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const title of titles) {
    const key = title.trim().toLowerCase();
    if (!key.includes(needle) || seen.has(key)) continue;
    seen.add(key);
    result.push(title);
    if (result.length >= limit) break;
  }
  return result;
}
