import type { SortOption } from '@shop/domain';
import { LRUCache } from 'lru-cache';
import { kept } from '../../lib/kept.ts';
import { allowedDistance, Vocabulary, wordKey } from './close-words.ts';
import { passes, sortedAsListing, type SearchFilter } from './listing-order.ts';
import {
  lexemesOf,
  matches,
  parseTsVector,
  ranker,
  type TsQuery,
  type TsVector,
} from './text-search.ts';

/**
 * One searchable product as the index keeps it: an active product of an active category, with
 * what a search matches (title, the search vector) and what the listing sorts by.
 */
export interface SearchEntry {
  id: string;
  title: string;
  /** `lower(btrim(category))`, as the listing filters it. */
  categoryKey: string;
  categorytype: string[];
  /** `search_vector::text`. */
  vector: string;
  position: number;
  /** `created_at` in microseconds since the epoch (the order of `created_at DESC`). */
  createdAtMicros: number;
  totalSold: number;
  /** The sale price when there is one, else the list price (the price sorts' key). */
  sortPricePaise: number;
}

interface Doc extends Omit<SearchEntry, 'vector'> {
  titleLower: string;
  vector: TsVector;
}

/** The sorts whose order does not depend on the search text. */
type ListingSort = Exclude<SortOption, 'recommended'> | 'shop';

/** Entries whose vectors are read between two turns of the event loop while building. */
const BUILD_CHUNK = 500;
/** Memoised searches per index (cleared with it when the catalogue changes). */
const MAX_MEMO = 100;
const sameFilter = (a: SearchFilter, b: SearchFilter) =>
  a.category === b.category && a.categorytype === b.categorytype && a.courses === b.courses;

/** Listings kept (filter and sort combinations; a made-up tag or category keeps an empty one). */
const MAX_LISTINGS = 5000;
/** Joins the titles for one native substring search; a search text holding it is scanned. */
const TITLE_SEPARATOR = '\u0000';
/** The store's words one query word may stand for in a close search. */
const MAX_CLOSE_WORDS = 8;
/** A run-together word is split only into parts this long ("kneepads" → knee, pads). */
const MIN_SPLIT_PART = 3;

/** A search that found nothing, answered from the store's nearest words (decision 0037). */
export interface CloseSearch {
  /** The ids, in the sort's order; empty when the nearest words found nothing either. */
  ids: string[];
  /** The store's words searched in place of the text's. */
  terms: string[];
}

/**
 * A store's active products held in the process for search (decision 0029): a search is a scan
 * of a few thousand titles and word sets in memory instead of two index reads, a re-check of
 * every match and a rank in PostgreSQL (~30 ms each for a broad word at 10,000 products). It
 * answers what the SQL answered: title `ILIKE '%text%'` or `search_vector @@
 * websearch_to_tsquery('simple', text)`, in the listing's order (for "recommended": titles
 * starting with the text, then `ts_rank`, then the shop's order).
 */
export class SearchIndex {
  private readonly docs: Doc[] = [];
  /** Each lexeme's documents (indexes into `docs`, ascending). */
  private readonly postings = new Map<string, number[]>();
  /** Every lower-cased title, joined by a character no search text holds, and where each starts. */
  private titles = '';
  private readonly titleStarts: number[] = [];
  private readonly memo = new LRUCache<string, readonly string[]>({ max: MAX_MEMO });
  /** Each listing's documents without a search text, by filter and sort (see `listed`). */
  private readonly listings = new LRUCache<string, Uint32Array>({ max: MAX_LISTINGS });
  /**
   * Each listing sort's order of every document (indexes into `docs`), made at its first use:
   * a search then walks it once and keeps its matches, instead of sorting them.
   */
  private readonly orders = new Map<ListingSort, Uint32Array>();
  private readonly closeMemo = new LRUCache<string, { docs: Doc[]; terms: string[] }>({
    max: MAX_MEMO,
  });
  /** The store's words, read at the first search that finds nothing (never on the usual path). */
  private vocabulary: Vocabulary | undefined;

