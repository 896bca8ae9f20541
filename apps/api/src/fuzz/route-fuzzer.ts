import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance, InjectOptions } from 'fastify';
import fc from 'fast-check';
import type { z } from 'zod';
import { findNulCharacter } from '../plugins/input-guard.ts';
import {
  hostileArbitrary,
  hostileString,
  validArbitrary,
  type JsonSchema,
} from './schema-arbitraries.ts';

/** One operation of the OpenAPI document, with the zod schemas its route validates with. */
export interface FuzzRoute {
  method: string;
  /** The OpenAPI path, e.g. /api/cart/{userId}. */
  path: string;
  secured: boolean;
  /** Status codes the operation documents. */
  documented: Set<number>;
  pathParams: Record<string, JsonSchema>;
  queryParams: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
  zod: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
}

interface OpenApiParameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
  security?: unknown[];
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** The zod schemas of a route, as Fastify holds them (captured while the document is built). */
export type ZodSchemas = Map<string, FuzzRoute['zod']>;
export const routeKey = (method: string, fastifyUrl: string) =>
  `${method.toUpperCase()} ${fastifyUrl}`;

/** Every operation of the document: later modules are fuzzed without edits here. */
export function routesOf(doc: OpenApiDocument, schemas: ZodSchemas): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const fastifyUrl = path.replace(/\{([^}]+)\}/g, ':$1');
      const params = (where: string) =>
        Object.fromEntries(
          (op.parameters ?? []).filter((p) => p.in === where).map((p) => [p.name, p.schema ?? {}]),
        );
      routes.push({
        method: method.toUpperCase(),
        path,
        secured: (op.security?.length ?? 0) > 0,
        documented: new Set(Object.keys(op.responses ?? {}).map(Number)),
        pathParams: params('path'),
        queryParams: params('query'),
        body: op.requestBody?.content?.['application/json']?.schema,
        zod: schemas.get(routeKey(method, fastifyUrl)) ?? {},
      });
    }
  }
  return routes;
}

/**
 * Real identifiers of the test database, by the field names that carry them; `together` lists
 * values that only make sense as a set (a product id with one of its skus).
 */
export interface KnownValues {
  fields: Record<string, string[]>;
  together: Record<string, string>[];
}

/** A generated request and what the route's own schemas say about it. */
interface FuzzCase {
  /** What fast-check prints for a failing case. */
  [fc.toStringMethod]: () => string;
  inject: InjectOptions;
  signedIn: boolean;
  /** null: the request is malformed below JSON/URL level, so only "no 5xx, no leak" applies. */
  verdict: null | { valid: true } | { valid: false; namesField: boolean };
  describe: string;
}

const LEAKS = [
  /\n\s+at\s/,
  /\bat\s[^\s]+\s\(?[^\s]*\.(ts|js|mjs):\d+/,
  /node_modules/,
  /\bsyntax error\b/i,
  /\bviolates\b/i,
  /\bselect\b[^"]{0,200}\bfrom\b/i,
  /\binsert into\b/i,
  /\bdelete from\b/i,
  /\bupdate\s+"?\w+"?\s+set\b/i,
  /invalid input syntax/i,
  /invalid byte sequence/i,
  /out of range for type/i,
  /duplicate key/i,
  /\bSQLSTATE\b/,
  /\bpglite\b/i,
  /\bdrizzle\b/i,
  /Failed query/i,
];
/** Stack traces can never appear, not even in a 2xx body. */
const STACK = LEAKS.slice(0, 3);

/** Bytes that are not UTF-8: an overlong, a lone continuation, an encoded surrogate. */
const BAD_UTF8 = [
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0x80]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xff, 0xfe]),
];
/** Raw path or query text that is not a valid percent-encoding or not UTF-8. */
const RAW_URL_PARTS = ['%', '%zz', '%ff', '%c3%28', '%ed%a0%80', '%00', '..', '.', '%2e%2e', ''];

