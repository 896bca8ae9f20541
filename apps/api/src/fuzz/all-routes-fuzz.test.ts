/**
 * Fuzz test of every route of the API, found in the OpenAPI document the server builds (a
 * module added later is fuzzed without edits here).
 *
 * For each route, fast-check generates requests from the document's parameter and body schemas:
 * valid values, values with one hostile part (NUL and other control characters, lone
 * surrogates, 10k-character strings, ±2^31, 2^53, 1e300, deep nesting, wrong types, missing and
 * extra keys, prototype keys), raw bytes that are not UTF-8, malformed JSON and percent-encoding,
 * and no, junk or a real user's credentials. Identifiers are mostly real ones (the user's id,
 * the store, product id + sku pairs, ids that earlier answers returned), so calls get past
 * 403/404 to the code behind them.
 *
 * Rules for every answer: never 5xx; no stack trace (any answer) or SQL / driver text (error
 * answers); errors in the one error shape. The route's own zod schemas (captured below) and the
 * NUL rule decide whether an input is valid:
 * - anonymous call of a route with `security` -> 401;
 * - refused input -> 400, naming the field when the refused part is a field;
 * - valid input -> 2xx or a 4xx the route documents in the OpenAPI document (a valid-looking id
 *   may name nothing, or something of another user: 403/404; a code may be wrong: 400/401; a
 *   limit may be reached: 429). Form is the schema's job; meaning may still be refused.
 * - valid reads (GET) naming only real records, signed in -> 2xx.
 * Inputs the oracle cannot judge (bad bytes, bad encodings, a URL the router refuses as too
 * long) are held to the first rules only.
 *
 * CI: fixed seed, CI_RUNS cases per route and database. `npm run fuzz`: random seed,
 * FUZZ_MINUTES (or FUZZ_RUNS); a failure prints { seed, path } (FUZZ_SEED=<seed> reruns it).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import type * as TypeProvider from 'fastify-type-provider-zod';
import { addresses, CONTENT_PAGE_SLUGS, pincodes, products, users, variations } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import type { TokenPair } from '@shop/contracts';
import { capturingEmail, client, MAIN, registerUser } from '../test-support/accounts.ts';
import { checkoutUser, lineOf, simpleProducts } from '../test-support/checkout.ts';
import { adminSession } from '../test-support/staff.ts';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import {
  CALLER_FIELDS,
  caseArbitrary,
  checkCase,
  routeKey,
  routesOf,
  type FuzzRoute,
  type KnownValues,
  type OpenApiDocument,
  type ZodSchemas,
} from './route-fuzzer.ts';
import { fuzzSettings } from './fuzz-settings.ts';

/**
 * The zod schemas each route validates with, captured as @fastify/swagger hands every route to
 * the zod transform: the fuzzer generates from the OpenAPI document and asks these for verdicts.
 */
const captured: ZodSchemas = vi.hoisted(() => new Map());
vi.mock('fastify-type-provider-zod', async (importOriginal) => {
  const original = await importOriginal<typeof TypeProvider>();
  type TransformInput = Parameters<typeof original.jsonSchemaTransform>[0];
  return {
    ...original,
    jsonSchemaTransform: (input: TransformInput) => {
      const { route } = input;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const schema = (route.schema ?? {}) as Record<string, never>;
      for (const method of methods) {
        captured.set(routeKey(method, route.url), {
          params: schema.params,
          querystring: schema.querystring,
          body: schema.body,
        });
      }
      return original.jsonSchemaTransform(input);
    },
  };
});

const targets = testDatabaseTargets();
const settings = fuzzSettings(process.env, targets.length);

/** The routes, read once from the OpenAPI document of a server on an empty database. */
async function discoverRoutes() {
  const t = await startTestApp(targets[0]!, { seed: false });
  try {
    return routesOf(t.app.swagger() as unknown as OpenApiDocument, captured);
  } finally {
    await t.close();
  }
}
const routes = await discoverRoutes();
const name = (r: FuzzRoute) => `${r.method} ${r.path}`;
const gets = routes.filter((r) => r.method === 'GET');
/**
 * Path parameters no other answer can fill with a real record of the right kind: `id` is learnt
 * from answers of every resource (an address id is no order id), a coupon `code` from none, and
 * a course's `productId` from none (the products known are not told apart as courses).
 * Reads with them are still fuzzed; they are only not promised a 2xx.
 */
const AMBIGUOUS_PARAMS = new Set(['id', 'code', 'productId']);
/**
 * Path parameters a fuzzed DELETE names (a content page's `slug`, a `pincode`): the fuzz may
 * have removed the real record a later read names, so those reads are not promised a 2xx.
 * The caller's own ids are pinned (never learnt) and stay.
 */
const DELETED_BY_FUZZ = new Set(
  routes
    .filter((r) => r.method === 'DELETE')
    .flatMap((r) => Object.keys(r.pathParams))
    .filter((p) => !CALLER_FIELDS.has(p)),
);
const realisticGets = gets.filter(
  (r) => !Object.keys(r.pathParams).some((p) => AMBIGUOUS_PARAMS.has(p) || DELETED_BY_FUZZ.has(p)),
);
/** Every property run shares the time budget: one per route, one more per read. */
const properties = routes.length + realisticGets.length;
const budget = settings.budgetMsPerRoute(properties);
/** fast-check options: the seed, and either a count or a time budget (not a failure when hit). */
const runOptions = (numRuns: number) => ({
  seed: settings.seed,
  numRuns,
  endOnFailure: true,
  ...(budget && { interruptAfterTimeLimit: budget, markInterruptAsFailure: false }),
});

