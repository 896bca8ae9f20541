-- Roles per store: customer (default), staff, owner. No code ever wrote 'admin'; a hand-set one becomes the owner.
UPDATE "users" SET "role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('customer', 'staff', 'owner'));
