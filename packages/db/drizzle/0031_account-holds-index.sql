DROP INDEX "orders_stock_hold_idx";--> statement-breakpoint
CREATE INDEX "orders_user_held_idx" ON "orders" USING btree ("user_id") WHERE "orders"."stock_released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_stock_hold_idx" ON "orders" USING btree ("stock_hold_expires_at") WHERE "orders"."stock_released_at" IS NULL AND "orders"."stock_hold_expires_at" IS NOT NULL;