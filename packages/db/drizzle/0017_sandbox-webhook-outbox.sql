CREATE TABLE "sandbox_webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"body" text NOT NULL,
	"signature" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_status" integer,
	"delivered_at" timestamp with time zone,
	"gave_up_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_webhook_deliveries_attempts" CHECK ("sandbox_webhook_deliveries"."attempts" >= 0 AND "sandbox_webhook_deliveries"."attempts" <= "sandbox_webhook_deliveries"."max_attempts")
);
--> statement-breakpoint
CREATE INDEX "sandbox_webhook_deliveries_due_idx" ON "sandbox_webhook_deliveries" USING btree ("due_at") WHERE "sandbox_webhook_deliveries"."delivered_at" IS NULL AND "sandbox_webhook_deliveries"."gave_up_at" IS NULL;--> statement-breakpoint
CREATE INDEX "sandbox_webhook_deliveries_event_idx" ON "sandbox_webhook_deliveries" USING btree ("event_id");