/**
 * PostgreSQL's full-text match (`tsvector @@ tsquery`) and `ts_rank` over the text forms
 * PostgreSQL prints, so the catalogue's search index can answer in the process what
 * `search_vector @@ websearch_to_tsquery('simple', …)` and `ts_rank(…)` answer in the database
 * (decision 0029). PostgreSQL still makes both texts (`to_tsvector`, `websearch_to_tsquery`):
 * its parser decides the words; this file only reads and evaluates them. A query it cannot
 * evaluate exactly (a prefix `:*`, weights, `&`/`|`/`!` inside a phrase) is refused with
 * `UnsupportedQuery`, and the caller asks PostgreSQL instead.
 */

/** A document: each lexeme with its positions (1-based, as PostgreSQL numbers words). */
export type TsVector = Map<string, number[]>;

export type TsQuery =
  | { kind: 'lexeme'; lexeme: string }
  | { kind: 'not'; arg: TsQuery }
  | { kind: 'and' | 'or'; left: TsQuery; right: TsQuery }
  | { kind: 'phrase'; distance: number; left: TsQuery; right: TsQuery };

export class UnsupportedQuery extends Error {}

/** Reads a quoted lexeme (`'it''s'`, backslash escapes) starting at `text[start] === "'"`. */
function readQuoted(text: string, start: number): { value: string; end: number } {
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      value += text[i + 1] ?? '';
      i += 2;
    } else if (c === "'") {
      if (text[i + 1] === "'") {
        value += "'";
        i += 2;
      } else {
        return { value, end: i + 1 };
      }
    } else {
      value += c;
      i++;
    }
  }
  throw new Error(`Unterminated lexeme in ${text}`);
}

/**
 * A tsvector's text form (`'henley':5 'kinetic':1,7`). Weight letters are read and ignored.
 * Written for speed (a store's index parses thousands at each rebuild).
 */
export function parseTsVector(text: string): TsVector {
  const vector: TsVector = new Map();
  const n = text.length;
  let i = 0;
  while (i < n) {
    // text[i] is the opening quote. PostgreSQL doubles a quote or a backslash inside.
    let close = text.indexOf("'", i + 1);
    while (text.charCodeAt(close + 1) === QUOTE) close = text.indexOf("'", close + 2);
    const raw = text.slice(i + 1, close);
    const lexeme = /'|\\/.test(raw) ? raw.replaceAll("''", "'").replaceAll('\\\\', '\\') : raw;
    i = close + 1;
    const positions: number[] = [];
    if (text.charCodeAt(i) === COLON) {
      let position = 0;
      for (i++; i < n; i++) {
        const c = text.charCodeAt(i);
        if (c >= ZERO && c <= NINE) position = position * 10 + (c - ZERO);
        else if (c === COMMA) {
          positions.push(position);
          position = 0;
        } else if (c === SPACE) break;
      }
      positions.push(position);
    }
    vector.set(lexeme, positions);
    i++;
  }
  return vector;
}

const QUOTE = 39;
const COLON = 58;
const COMMA = 44;
const SPACE = 32;
const ZERO = 48;
const NINE = 57;

/** A word of ASCII letters only, short enough that PostgreSQL's parser keeps it one token. */
const PLAIN_WORD = /^[A-Za-z]{1,64}$/;

/**
 * What `websearch_to_tsquery('simple', text)::text` prints, for a text of plain words only:
 * ASCII letters separated by blanks, none of them `or` (websearch's OR between two words). Its
 * parser reads each such word as one `asciiword` and the simple dictionary lowercases it, so
 * the query is the words ANDed in order (`'black' & 'hoodie'`). Anything else (digits, hyphens,
 * quotes, `-`, other letters) is null: PostgreSQL's parser decides those words (decision 0029).
 * Checked against PostgreSQL in text-search.test.ts.
 */
export function plainWebSearchQuery(text: string): string | null {
  const words = text.split(/[ \t]+/).filter(Boolean);
  if (words.length === 0) return null;
  for (const word of words) {
    if (!PLAIN_WORD.test(word) || word.toLowerCase() === 'or') return null;
  }
  return words.map((w) => `'${w.toLowerCase()}'`).join(' & ');
}

/** A tsquery's text form, as `websearch_to_tsquery(…)::text` prints it; '' is the empty query. */
export function parseTsQuery(text: string): TsQuery | null {
  let i = 0;
  const skip = () => {
    while (text[i] === ' ') i++;
  };
  const peek = () => {
    skip();
    return text[i];
  };
  const orExpr = (): TsQuery => {
    let left = andExpr();
    while (peek() === '|') {
      i++;
      left = { kind: 'or', left, right: andExpr() };
    }
    return left;
  };
  const andExpr = (): TsQuery => {
    let left = phraseExpr();
    while (peek() === '&') {
      i++;
      left = { kind: 'and', left, right: phraseExpr() };
    }
    return left;
  };
  const phraseExpr = (): TsQuery => {
    let left = notExpr();
    while (peek() === '<') {
      const close = text.indexOf('>', i);
      const inner = text.slice(i + 1, close);
      const distance = inner === '-' ? 1 : Number(inner);
      if (close < 0 || !Number.isInteger(distance)) throw new UnsupportedQuery(text);
      i = close + 1;
      left = { kind: 'phrase', distance, left, right: notExpr() };
    }
    return left;
  };
  const notExpr = (): TsQuery => {
    if (peek() === '!') {
      i++;
      return { kind: 'not', arg: notExpr() };
    }
    if (peek() === '(') {
      i++;
      const inner = orExpr();
      if (peek() !== ')') throw new UnsupportedQuery(text);
      i++;
      return inner;
    }
    if (peek() !== "'") throw new UnsupportedQuery(text);
    const { value, end } = readQuoted(text, i);
    i = end;
    // A prefix (`:*`) or weights (`:AB`) after the lexeme: not what websearch makes.
    if (text[i] === ':') throw new UnsupportedQuery(text);
    return { kind: 'lexeme', lexeme: value };
  };
  if (peek() === undefined) return null;
  const query = orExpr();
  if (peek() !== undefined) throw new UnsupportedQuery(text);
  checkPhrases(query, false);
  return query;
}