describe('route discovery', () => {
  it('finds every route of the OpenAPI document, with the zod schemas it validates with', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map(name)).toContain('POST /api/payment/getquote');
    for (const route of routes) {
      const parts = [
        Object.keys(route.pathParams).length > 0 && 'params',
        Object.keys(route.queryParams).length > 0 && 'querystring',
        route.body && 'body',
      ].filter((x): x is 'params' | 'querystring' | 'body' => Boolean(x));
      for (const part of parts) expect(route.zod[part], name(route)).toBeDefined();
    }
  });
});

describe.each(targets)('every route, fuzzed, on $name', (target) => {
  let t: TestApp;
  const tokens = { token: '' };
  let refreshToken = '';
  let tokenTakenAt = 0;
  /** A long `npm run fuzz` outlives an access token: renew it (by refresh) every 5 minutes. */
  const freshToken = async () => {
    if (Date.now() - tokenTakenAt < 300_000) return;
    const res = await client(t).post<TokenPair>('/api/auth/refresh', { refreshToken });
    if (res.status !== 200) throw new Error(`refresh: ${JSON.stringify(res.body)}`);
    tokens.token = res.body.accessToken;
    refreshToken = res.body.refreshToken;
    tokenTakenAt = Date.now();
  };
  const known: KnownValues = { fields: {}, together: [] };
  const mail = capturingEmail();

  beforeAll(async () => {
    // The login pause (up to 3 s a try of a much-failed email) is tested in accounts-hardening;
    // here it would only spend the time budget waiting.
    t = await startTestApp(target, {
      adapters: { email: mail.sender, sleep: () => Promise.resolve() },
    });
    const user = await registerUser(t, mail);
    // The fuzzing user owns its store, so staff and owner routes are reachable with valid input
    // too (that customers are refused there is proven in plugins/auth.test.ts). Only a session
    // of the admin sign-in carries the owner's power: its refresh token keeps it.
    await t.database.db.update(users).set({ role: 'owner' }).where(eq(users.id, user.userId));
    refreshToken = (await adminSession(t, user.email)).refreshToken;
    await freshToken();
    const productRows = await t.database.db
      .select({
        id: products.id,
        sku: products.sku,
        storeId: products.storeId,
        type: products.productType,
      })
      .from(products)
      .where(eq(products.status, 'Active'));
    const variationRows = await t.database.db
      .select({ productId: variations.productId, sku: variations.sku })
      .from(variations);
    // An order of the store (another customer's), for the staff routes that name one.
    const buyer = await checkoutUser(t, mail);
    const buyerAddress = await buyer.address('bandra');
    const placed = await buyer.post<{ order_id: string }>('/api/payment', {
      main_id: MAIN,
      cart_products: [lineOf((await simpleProducts(t))[0]!)],
      billing_address: buyerAddress,
      shipping_address: buyerAddress,
      mobile: '9820012345',
      coupon_code: '',
      payment_mode: 'Pay now',
    });
    expect(placed.status).toBe(200);
    const addressIds = (await t.database.db.select({ id: addresses.id }).from(addresses)).map(
      (a) => a.id,
    );
    const activePincodes = await t.database.db
      .select({ pincode: pincodes.pincode })
      .from(pincodes)
      .where(and(eq(pincodes.storeId, MAIN), eq(pincodes.status, 'Active')));
    const stores = [...new Set(productRows.map((p) => p.storeId))];
    const skus = [...productRows.map((p) => p.sku), ...variationRows.map((v) => v.sku)];
    known.fields = {
      storeId: stores,
      store_id: stores,
      main_id: [MAIN],
      userId: [user.userId],
      user_id: [user.userId],
      id: [user.userId, ...addressIds],
      product_id: productRows.map((p) => p.id),
      product_sku: skus,
      sku: skus,
      email: [user.email],
      pincode: activePincodes.map((p) => p.pincode),
      // Every demo store has every content page.
      slug: [...CONTENT_PAGE_SLUGS],
      property_id: [MAIN],
      order_id: [placed.body.order_id],
    };
    known.together = [
      ...productRows
        // A Variable product is ordered by a variation's sku, never by its own.
        .filter((p) => p.storeId === MAIN && p.type !== 'Variable Product')
        .map((p) => ({ product_id: p.id, product_sku: p.sku })),
      ...variationRows.map((v) => ({ product_id: v.productId, product_sku: v.sku })),
    ];
    expect(known.fields.storeId).toContain(MAIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(routes.map((r) => [name(r), r] as const))(
    '%s: no 5xx or leak for any input; refused input gets a 400 naming the field',
    async (_name, route) => {
      await freshToken();
      const statuses: Record<number, number> = {};
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route, { known, tokens }), async (c) => {
          const status = await checkCase(t.app, route, c, { known });
          statuses[status] = (statuses[status] ?? 0) + 1;
        }),
        runOptions(settings.runs),
      );
      if (settings.verbose) console.log(`${name(route)} on ${target.name}:`, statuses);
    },
    settings.timeoutMs(properties),
  );

  it.each(realisticGets.map((r) => [name(r), r] as const))(
    '%s: valid reads naming real records succeed',
    async (_name, route) => {
      await freshToken();
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route, { known, tokens, realistic: true }), async (c) => {
          await checkCase(t.app, route, c, { known, realistic: true });
        }),
        runOptions(Math.ceil(settings.runs / 4)),
      );
    },
    settings.timeoutMs(properties),
  );
});
