/**
 * The forgiving half of search (decision 0037): when a search's own words find
 * nothing, the store's nearest words are searched instead. Two words are close when their keys
 * (lower case, without hyphens or apostrophes, plural folded to singular) are equal — "tshirt" and
 * "t-shirts", "hoody", "hoodie" and "hoodies" — or a few typing slips apart (edit distance with
 * transpositions: "helmt", "hodie").
 */

/** The word a plural folds to: "hoodies" → "hoody", "boxes" → "box", "shoes" → "shoe". */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:s|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** A word's key: its close spellings share it. "T-Shirts" → "tshirt"; "hoodie" → "hoody". */
export function wordKey(word: string): string {
  const key = singular(word.toLowerCase().replace(/[-'’]/g, ''));
  // "hoodie" and "hoody" are one word ("hoodies" already folded to "hoody").
  return key.length > 4 && key.endsWith('ie') ? `${key.slice(0, -2)}y` : key;
}

/** The edit distance a word of this key's length may be from a store's word and still match. */
export function allowedDistance(key: string): number {
  const n = [...key].length;
  return n < 3 ? 0 : n < 5 ? 1 : 2;
}

/**
 * Edit distance with adjacent transpositions (optimal string alignment), or `max + 1` as soon as
 * it is known to exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, before[j - 2]! + 1);
      }
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

interface Word {
  lexeme: string;
  key: string;
  /** How many products hold it. */
  products: number;
  /** It is a word of a title or a category (not only of a description): worth offering. */
  shown: boolean;
}

/** The store's words, read once (lazily: only a search that finds nothing needs them). */
export class Vocabulary {
  private readonly byKey = new Map<string, Word[]>();
  private readonly byLength = new Map<number, Word[]>();

  constructor(postings: ReadonlyMap<string, readonly number[]>, shownWords: ReadonlySet<string>) {
    for (const [lexeme, docs] of postings) {
      const key = wordKey(lexeme);
      if (key === '') continue;
      const word = { lexeme, key, products: docs.length, shown: shownWords.has(lexeme) };
      const same = this.byKey.get(key);
      if (same) same.push(word);
      else this.byKey.set(key, [word]);
      const length = key.length;
      const bucket = this.byLength.get(length);
      if (bucket) bucket.push(word);
      else this.byLength.set(length, [word]);
    }
  }

  /** The store's words with the same key as `lexeme`. */
  sameKey(lexeme: string): string[] {
    return (this.byKey.get(wordKey(lexeme)) ?? []).map((w) => w.lexeme);
  }

  /** Whether some store word has this key (for splitting a run-together word). */
  hasKey(key: string): boolean {
    return this.byKey.has(key);
  }

  /** The store's words of a key. */
  ofKey(key: string): string[] {
    return (this.byKey.get(key) ?? []).map((w) => w.lexeme);
  }

  /**
   * The store's words within `max` edits of the lexeme's key, closest first (ties: the word in
   * more products first), each with its distance.
   */
  near(lexeme: string, max: number, onlyShown = false): { lexeme: string; distance: number }[] {
    const key = wordKey(lexeme);
    const found: { word: Word; distance: number }[] = [];
    for (let length = key.length - max; length <= key.length + max; length++) {
      for (const word of this.byLength.get(length) ?? []) {
        if (onlyShown && !word.shown) continue;
        const distance = editDistance(key, word.key, max);
        if (distance <= max) found.push({ word, distance });
      }
    }
    found.sort(
      (a, b) =>
        a.distance - b.distance ||
        b.word.products - a.word.products ||
        (a.word.lexeme < b.word.lexeme ? -1 : 1),
    );
    return found.map((f) => ({ lexeme: f.word.lexeme, distance: f.distance }));
  }
}
