CREATE TABLE "size_charts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"product_id" uuid,
	"category_key" text,
	"chart" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "size_charts_one_owner" CHECK (("size_charts"."product_id" IS NULL) <> ("size_charts"."category_key" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "size_charts" ADD CONSTRAINT "size_charts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "size_charts" ADD CONSTRAINT "size_charts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "size_charts_product_key" ON "size_charts" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "size_charts_store_category_key" ON "size_charts" USING btree ("store_id","category_key");--> statement-breakpoint
-- The product page answer carries its size chart, and it is a cached catalogue read: a chart
-- written or deleted bumps the catalogue version as the other catalogue tables do (migration
-- 0001; the function is the striped one).
CREATE TRIGGER "size_charts_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "size_charts"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
