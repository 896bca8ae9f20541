ALTER TABLE "order_timeline" ADD COLUMN "event" text DEFAULT 'status' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collected_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collected_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_collected_by_user_id_users_id_fk" FOREIGN KEY ("collected_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_store_status_created_idx" ON "orders" USING btree ("store_id","order_status","created_at");--> statement-breakpoint
ALTER TABLE "order_timeline" ADD CONSTRAINT "order_timeline_event" CHECK ("order_timeline"."event" IN ('status', 'collected'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_collected_once" CHECK (("orders"."collected_at" IS NULL AND "orders"."collected_paise" = 0) OR ("orders"."collected_at" IS NOT NULL AND "orders"."collected_paise" = "orders"."remaining_amount_paise"));