const isWellFormed = (s: string) => {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};

/** The server's one rule above the route schemas: no NUL in any text (input-guard.ts). */
function judgeText(value: unknown) {
  const field = findNulCharacter(value);
  return field === null ? null : { namesField: field !== '' };
}

/** How a route's zod schema judges an input; null when it passes. */
function judge(schema: z.ZodType | undefined, value: unknown) {
  if (!schema) return null;
  const result = schema.safeParse(value);
  return result.success ? null : { namesField: (result.error.issues[0]?.path.length ?? 0) > 0 };
}

/** Replaces generated identifiers with real ones, at any depth, keeping sets together. */
function substitute(
  value: unknown,
  known: KnownValues,
  pick: (n: number) => number,
  depth = 0,
): unknown {
  // Identifiers sit near the top; deep nesting is hostile input, left as generated.
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => substitute(v, known, pick, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const pool = known.fields[key];
    out[key] =
      pool?.length && typeof v === 'string'
        ? pool[pick(pool.length)]
        : substitute(v, known, pick, depth + 1);
  }
  const sets = known.together.filter((set) =>
    Object.keys(set).every((k) => typeof out[k] === 'string'),
  );
  if (sets.length > 0) Object.assign(out, sets[pick(sets.length)]);
  return out;
}

interface CaseOptions {
  known: KnownValues;
  tokens: { token: string };
  /** Only valid values, with every known field set to a real value (signed in). */
  realistic?: boolean;
}

