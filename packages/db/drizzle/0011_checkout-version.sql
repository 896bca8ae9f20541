CREATE TABLE "checkout_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Every write to a table checkout reads per store bumps checkout_state.version once per
-- statement, so API processes can drop their cached store checkout data whoever made the change.
INSERT INTO "checkout_state" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_checkout_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "checkout_state" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'stores', 'store_settings', 'delivery_price_bands', 'free_delivery_bands',
    'payment_gateway_settings', 'pay_buttons'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION bump_checkout_version()',
      t || '_bump_checkout_version', t
    );
  END LOOP;
END
$$;
--> statement-breakpoint
-- The catalogue version becomes the sum of 64 stripes: each write bumps the stripe of its
-- backend (pg_backend_pid() % 64), so concurrent orders (whose stock UPDATE fires the products
-- trigger) no longer queue on one row lock until each other's COMMIT. A bump still becomes
-- visible only when its transaction commits, so a reader never caches data older than the sum.
INSERT INTO "catalogue_state" ("id", "version") SELECT g, 0 FROM generate_series(2, 64) AS g ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_state" SET "version" = "version" + 1 WHERE "id" = 1 + pg_backend_pid() % 64;
  RETURN NULL;
END
$$;
