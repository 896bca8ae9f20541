-- Stock moves with every order, and the catalogue version emptied every cached storefront answer
-- with it (docs/benchmarks.md, "Load mix"). A write that changes only stock or units sold now
-- bumps the *stock version* instead: stripes 65..128 of catalogue_state (the catalogue version
-- is the sum of stripes 1..64, the stock version the sum of 65..128). API processes drop cached
-- answers for a stock version change at most every CATALOGUE_STOCK_STALE_MS, and for a
-- catalogue version change at once, as before.
INSERT INTO "catalogue_state" ("id", "version") SELECT g, 0 FROM generate_series(65, 128) AS g ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_stock_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_state" SET "version" = "version" + 1 WHERE "id" = 65 + pg_backend_pid() % 64;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Products and variations: any insert, delete or truncate, and any UPDATE that sets a column other
-- than the stock ones, still bumps the catalogue version (UPDATE OF: the columns the statement
-- sets, whatever their values). The list is every column at this migration; a test
-- (catalogue-version-triggers.test.ts) fails when a column is added without it.
DO $$
DECLARE
  spec record;
  cols text;
BEGIN
  FOR spec IN SELECT * FROM (VALUES
    ('products', ARRAY['total_stock', 'total_sold', 'updated_at']),
    ('variations', ARRAY['stock'])
  ) AS s(tbl, stock_cols) LOOP
    SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) INTO cols
      FROM pg_attribute
      WHERE attrelid = spec.tbl::regclass AND attnum > 0 AND NOT attisdropped
        AND attname <> ALL (spec.stock_cols)
        AND attgenerated = '';
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', spec.tbl || '_bump_catalogue_version', spec.tbl);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF %s ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()',
      spec.tbl || '_bump_catalogue_version', cols, spec.tbl
    );
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE OF %s ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION bump_stock_version()',
      spec.tbl || '_bump_stock_version',
      (SELECT string_agg(quote_ident(c), ', ') FROM unnest(spec.stock_cols) AS c
        WHERE c <> 'updated_at'),
      spec.tbl
    );
  END LOOP;
END
$$;
