/**
 * Reads a list field that may arrive as a list or as JSON text (catalogue-and-cart §3: gallery,
 * key_features, specifications, variation, attribute, grouped_product). An array is returned as
 * is (same reference); a string is parsed and returned when it holds a JSON array; anything else
 * (invalid JSON, a JSON object or scalar, a number, null, undefined) gives an empty list.
 * The elements are not checked: `T` is the caller's claim.
 */
export function parseJsonList<T = unknown>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  if (typeof value !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}
