ALTER TABLE "store_settings" ADD COLUMN "grievance_officer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "grievance_officer_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "grievance_officer_phone" text DEFAULT '' NOT NULL;