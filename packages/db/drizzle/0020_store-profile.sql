ALTER TABLE "stores" ADD COLUMN "logo_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "invoice_address" text DEFAULT '' NOT NULL;