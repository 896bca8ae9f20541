import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTestTarget } from '@shop/db/testing';
import { capturingEmail } from '../../test-support/accounts.ts';
import {
  checkoutUser,
  lineOf,
  placeUnpaidOrder,
  simpleProducts,
} from '../../test-support/checkout.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * PostgreSQL plans a named prepared statement afresh at every run while a plan made without the
 * values looks dearer than the plans made with them. Placing's one statement is the largest a
 * shopper sends: planned once per connection, not once per placing (docs/benchmarks.md,
 * 2026-11-27 22:40 UTC). One connection, so the statement's counts are all on it.
 */
describe('placing statement plans on PostgreSQL, one connection', () => {
  const target = postgresTestTarget();
  let t: TestApp;
  let goods: Awaited<ReturnType<typeof simpleProducts>>;
  const mail = capturingEmail();

  beforeAll(async () => {
    t = await startTestApp(target, {
      poolSize: 1,
      adapters: { email: mail.sender, paymentWebhooks: null },
      config: {
        RAZORPAY_KEY_SECRET: 'test-key-secret-0123456789abcdef',
        RAZORPAY_WEBHOOK_SECRET: 'test-webhook-secret-0123456789ab',
      },
    });
    goods = await simpleProducts(t);
    // A catalogue of a real shop's size, its statistics read: a plan's guessed row counts
    // matter when a lookup costs what it costs in a real table.
    await t.database.db.execute(sql`do $$
      declare cols text;
      begin
        select string_agg(quote_ident(column_name), ', ') into cols from information_schema.columns
          where table_name = 'products' and is_generated = 'NEVER' and column_name not in ('id', 'sku', 'status');
        execute format('insert into products (id, sku, status, %1$s) select gen_random_uuid(), sku || ''-copy-'' || g, ''Inactive'', %1$s from products, generate_series(1, 100) g', cols);
      end $$`);
    await t.database.db.execute(sql`analyze`);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps one plan of the place statement per connection, not one per placing', async () => {
    const placings = 8;
    for (let i = 0; i < placings; i += 1) {
      await placeUnpaidOrder(await checkoutUser(t, mail), [lineOf(goods[i % 3]!)]);
    }
    type Plans = { generic: number; custom: number };
    const plans = await t.database.db.execute<Plans>(
      sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like '%"checked_products"%'`,
    );
    // PostgreSQL makes 5 custom plans before it compares them with the generic one.
    expect((plans as { rows: Plans[] }).rows).toEqual([{ generic: placings - 5, custom: 5 }]);
  });
});
