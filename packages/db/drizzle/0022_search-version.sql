CREATE TABLE "search_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- What a search finds, and its order, change only with these writes (decision 0029). An
-- order's stock UPDATE and a payment's total_sold UPDATE match no WHEN below, so they leave the
-- search indexes alone (the catalogue version still moves for the cached answers).
-- Striped like the catalogue version (migration "checkout-version"): each write bumps the row of
-- its backend, so concurrent catalogue edits never queue or deadlock on one shared row; the
-- version is the sum.
INSERT INTO "search_state" ("id", "version") SELECT g, 0 FROM generate_series(1, 64) AS g ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_search_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "search_state" SET "version" = "version" + 1 WHERE "id" = 1 + pg_backend_pid() % 64;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_bump_search_version" AFTER INSERT OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version();
--> statement-breakpoint
CREATE TRIGGER "products_update_bumps_search_version" AFTER UPDATE ON "products"
  FOR EACH ROW WHEN (
    OLD.title IS DISTINCT FROM NEW.title
    OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.short_description IS DISTINCT FROM NEW.short_description
    OR OLD.categorytype IS DISTINCT FROM NEW.categorytype
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.position IS DISTINCT FROM NEW.position
    OR OLD.original_price_paise IS DISTINCT FROM NEW.original_price_paise
    OR OLD.discount_price_paise IS DISTINCT FROM NEW.discount_price_paise
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.store_id IS DISTINCT FROM NEW.store_id
  ) EXECUTE FUNCTION bump_search_version();
--> statement-breakpoint
CREATE TRIGGER "categories_bump_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version();
