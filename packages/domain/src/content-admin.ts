/**
 * Rules of the admin's content: slugs of content pages, the page meta's
 * script addresses and a reorder list. Pure; the API's contracts and the admin screens use them.
 */

/** A content page's path without its slash: lower-case words joined by single dashes. */
export const CONTENT_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Why `slug` cannot name a content page, or null when it can. */
export function contentSlugProblem(slug: string): string | null {
  if (slug.length === 0) return 'Enter the page address.';
  if (slug.length > 80) return 'At most 80 characters.';
  if (!CONTENT_SLUG_PATTERN.test(slug)) {
    return 'Lower-case letters and digits, words joined by single dashes (e.g. "careers").';
  }
  return null;
}

/**
 * Why `src` cannot be a script of the storefront's head, or null when it can: an https address
 * of another host, no credentials in it. (Inline code is never accepted: only the owner may set
 * these, and only as addresses.)
 */
export function pageScriptProblem(src: string): string | null {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return 'Enter a full https:// address.';
  }
  if (url.protocol !== 'https:') return 'A script address must start with https://.';
  if (url.username || url.password) return 'A script address cannot carry a user or password.';
  return null;
}

/**
 * Why `ordered` is not a reordering of `current` (every id once, no other), or null when it is.
 */
export function reorderProblem(
  current: readonly string[],
  ordered: readonly string[],
): string | null {
  const seen = new Set<string>();
  for (const id of ordered) {
    if (seen.has(id)) return `The id ${id} is listed twice.`;
    seen.add(id);
  }
  const known = new Set(current);
  const stranger = ordered.find((id) => !known.has(id));
  if (stranger !== undefined) return `No such item in your store: ${stranger}.`;
  if (ordered.length !== current.length) {
    return `List every item once: ${String(current.length)} expected, ${String(ordered.length)} given.`;
  }
  return null;
}
