ALTER TABLE "order_emails" ADD COLUMN "sending_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_notices" ADD COLUMN "sending_until" timestamp with time zone;