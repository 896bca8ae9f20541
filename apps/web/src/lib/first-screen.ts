/**
 * The server sends a page's first-screen API answers inside its HTML, as a JSON block keyed by
 * path under /api (apps/api/src/modules/catalogue/catalogue-first-screen.ts), so the first
 * render needs no API round trip. Query hooks take their initial data from here.
 */
const ELEMENT_ID = 'first-screen-data';

let answers: Map<string, unknown> | undefined;
let loadedAt = 0;

/** One key per request, whatever the order of its query parameters. */
function canonical(path: string): string {
  const [pathname = '', query = ''] = path.split('?', 2);
  const params = new URLSearchParams(query);
  params.sort();
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

function load(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  loadedAt = Date.now();
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return answers;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    for (const [path, answer] of Object.entries(parsed)) answers.set(canonical(path), answer);
  } catch {
    // A damaged block only costs the shortcut: the hooks fetch as usual.
  }
  return answers;
}

/**
 * The answer the page came with for a GET of `path` (under /api), handed out once: later reads
 * of the same path go to the API.
 */
export function takeFirstScreenAnswer<T>(path: string): T | undefined {
  const all = load();
  const key = canonical(path);
  const answer = all.get(key);
  all.delete(key);
  return answer as T | undefined;
}

/** When the answers were read; they are as fresh as the page. */
export function firstScreenLoadedAt(): number {
  load();
  return loadedAt;
}
