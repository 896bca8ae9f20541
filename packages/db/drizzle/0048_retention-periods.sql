ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inactivity_warned_at" timestamp with time zone;--> statement-breakpoint
-- An account's last activity before this migration: its latest session, else its sign-up.
UPDATE "users" SET "last_active_at" = GREATEST("created_at", COALESCE((SELECT max("created_at") FROM "refresh_tokens" WHERE "refresh_tokens"."user_id" = "users"."id"), "created_at"));--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "enquiry_retention_days" integer DEFAULT 730 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "inactive_account_days" integer DEFAULT 1095 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_store_last_active_idx" ON "users" USING btree ("store_id","last_active_at");--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_retention_days" CHECK ("store_settings"."enquiry_retention_days" BETWEEN 180 AND 3650 AND "store_settings"."inactive_account_days" BETWEEN 180 AND 3650);