import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@shop/db';
import {
  matches,
  parseTsQuery,
  parseTsVector,
  plainWebSearchQuery,
  ranker,
  UnsupportedQuery,
  type TsQuery,
  type TsVector,
} from './text-search.ts';

const rank = (query: TsQuery | null, doc: TsVector) => ranker(query)(doc);

const DOCUMENTS = [
  'Kinetic Retro Teal Henley t-shirts Soft cotton henley, teal dyed',
  'Glide Aggressive Skates inline-skates Aggressive skates for the park',
  'Glide Fitness Skates inline-skates Glide glide glide: smooth fitness skates',
  "O'Neil Classic T-Shirt t-shirts It's the classic crew tee",
  'Red Shirt t-shirts A shirt that is red',
  'Shirt Red t-shirts The red comes last here, red red',
  'Kids Adjustable Skates inline-skates Adjustable skates for kids, UK 9 to UK 12',
  'Summer Skating Course courses Eight weeks of skating, rs.499 a class',
  'Ümlaut Jacket hoodies Åbo edition',
  '',
];

const QUERIES = [
  'henley',
  'teal henley',
  'TEAL',
  'glide',
  'glide skates',
  'skates or helmet',
  'skates -kids',
  '-kids',
  '"red shirt"',
  '"shirt red"',
  'red shirt',
  't-shirt',
  "it's",
  "o'neil",
  'uk 9',
  'rs.499',
  'ümlaut åbo',
  '!!!',
  'adjustable kids skates',
  '"fitness skates" or henley',
  'skates -"aggressive skates"',
  'course',
];

describe('full-text search in the process, against PostgreSQL’s own', () => {
  let handle: DatabaseHandle;

  beforeAll(() => {
    handle = openDatabase({});
  });
  afterAll(async () => {
    await handle.close();
  });

  const cases = () =>
    DOCUMENTS.flatMap((document) => QUERIES.map((query) => ({ document, query })));

  it('matches and ranks every document for every query as @@ and ts_rank do', async () => {
    for (const { document, query } of cases()) {
      const vector = sql`to_tsvector('simple', ${document}::text)`;
      const tsquery = sql`websearch_to_tsquery('simple', ${query}::text)`;
      const [row] = await handle.db
        .select({
          vector: sql<string>`${vector}::text`,
          query: sql<string>`${tsquery}::text`,
          matched: sql<boolean>`${vector} @@ ${tsquery}`,
          rank: sql<number>`ts_rank(${vector}, ${tsquery})::float8`,
        })
        .from(sql`(SELECT 1) AS one`);
      if (!row) throw new Error('no row');
      const doc = parseTsVector(row.vector);
      const parsed = parseTsQuery(row.query);
      const context = `${query} in "${document}" (${row.query} / ${row.vector})`;
      expect(matches(parsed, doc), context).toBe(row.matched);
      if (row.matched) expect(rank(parsed, doc), context).toBeCloseTo(row.rank, 6);
    }
  });

  it("reads a text of plain words as PostgreSQL's web-search parser does, and leaves it the rest", async () => {
    const texts = [
      ...QUERIES,
      'Black Hoodie',
      ' black \t hoodie  ',
      'AbC dEf gh',
      'or',
      'OR black',
      'black or',
      'black Or white',
      'and not',
      'x y z w',
      'black black',
      'hoody',
      'x'.repeat(64),
      'x'.repeat(65),
      'tshirt2',
      'naïve',
      '',
      '   ',
    ];
    let plain = 0;
    for (const text of texts) {
      const [row] = await handle.db
        .select({ query: sql<string>`websearch_to_tsquery('simple', ${text}::text)::text` })
        .from(sql`(SELECT 1) AS one`);
      const own = plainWebSearchQuery(text);
      if (own !== null) {
        plain++;
        expect(own, text).toBe(row!.query);
      }
    }
    // The plain ones were read in the process; the others (digits, quotes, `or`...) are not.
    expect(plain).toBe(16);
    expect(plainWebSearchQuery('black or white')).toBeNull();
    expect(plainWebSearchQuery('t-shirt')).toBeNull();
  });

  it('ranks as PostgreSQL orders: nearer words and more occurrences first', () => {
    // "glide" once against four times.
    const glide = (text: string) => rank(parseTsQuery("'glide'"), parseTsVector(text));
    expect(glide("'glide':1,3,4,5")).toBeGreaterThan(glide("'glide':1"));
    const near = rank(parseTsQuery("'red' & 'shirt'"), parseTsVector("'red':1 'shirt':2"));
    const far = rank(parseTsQuery("'red' & 'shirt'"), parseTsVector("'red':1 'shirt':9"));
    expect(near).toBeGreaterThan(far);
  });

  it('reads quoted lexemes with doubled quotes and backslashes', () => {
    const doc = parseTsVector("'it''s':1 'a\\\\b':2A 'x':3,5B");
    expect([...doc.entries()]).toEqual([
      ["it's", [1]],
      ['a\\b', [2]],
      ['x', [3, 5]],
    ]);
    expect(matches(parseTsQuery("'it''s'"), doc)).toBe(true);
  });

  it('takes the empty query as matching nothing', () => {
    expect(parseTsQuery('')).toBeNull();
    expect(matches(null, parseTsVector("'a':1"))).toBe(false);
  });

  it.each(["'tee':*", "'tee':A", "!( 'a' <-> 'b' ) <-> 'c'", "( 'a' | 'b' ) <-> 'c'"])(
    'refuses %s, which PostgreSQL then answers',
    (text) => {
      expect(() => parseTsQuery(text)).toThrow(UnsupportedQuery);
    },
  );
});