  /**
   * Builds the index a chunk of entries at a time (their vectors read, their words posted),
   * letting the event loop serve requests between chunks: 10,000 products at once would hold
   * it for ~150 ms.
   */
  static async build(entries: SearchEntry[]): Promise<SearchIndex> {
    const index = new SearchIndex([]);
    for (let start = 0; start < entries.length; start += BUILD_CHUNK) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      index.add(entries.slice(start, start + BUILD_CHUNK));
    }
    index.titles = index.docs.map((d) => d.titleLower).join(TITLE_SEPARATOR);
    return index;
  }

  constructor(entries: SearchEntry[]) {
    this.add(entries);
    this.titles = this.docs.map((d) => d.titleLower).join(TITLE_SEPARATOR);
  }

  /** Reads the entries' vectors and posts their words (the titles are joined after). */
  private add(entries: readonly SearchEntry[]) {
    let at =
      this.docs.length === 0
        ? 0
        : this.titleStarts.at(-1)! + this.docs.at(-1)!.titleLower.length + 1;
    for (const e of entries) {
      const i = this.docs.length;
      const doc: Doc = { ...e, titleLower: e.title.toLowerCase(), vector: parseTsVector(e.vector) };
      this.docs.push(doc);
      this.titleStarts.push(at);
      at += doc.titleLower.length + 1;
      for (const lexeme of doc.vector.keys()) {
        const list = this.postings.get(lexeme);
        if (list) list.push(i);
        else this.postings.set(lexeme, [i]);
      }
    }
  }

  get size(): number {
    return this.docs.length;
  }

  /** The ids of every match, in the sort's order; `query` is the text's parsed tsquery. */
  search(
    text: string,
    query: TsQuery | null,
    filter: SearchFilter,
    sort: SortOption,
  ): readonly string[] {
    const key = JSON.stringify([text, filter.category, filter.categorytype, filter.courses, sort]);
    return kept(this.memo, key, () =>
      this.matchingSorted(text, query, filter, sort).map((d) => d.id),
    );
  }

  /**
   * A page of a listing without a search text (its ids from `start`, at most `count`) and how
   * many documents the listing has, in the filter and the sort's order as PostgreSQL's listing
   * gives them (units sold as of the index's build).
   */
  listPage(
    filter: SearchFilter,
    sort: SortOption,
    start: number,
    count: number,
  ): { ids: string[]; total: number } {
    const listed = this.listed(filter, sort);
    const ids: string[] = [];
    for (let i = start; i < Math.min(listed.length, start + count); i++) {
      ids.push(this.docs[listed[i]!]!.id);
    }
    return { ids, total: listed.length };
  }

  /**
   * A listing's documents (indexes into `docs`), made once per filter and sort: a category's
   * from that category's own list in the sort's order (made once per category and sort), so
   * neither walks every document again. At 10,000 products every listing together holds a few
   * MB; apart from the search memo, so searches do not push listings out or the reverse.
   */
  private listed(filter: SearchFilter, sort: SortOption): Uint32Array {
    const key = JSON.stringify([filter.category, filter.categorytype, filter.courses, sort]);
    return kept(this.listings, key, () => {
      const all = this.order(sort === 'recommended' ? 'shop' : sort);
      const category = { category: filter.category, courses: 'include' } as const;
      const ordered =
        filter.category === undefined || sameFilter(filter, category)
          ? all
          : this.listed(category, sort);
      const passing: number[] = [];
      for (const i of ordered) if (passes(this.docs[i]!, filter)) passing.push(i);
      return Uint32Array.from(passing);
    });
  }

  /** Titles containing the text, those starting with it first, then in the shop's order. */
  suggestionTitles(text: string, max: number): string[] {
    const needle = text.toLowerCase();
    const hits = this.titleMatches(needle);
    // The shop's order walked until `max` titles start with the text: a short text is in
    // thousands of titles, and sorting them all to keep a few was a third of a suggestion's time.
    const starting: string[] = [];
    const containing: string[] = [];
    for (const i of this.order('shop')) {
      if (!hits[i]) continue;
      const doc = this.docs[i]!;
      if (doc.titleLower.startsWith(needle)) {
        starting.push(doc.title);
        if (starting.length === max) break;
      } else if (containing.length < max) containing.push(doc.title);
    }
    return [...starting, ...containing].slice(0, max);
  }

  /** Which titles contain the text (ILIKE '%text%'): one native search over all of them. */
  private titleMatches(needle: string): Uint8Array {
    const hits = new Uint8Array(this.docs.length);
    if (needle === '') return hits.fill(1);
    if (needle.includes(TITLE_SEPARATOR)) {
      this.docs.forEach((d, i) => (hits[i] = d.titleLower.includes(needle) ? 1 : 0));
      return hits;
    }
    let from = 0;
    for (;;) {
      const at = this.titles.indexOf(needle, from);
      if (at < 0) return hits;
      const i = this.docAt(at);
      hits[i] = 1;
      from = this.titleStarts[i + 1] ?? this.titles.length;
    }
  }

  /** The document whose title holds offset `at` of `titles`. */
  private docAt(at: number): number {
    let low = 0;
    let high = this.titleStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.titleStarts[mid]! <= at) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** Which documents match the query (`search_vector @@ query`), from the postings. */
  private vectorMatches(query: TsQuery): Uint8Array {
    const n = this.docs.length;
    const out = new Uint8Array(n);
    switch (query.kind) {
      case 'lexeme':
        for (const i of this.postings.get(query.lexeme) ?? []) out[i] = 1;
        return out;
      case 'not': {
        const arg = this.vectorMatches(query.arg);
        for (let i = 0; i < n; i++) out[i] = arg[i]! ^ 1;
        return out;
      }
      case 'and':
      case 'or': {
        const left = this.vectorMatches(query.left);
        const right = this.vectorMatches(query.right);
        for (let i = 0; i < n; i++) {
          out[i] = query.kind === 'and' ? left[i]! & right[i]! : left[i]! | right[i]!;
        }
        return out;
      }
      case 'phrase': {
        // Documents holding every word of the phrase, then the positions checked in each.
        const words = [...lexemesOf(query)].map((lexeme) => this.postings.get(lexeme) ?? []);
        const fewest = words.reduce((a, b) => (b.length < a.length ? b : a));
        for (const i of fewest) {
          if (matches(query, this.docs[i]!.vector)) out[i] = 1;
        }
        return out;
      }
    }
  }

  /**
   * The documents whose title holds the text or whose words match the query, in the filter, in
   * the sort's order: one walk of that sort's order (the shop's order for "recommended", whose
   * text-dependent keys are then sorted stably, so ties keep the shop's order).
   */
  private matchingSorted(
    text: string,
    query: TsQuery | null,
    filter: SearchFilter,
    sort: SortOption,
  ): Doc[] {
    const hits = this.titleMatches(text.toLowerCase());
    if (query) {
      const vector = this.vectorMatches(query);
      for (let i = 0; i < hits.length; i++) hits[i] = hits[i]! | vector[i]!;
    }
    const found: Doc[] = [];
    for (const i of this.order(sort === 'recommended' ? 'shop' : sort)) {
      if (!hits[i]) continue;
      const doc = this.docs[i]!;
      if (passes(doc, filter)) found.push(doc);
    }
    return sort === 'recommended' ? byRelevance(found, text, query) : found;
  }

  /** Every document in a listing sort's order (made once per index and sort). */
  private order(sort: ListingSort): Uint32Array {
    let order = this.orders.get(sort);
    if (!order) {
      const docs = [...this.docs];
      const index = new Map(docs.map((d, i) => [d, i]));
      sortedAsListing(docs, sort === 'shop' ? 'recommended' : sort);
      order = Uint32Array.from(docs, (d) => index.get(d)!);
      this.orders.set(sort, order);
    }
    return order;
  }

  /**
   * A search whose own words found nothing, again with each word the store does not have
   * replaced by the store's closest words (same key, else the fewest edits allowed; then, if
   * that still finds nothing, every word within the edits allowed), and a run-together word split
   * in two ("kneepads"). Several words run apart ("hood ie") are tried joined last.
   */
  closeSearch(text: string, query: TsQuery, filter: SearchFilter, sort: SortOption): CloseSearch {
    const key = JSON.stringify([text, filter.category, filter.categorytype, filter.courses, sort]);
    const found = kept(this.closeMemo, key, () => this.closeMatches(text, query, filter, sort));
    return { ids: found.docs.map((d) => d.id), terms: found.terms };
  }

  /**
   * The store's words nearest the text's unknown ones, to offer when nothing was found: words of
   * titles and categories only (not every word of a description), closest first.
   */
  nearestWords(query: TsQuery, max: number): string[] {
    const words = this.words();
    const asked = lexemesOf(query);
    const best = new Map<string, number>();
    for (const lexeme of asked) {
      if (this.postings.has(lexeme)) continue;
      const reach = Math.max(2, Math.floor(wordKey(lexeme).length / 2));
      for (const near of words.near(lexeme, reach, true)) {
        if (asked.has(near.lexeme)) continue;
        best.set(near.lexeme, Math.min(best.get(near.lexeme) ?? Infinity, near.distance));
      }
    }
    return [...best]
      .sort((a, b) => a[1] - b[1])
      .slice(0, max)
      .map(([word]) => word);
  }

  private words(): Vocabulary {
    if (!this.vocabulary) {
      const shown = new Set<string>();
      for (const doc of this.docs) {
        const text = `${doc.titleLower} ${doc.categoryKey}`;
        for (const word of text.split(/[^\p{L}\p{N}]+/u)) shown.add(word);
        for (const word of text.split(/[^\p{L}\p{N}-]+/u)) shown.add(word);
      }
      this.vocabulary = new Vocabulary(this.postings, shown);
    }
    return this.vocabulary;
  }

  private closeMatches(
    text: string,
    query: TsQuery,
    filter: SearchFilter,
    sort: SortOption,
  ): { docs: Doc[]; terms: string[] } {
    const attempts: (() => { query: TsQuery; terms: string[] } | undefined)[] = [
      () => this.closeQuery(query, false),
      () => this.closeQuery(query, true),
      () => this.joinedQuery(query),
    ];
    for (const attempt of attempts) {
      const close = attempt();
      if (!close || close.terms.length === 0) continue;
      const hits = this.vectorMatches(close.query);
      const docs = this.docs.filter((doc, i) => hits[i] && passes(doc, filter));
      if (docs.length > 0) {
        return { docs: sortedBy(docs, text, close.query, sort), terms: close.terms };
      }
    }
    return { docs: [], terms: [] };
  }

  /** The query with each word the store does not have replaced by its close words. */
  private closeQuery(query: TsQuery, wide: boolean): { query: TsQuery; terms: string[] } {
    const terms = new Set<string>();
    const rewrite = (q: TsQuery): TsQuery => {
      switch (q.kind) {
        case 'lexeme': {
          if (this.postings.has(q.lexeme)) return q;
          const close = this.closeWords(q.lexeme, wide);
          if (!close) return q;
          for (const t of close.terms) terms.add(t);
          return close.query;
        }
        case 'not':
          return q;
        case 'and':
        case 'or':
          return { kind: q.kind, left: rewrite(q.left), right: rewrite(q.right) };
        case 'phrase':
          // Forgiving: the words anywhere, not only side by side ("t-shirt" is a phrase).
          return { kind: 'and', left: rewrite(q.left), right: rewrite(q.right) };
      }
    };
    const rewritten = rewrite(query);
    return { query: rewritten, terms: [...terms] };
  }

  /** The store's words one unknown word may stand for, as a query. */
  private closeWords(
    lexeme: string,
    wide: boolean,
  ): { query: TsQuery; terms: string[] } | undefined {
    const words = this.words();
    const key = wordKey(lexeme);
    const near = words.near(lexeme, allowedDistance(key));
    if (near.length > 0) {
      const closest = wide ? near : near.filter((n) => n.distance === near[0]!.distance);
      const terms = closest.slice(0, MAX_CLOSE_WORDS).map((n) => n.lexeme);
      return { query: anyOf(terms), terms };
    }
    for (let at = MIN_SPLIT_PART; at <= key.length - MIN_SPLIT_PART; at++) {
      const [head, tail] = [key.slice(0, at), key.slice(at)];
      if (!words.hasKey(head) || !words.hasKey(tail)) continue;
      const [left, right] = [words.ofKey(head), words.ofKey(tail)];
      return {
        query: { kind: 'and', left: anyOf(left), right: anyOf(right) },
        terms: [...left, ...right],
      };
    }
    return undefined;
  }

  /** Several plain words tried as one ("hood ie" → hoodie). */
  private joinedQuery(query: TsQuery): { query: TsQuery; terms: string[] } | undefined {
    const plain = (q: TsQuery): boolean =>
      q.kind === 'lexeme' || (q.kind !== 'not' && plain(q.left) && plain(q.right));
    const lexemes = [...lexemesOf(query)];
    if (lexemes.length < 2 || !plain(query)) return undefined;
    const joined = lexemes.join('');
    if (this.postings.has(joined))
      return { query: { kind: 'lexeme', lexeme: joined }, terms: [joined] };
    return this.closeWords(joined, false);
  }
}

/** Documents in the sort's order (sorted in place; for the few a close search finds). */
function sortedBy(docs: Doc[], text: string, query: TsQuery | null, sort: SortOption): Doc[] {
  return sort === 'recommended'
    ? byRelevance(sortedAsListing(docs, 'recommended'), text, query)
    : sortedAsListing(docs, sort);
}

/**
 * Documents given in the shop's order, as "recommended" lists a search: titles starting with the
 * text first, then by rank (`ts_rank`), then the shop's order (kept: the sort is stable).
 */
function byRelevance(docs: readonly Doc[], text: string, query: TsQuery | null): Doc[] {
  const needle = text.toLowerCase();
  const rank = ranker(query);
  const keyed = docs.map((doc) => ({
    doc,
    prefix: doc.titleLower.startsWith(needle) ? 1 : 0,
    rank: rank(doc.vector),
  }));
  keyed.sort((a, b) => b.prefix - a.prefix || b.rank - a.rank);
  return keyed.map((k) => k.doc);
}

/** A query matching any of the words. */
function anyOf(words: readonly string[]): TsQuery {
  return words
    .map((lexeme): TsQuery => ({ kind: 'lexeme', lexeme }))
    .reduce((left, right) => ({ kind: 'or', left, right }));
}
