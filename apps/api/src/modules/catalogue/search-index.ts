import { COURSES_CATEGORY, type SortOption } from '@shop/domain';
import { matches, parseTsVector, rank, type TsQuery, type TsVector } from './text-search.ts';

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

export interface SearchFilter {
  /** Lower-cased. */
  category?: string | undefined;
  categorytype?: string | undefined;
  courses: 'include' | 'exclude' | 'only';
}

interface Doc extends Omit<SearchEntry, 'vector'> {
  titleLower: string;
  vector: TsVector;
}

/** Memoised searches per index (cleared with it when the catalogue changes). */
const MAX_MEMO = 500;

/**
 * A store's active products held in the process for search (decision 0029): a search is a scan
 * of a few thousand titles and word sets in memory instead of two index reads, a re-check of
 * every match and a rank in PostgreSQL (~30 ms each for a broad word at 10,000 products). It
 * answers what the SQL answered: title `ILIKE '%text%'` or `search_vector @@
 * websearch_to_tsquery('simple', text)`, in the listing's order (for "recommended": titles
 * starting with the text, then `ts_rank`, then the shop's order).
 */
export class SearchIndex {
  private readonly docs: Doc[];
  private readonly memo = new Map<string, Doc[]>();

  constructor(entries: SearchEntry[]) {
    this.docs = entries.map((e) => ({
      ...e,
      titleLower: e.title.toLowerCase(),
      vector: parseTsVector(e.vector),
    }));
  }

  get size(): number {
    return this.docs.length;
  }

  /** The ids of every match, in the sort's order; `query` is the text's parsed tsquery. */
  search(text: string, query: TsQuery | null, filter: SearchFilter, sort: SortOption): string[] {
    const key = JSON.stringify([text, filter.category, filter.categorytype, filter.courses, sort]);
    let found = this.memo.get(key);
    if (!found) {
      found = this.sorted(this.matching(text, query, filter), text, query, sort);
      if (this.memo.size >= MAX_MEMO) this.memo.delete(this.memo.keys().next().value!);
      this.memo.set(key, found);
    }
    return found.map((d) => d.id);
  }

  /** Titles containing the text, those starting with it first, then in the shop's order. */
  suggestionTitles(text: string, max: number): string[] {
    const needle = text.toLowerCase();
    const starting: Doc[] = [];
    const containing: Doc[] = [];
    for (const doc of this.docs) {
      const at = doc.titleLower.indexOf(needle);
      if (at === 0) starting.push(doc);
      else if (at > 0) containing.push(doc);
    }
    return [...starting.sort(byEntry), ...containing.sort(byEntry)]
      .slice(0, max)
      .map((d) => d.title);
  }

  private matching(text: string, query: TsQuery | null, filter: SearchFilter): Doc[] {
    const needle = text.toLowerCase();
    return this.docs.filter((doc) => {
      if (filter.category !== undefined && doc.categoryKey !== filter.category) return false;
      if (filter.categorytype !== undefined && !doc.categorytype.includes(filter.categorytype)) {
        return false;
      }
      const course = doc.categoryKey === COURSES_CATEGORY;
      if (filter.courses === 'exclude' && course) return false;
      if (filter.courses === 'only' && !course) return false;
      return doc.titleLower.includes(needle) || matches(query, doc.vector);
    });
  }

  private sorted(docs: Doc[], text: string, query: TsQuery | null, sort: SortOption): Doc[] {
    switch (sort) {
      case 'newest':
        return docs.sort((a, b) => b.createdAtMicros - a.createdAtMicros || byEntry(a, b));
      case 'popular':
        return docs.sort((a, b) => b.totalSold - a.totalSold || byEntry(a, b));
      case 'price_desc':
        return docs.sort((a, b) => b.sortPricePaise - a.sortPricePaise || byEntry(a, b));
      case 'price_asc':
        return docs.sort((a, b) => a.sortPricePaise - b.sortPricePaise || byEntry(a, b));
      case 'recommended': {
        const needle = text.toLowerCase();
        const keyed = docs.map((doc) => ({
          doc,
          prefix: doc.titleLower.startsWith(needle) ? 1 : 0,
          rank: rank(query, doc.vector),
        }));
        keyed.sort((a, b) => b.prefix - a.prefix || b.rank - a.rank || byEntry(a.doc, b.doc));
        return keyed.map((k) => k.doc);
      }
    }
  }
}

/** The shop's own order: position, then id (as PostgreSQL orders uuids: by their hex text). */
function byEntry(a: Doc, b: Doc): number {
  return a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