/** Phrases here hold only lexemes and phrases (what websearch makes of quotes and hyphens). */
function checkPhrases(query: TsQuery, inPhrase: boolean): void {
  switch (query.kind) {
    case 'lexeme':
      return;
    case 'phrase':
      checkPhrases(query.left, true);
      checkPhrases(query.right, true);
      return;
    case 'not':
      if (inPhrase) throw new UnsupportedQuery('negation inside a phrase');
      checkPhrases(query.arg, false);
      return;
    default:
      if (inPhrase) throw new UnsupportedQuery(`${query.kind} inside a phrase`);
      checkPhrases(query.left, false);
      checkPhrases(query.right, false);
  }
}

/**
 * Where a phrase (or a lexeme) ends in the document, and how many positions it spans before
 * that end (PostgreSQL's `TS_phrase_execute`: a lexeme spans 0; `a <N> b` spans a's + N + b's).
 */
function phraseEnds(query: TsQuery, doc: TsVector): { ends: number[]; width: number } {
  if (query.kind === 'lexeme') return { ends: doc.get(query.lexeme) ?? [], width: 0 };
  if (query.kind !== 'phrase') throw new UnsupportedQuery(query.kind);
  const left = phraseEnds(query.left, doc);
  const right = phraseEnds(query.right, doc);
  const leftEnds = new Set(left.ends);
  return {
    ends: right.ends.filter((end) => leftEnds.has(end - right.width - query.distance)),
    width: left.width + query.distance + right.width,
  };
}

/** `doc @@ query`; the empty query (null) matches nothing, as in PostgreSQL. */
export function matches(query: TsQuery | null, doc: TsVector): boolean {
  return query !== null && holds(query, doc);
}

function holds(query: TsQuery, doc: TsVector): boolean {
  switch (query.kind) {
    case 'lexeme':
      return doc.has(query.lexeme);
    case 'not':
      return !holds(query.arg, doc);
    case 'and':
      return holds(query.left, doc) && holds(query.right, doc);
    case 'or':
      return holds(query.left, doc) || holds(query.right, doc);
    case 'phrase':
      return phraseEnds(query, doc).ends.length > 0;
  }
}

/** The query's distinct lexemes, negated ones included (PostgreSQL's `SortAndUniqItems`). */
export function lexemesOf(query: TsQuery, into = new Set<string>()): Set<string> {
  if (query.kind === 'lexeme') into.add(query.lexeme);
  else if (query.kind === 'not') lexemesOf(query.arg, into);
  else {
    lexemesOf(query.left, into);
    lexemesOf(query.right, into);
  }
  return into;
}

/** Every lexeme of a `to_tsvector` without weights is weight D: 0.1 in `ts_rank`'s defaults. */
const WEIGHT_D = 0.1;
/** pi^2 / 6, the limit of sum(1/i^2). */
const PI2_6 = 1.64493406685;

const f32 = Math.fround;

function wordDistance(distance: number): number {
  if (distance > 100) return 1e-30;
  return f32(1.0 / (1.005 + 0.05 * Math.exp(f32(distance / 1.5 - 2))));
}

function rankOr(items: string[], doc: TsVector): number {
  let res = 0;
  for (const lexeme of items) {
    const positions = doc.get(lexeme);
    if (!positions) continue;
    let resj = 0;
    let wjm = -1;
    let jm = 0;
    // Without positions PostgreSQL counts one.
    const count = positions.length || 1;
    for (let j = 0; j < count; j++) {
      resj = f32(resj + f32(WEIGHT_D / ((j + 1) * (j + 1))));
      if (WEIGHT_D > wjm) {
        wjm = WEIGHT_D;
        jm = j;
      }
    }
    res = f32(res + f32((wjm + resj - wjm / ((jm + 1) * (jm + 1))) / PI2_6));
  }
  return items.length > 0 ? f32(res / items.length) : res;
}

function rankAnd(items: string[], doc: TsVector): number {
  if (items.length < 2) return rankOr(items, doc);
  let res = -1;
  const seen: number[][] = [];
  for (const lexeme of items) {
    const positions = doc.get(lexeme);
    if (!positions) continue;
    for (const earlier of seen) {
      for (const at of positions) {
        for (const other of earlier) {
          // Two words at one position count only without positions (never here).
          if (at === other) continue;
          const distance = Math.abs(at - other);
          const curw = f32(Math.sqrt(f32(WEIGHT_D * WEIGHT_D * wordDistance(distance))));
          res = res < 0 ? curw : f32(1.0 - f32((1.0 - res) * (1.0 - curw)));
        }
      }
    }
    seen.push(positions);
  }
  return res;
}

/**
 * `ts_rank(doc, query)` with the default weights and no normalisation: an AND or phrase query
 * ranks by how close its words stand, an OR query by how often they occur. Made once per query.
 */
export function ranker(query: TsQuery | null): (doc: TsVector) => number {
  if (!query) return () => 0;
  const items = [...lexemesOf(query)].sort();
  const and = query.kind === 'and' || query.kind === 'phrase';
  return (doc) => {
    const res = and ? rankAnd(items, doc) : rankOr(items, doc);
    return res < 0 ? 1e-20 : res;
  };
}
