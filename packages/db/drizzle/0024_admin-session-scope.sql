ALTER TABLE "refresh_tokens" ADD COLUMN "scope" text DEFAULT 'storefront' NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_scope_known" CHECK ("refresh_tokens"."scope" in ('storefront', 'admin'));--> statement-breakpoint
-- Sessions begun before the scope existed cannot tell where they started: every live session of staff and owners ends (they sign in again, at /admin for the admin; decision 0032).
UPDATE "refresh_tokens" SET "revoked_at" = now() WHERE "revoked_at" IS NULL AND "user_id" IN (SELECT "id" FROM "users" WHERE "role" IN ('staff', 'owner'));
