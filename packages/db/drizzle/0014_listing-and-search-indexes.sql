DROP INDEX "products_store_category_idx";--> statement-breakpoint
CREATE INDEX "products_active_price_idx" ON "products" USING btree ("store_id",(CASE WHEN "discount_price_paise" > 0 THEN "discount_price_paise" ELSE "original_price_paise" END)) WHERE "products"."status" = 'Active';--> statement-breakpoint
CREATE INDEX "products_active_category_position_idx" ON "products" USING btree ("store_id",lower(btrim("category")),"position","id") WHERE "products"."status" = 'Active';--> statement-breakpoint
CREATE INDEX "products_active_category_created_idx" ON "products" USING btree ("store_id",lower(btrim("category")),"created_at") WHERE "products"."status" = 'Active';--> statement-breakpoint
CREATE INDEX "products_active_category_sold_idx" ON "products" USING btree ("store_id",lower(btrim("category")),"total_sold") WHERE "products"."status" = 'Active';--> statement-breakpoint
CREATE INDEX "products_active_category_price_idx" ON "products" USING btree ("store_id",lower(btrim("category")),(CASE WHEN "discount_price_paise" > 0 THEN "discount_price_paise" ELSE "original_price_paise" END)) WHERE "products"."status" = 'Active';--> statement-breakpoint
CREATE INDEX "products_categorytype_idx" ON "products" USING gin ("categorytype");--> statement-breakpoint
CREATE INDEX "products_title_trgm_idx" ON "products" USING gin ("title" gin_trgm_ops);