/** Requests for one route: valid and hostile params, query, body and credentials. */
export function caseArbitrary(route: FuzzRoute, o: CaseOptions): fc.Arbitrary<FuzzCase> {
  const value = (s: JsonSchema, field: string) =>
    o.realistic ? validArbitrary(s, field) : hostileArbitrary(s, field);
  const record = (props: Record<string, JsonSchema>, required: boolean) =>
    fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, value(s, k)])), {
      requiredKeys: required ? Object.keys(props) : [],
    }) as fc.Arbitrary<Record<string, unknown>>;

  const segment = o.realistic
    ? fc.constant(null)
    : fc.oneof(
        { weight: 8, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PARTS) },
      );
  const bodyShape = fc.oneof(
    { weight: 12, arbitrary: fc.constant('json' as const) },
    { weight: 1, arbitrary: fc.constant('bad-utf8' as const) },
    { weight: 1, arbitrary: fc.constant('bad-json' as const) },
    { weight: 1, arbitrary: fc.constant('wrong-type' as const) },
    { weight: 1, arbitrary: fc.constant('none' as const) },
  );
  const auth = o.realistic
    ? fc.constant('user' as const)
    : fc.oneof(
        { weight: 8, arbitrary: fc.constant('user' as const) },
        { weight: 2, arbitrary: fc.constant('none' as const) },
        { weight: 1, arbitrary: hostileString.map((s) => `junk:${s}`) },
      );

  return fc
    .record({
      params: record(route.pathParams, true),
      rawSegments: fc.array(segment, {
        minLength: Object.keys(route.pathParams).length,
        maxLength: Object.keys(route.pathParams).length,
      }),
      query: record(route.queryParams, false),
      rawQuery: o.realistic
        ? fc.constant(null)
        : fc.option(fc.constantFrom(...RAW_URL_PARTS.map((p) => `${p}=${p}`), 'a[b]=1&a=2')),
      body: route.body ? value(route.body, 'body') : fc.constant(undefined),
      bodyShape: route.body && !o.realistic ? bodyShape : fc.constant('json' as const),
      auth,
      substituteSeed: fc.nat(),
      // Mostly real identifiers, so calls get past 403/404 to the code behind them.
      substitute: o.realistic
        ? fc.constant(true)
        : fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
    })
    .map((g): FuzzCase => {
      let n = g.substituteSeed;
      const pick = (len: number) => n++ % len;
      const signedIn = g.auth === 'user';
      const swap = signedIn && g.substitute;
      const params = swap
        ? (substitute(g.params, o.known, pick) as Record<string, unknown>)
        : g.params;
      const body = swap ? substitute(g.body, o.known, pick) : g.body;
      // The query too (a store's public read names it by `store_id`).
      const query = swap
        ? (substitute(g.query, o.known, pick) as Record<string, unknown>)
        : g.query;

      let judgeable = true;
      let url = route.path;
      const decodedParams: Record<string, string> = {};
      Object.keys(route.pathParams).forEach((name, i) => {
        const raw = g.rawSegments[i];
        const text = String(params[name]);
        let segmentText: string;
        if (raw != null || !isWellFormed(text) || text === '' || text === '.' || text === '..') {
          segmentText = raw ?? '%ed%a0%80';
          judgeable = false;
        } else {
          segmentText = encodeURIComponent(text);
          decodedParams[name] = text;
        }
        url = url.replace(`{${name}}`, segmentText);
      });

      const queryParts: string[] = [];
      for (const [k, v] of Object.entries(query)) {
        const values = Array.isArray(v) ? v : [v];
        for (const item of values) {
          const text = typeof item === 'object' ? JSON.stringify(item) : String(item);
          if (isWellFormed(text)) queryParts.push(`${k}=${encodeURIComponent(text)}`);
          else {
            queryParts.push(`${k}=%ed%a0%80`);
            judgeable = false;
          }
        }
      }
      if (g.rawQuery) {
        queryParts.push(g.rawQuery);
        judgeable = false;
      }
      const queryString = queryParts.join('&');
      if (queryString) url += `?${queryString}`;

      const headers: Record<string, string> = {};
      if (g.auth === 'user') headers.authorization = `Bearer ${o.tokens.token}`;
      else if (g.auth !== 'none') {
        const junk = g.auth.slice('junk:'.length);
        if (isWellFormed(junk) && !/[^\t\x20-\x7e\x80-\xff]/.test(junk)) {
          headers.authorization = `Bearer ${junk}`;
        }
      }

      let payload: string | Buffer | undefined;
      let bodyText: string | undefined;
      if (route.body || g.bodyShape !== 'json') {
        bodyText = JSON.stringify(body ?? null);
        switch (g.bodyShape) {
          case 'json':
            payload = bodyText;
            headers['content-type'] = 'application/json';
            if (/"(__proto__|constructor)"\s*:/.test(bodyText)) judgeable = false;
            break;
          case 'bad-utf8': {
            const cut = Math.max(1, bodyText.length >> 1);
            payload = Buffer.concat([
              Buffer.from(bodyText.slice(0, cut)),
              BAD_UTF8[bodyText.length % BAD_UTF8.length]!,
              Buffer.from(bodyText.slice(cut)),
            ]);
            headers['content-type'] = 'application/json';
            judgeable = false;
            break;
          }
          case 'bad-json':
            payload = `${bodyText.slice(0, -1)},}`;
            headers['content-type'] = 'application/json';
            judgeable = false;
            break;
          case 'wrong-type':
            payload = bodyText;
            headers['content-type'] = 'text/plain';
            judgeable = false;
            break;
          case 'none':
            judgeable = false;
            break;
        }
      }

      let verdict: FuzzCase['verdict'] = null;
      if (judgeable) {
        const parsedBody: unknown = bodyText === undefined ? undefined : JSON.parse(bodyText);
        // Fastify validates params, then body, then querystring; the first failure answers.
        const query = { ...parseQuery(queryString) };
        const failure =
          judgeText(decodedParams) ??
          judgeText(query) ??
          (route.body ? judgeText(parsedBody) : null) ??
          judge(route.zod.params, decodedParams) ??
          (route.body ? judge(route.zod.body, parsedBody) : null) ??
          judge(route.zod.querystring, query);
        verdict = failure ? { valid: false, namesField: failure.namesField } : { valid: true };
      }

      const describe = `${route.method} ${url.slice(0, 400)} ${signedIn ? '(signed in)' : '(anonymous)'} body=${
        typeof payload === 'string' ? payload.slice(0, 400) : String(payload?.length ?? '-')
      }`;
      return {
        // What fast-check prints for a failing case: short, whatever the size of the input.
        [fc.toStringMethod]: () => describe,
        inject: {
          method: route.method,
          url,
          headers,
          ...(payload !== undefined && { payload }),
          // A fresh address per request: per-IP limits would otherwise answer most cases.
          remoteAddress: `2001:db8:f::${(g.substituteSeed % 0xffff).toString(16)}:${(n % 0xffff).toString(16)}`,
        },
        signedIn,
        verdict,
        describe,
      };
    });
}

