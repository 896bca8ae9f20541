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
    await copyRows(t, 'products', 100, {
      id: 'gen_random_uuid()',
      sku: "sku || '-copy-' || g",
      status: "'Inactive'",
    });
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

  it("writes only the kinds of stock row an order names: simple products' stock, no variation", async () => {
    // Each UPDATE in the statement fires its table's statement trigger, even when it updates no
    // row: one stock version bump (catalogue_state, stripes 65..128) per table written.
    const stockVersion = async () => {
      const read = await t.database.db.execute<{ v: number }>(
        sql`select sum(version)::int as v from catalogue_state where id > 64`,
      );
      return (read as { rows: { v: number }[] }).rows[0]!.v;
    };
    const before = await stockVersion();
    await placeUnpaidOrder(await checkoutUser(t, mail), [lineOf(goods[0]!), lineOf(goods[1]!)]);
    expect((await stockVersion()) - before).toBe(1);
  });

  it("reads only the shopper's own holds while a sale's unpaid orders pile up", async () => {
    const db = t.database.db;
    // The statistics PostgreSQL plans with lag behind a sale: read while no order held stock
    // (every earlier one settled), then thousands of unpaid orders arrive before the next
    // ANALYZE. (Read with holds already there, PostgreSQL picked the account's own orders.)
    await placeUnpaidOrder(await checkoutUser(t, mail), [lineOf(goods[0]!)]);
    await db.execute(sql`alter table orders set (autovacuum_enabled = false)`);
    await db.execute(sql`update orders set stock_released_at = now()`);
    await db.execute(sql`analyze orders`);
    await copyRows(
      t,
      'orders',
      500,
      { id: 'gen_random_uuid()', receipt_id: "receipt_id || '-' || g" },
      ['order_number', 'gateway_order_id', 'idempotency_key', 'stock_released_at'],
    );
    /** Index entries read so far through the sweeper's index of every unreleased hold. */
    const sweeperIndexReads = async () => {
      // Counts are this connection's own until flushed: flushed after the next statement.
      await db.execute(sql`select pg_stat_force_next_flush()`);
      const read = await db.execute<{ n: number }>(
        sql`select idx_tup_read::int as n from pg_stat_user_indexes where indexrelname = 'orders_stock_hold_idx'`,
      );
      return (read as { rows: { n: number }[] }).rows[0]!.n;
    };
    const before = await sweeperIndexReads();
    await placeUnpaidOrder(await checkoutUser(t, mail), [lineOf(goods[1]!)]);
    await placeUnpaidOrder(await checkoutUser(t, mail), [lineOf(goods[2]!)]);
    // Without orders_user_held_idx each placing read every hold (4,500 here) twice.
    expect((await sweeperIndexReads()) - before).toBeLessThan(100);
  });
});

/**
 * Copies every row of `table` `times` over in one statement: the `set` columns from SQL
 * expressions of the row (`g` numbers the copy), the `omit` ones left to their defaults, every
 * other stored column as it is.
 */
async function copyRows(
  t: TestApp,
  table: string,
  times: number,
  set: Record<string, string>,
  omit: string[] = [],
) {
  const skipped = [...Object.keys(set), ...omit].map((c) => `'${c}'`).join(', ');
  const values = Object.values(set).join(', ').replaceAll("'", "''");
  await t.database.db.execute(
    sql.raw(`do $$
      declare cols text;
      begin
        select string_agg(quote_ident(column_name), ', ') into cols from information_schema.columns
          where table_name = '${table}' and is_generated = 'NEVER' and column_name not in (${skipped});
        execute format('insert into ${table} (${Object.keys(set).join(', ')}, %1$s) select ${values}, %1$s from ${table}, generate_series(1, ${times}) g', cols);
      end $$`),
  );
}
