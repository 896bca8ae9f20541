import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { addresses, products, variations } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, MAIN, registerUser } from '../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import {
  caseArbitrary,
  checkCase,
  routeKey,
  routesOf,
  type FuzzRoute,
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
  const original = await importOriginal<typeof import('fastify-type-provider-zod')>();
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

const settings = fuzzSettings(process.env);

describe.each(testDatabaseTargets())('every route, fuzzed, on $name', (target) => {
  let t: TestApp;
  let routes: FuzzRoute[] = [];
  const tokens = { token: '' };
  const known: Record<string, string[]> = {};
  const mail = capturingEmail();

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender } });
    const user = await registerUser(t, mail);
    tokens.token = user.accessToken;
    const productRows = await t.database.db
      .select({ id: products.id, sku: products.sku, storeId: products.storeId })
      .from(products)
      .where(eq(products.status, 'Active'));
    const skus = (await t.database.db.select({ sku: variations.sku }).from(variations)).map(
      (v) => v.sku,
    );
    const addressIds = (await t.database.db.select({ id: addresses.id }).from(addresses)).map(
      (a) => a.id,
    );
    const stores = [...new Set(productRows.map((p) => p.storeId))];
    Object.assign(known, {
      storeId: stores,
      main_id: stores,
      userId: [user.userId],
      user_id: [user.userId],
      id: [user.userId, ...addressIds],
      product_id: productRows.map((p) => p.id),
      product_sku: [...productRows.map((p) => p.sku), ...skus].filter(Boolean),
      sku: [...productRows.map((p) => p.sku), ...skus].filter(Boolean),
      email: [user.email],
    });
    routes = routesOf(t.app.swagger() as unknown as OpenApiDocument, captured);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds every route of the OpenAPI document, with its zod schemas', () => {
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const needs = [
        Object.keys(route.pathParams).length > 0 && 'params',
        Object.keys(route.queryParams).length > 0 && 'querystring',
        route.body && 'body',
      ].filter((x): x is 'params' | 'querystring' | 'body' => Boolean(x));
      for (const part of needs) expect(route.zod[part], `${route.method} ${route.path}`).toBeDefined();
    }
    expect(MAIN).toBe(known.storeId?.find((s) => s === MAIN));
  });

  it('answers every hostile or valid input without a 5xx or a leak, 400 naming the field', async () => {
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route, { known, tokens }), async (c) => {
          await checkCase(t.app, route, c);
        }),
        { seed: settings.seed, numRuns: settings.runs, endOnFailure: true },
      );
    }
  });

  it('answers valid reads naming real records with 2xx', async () => {
    for (const route of routes.filter((r) => r.method === 'GET')) {
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route, { known, tokens, realistic: true }), async (c) => {
          await checkCase(t.app, route, c, true);
        }),
        { seed: settings.seed, numRuns: Math.ceil(settings.runs / 4), endOnFailure: true },
      );
    }
  });
});