/**
 * Fields that name the caller or its store: a route with one in its path or body serves only
 * that user or store, so a value learnt from an answer (an admin list names other customers'
 * `user_id`s) would make a valid read a rightful 403. They keep the values the test set.
 */
export const CALLER_FIELDS = new Set(['user_id', 'userId', 'main_id', 'storeId', 'store_id']);

/**
 * Keeps the ids a successful answer names (`id`, `*_id`, `*Id` fields, near the top), so later
 * cases can name records the fuzz created: an address it added, an order it placed.
 */
function learnIdentifiers(body: string, known: KnownValues) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return;
  }
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || value === null || typeof value !== 'object') return;
    for (const [key, v] of Object.entries(value)) {
      if (CALLER_FIELDS.has(key)) continue;
      if (typeof v === 'string' && /^(id|.+_id|.+Id)$/.test(key) && v.length <= 100) {
        const pool = (known.fields[key] ??= []);
        if (!pool.includes(v)) pool.push(v);
        if (pool.length > 50) pool.shift();
      } else visit(v, depth + 1);
    }
  };
  visit(parsed, 0);
}

/** Checks one answer; throws with the request and answer when it breaks a rule. */
export async function checkCase(
  app: FastifyInstance,
  route: FuzzRoute,
  c: FuzzCase,
  o: { known: KnownValues; realistic?: boolean },
) {
  const res = await app.inject(c.inject);
  const status = res.statusCode;
  const body = res.body;
  if (status >= 200 && status < 300) learnIdentifiers(body, o.known);
  const fail = (rule: string): never => {
    throw new Error(`${rule}\n  request: ${c.describe}\n  answer: ${status} ${body.slice(0, 400)}`);
  };
  if (status >= 500) fail('5xx');
  for (const pattern of status >= 400 ? LEAKS : STACK) {
    if (pattern.test(body)) fail(`leak (${pattern.source})`);
  }
  if (status >= 400) {
    let parsed: { isError?: unknown; msg?: unknown; field?: unknown } = {};
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      fail('error answer is not JSON');
    }
    if (parsed.isError !== true || typeof parsed.msg !== 'string') fail('error answer shape');
    if (c.verdict && !c.verdict.valid && status === 400 && c.verdict.namesField) {
      if (typeof parsed.field !== 'string') fail('400 for an invalid field does not name it');
    }
  }
  const verdict = c.verdict;
  // A URL longer than the router takes (a long path parameter) is refused before any schema.
  if (!verdict || status === 414) return status;
  if (route.secured && !c.signedIn) {
    if (status !== 401) fail('anonymous call of a secured route is not 401');
    return status;
  }
  if (!verdict.valid) {
    if (status !== 400) fail('input its schema refuses is not answered 400');
    return status;
  }
  if (!route.documented.has(status) && !(status >= 200 && status < 300)) {
    fail('valid input got an undocumented status');
  }
  if (o.realistic && !(status >= 200 && status < 300)) {
    fail('valid input naming real records did not succeed');
  }
  return status;
}
