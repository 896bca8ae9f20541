ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_mode";--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "upi_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "upi_payee_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utr" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utr_submitted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_utr_key" ON "orders" USING btree ("store_id","utr") WHERE "orders"."utr" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_utr_format" CHECK ("orders"."utr" IS NULL OR "orders"."utr" ~ '^[0-9]{12}$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_mode" CHECK ("orders"."payment_mode" IN ('Pay now', 'Pay on delivery', 'Pay by UPI'));