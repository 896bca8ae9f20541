CREATE TABLE "order_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"details" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"gave_up_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_emails_kind" CHECK ("order_emails"."kind" IN ('confirmation', 'new_order_notice', 'utr_notice', 'status')),
	CONSTRAINT "order_emails_status_details" CHECK ("order_emails"."kind" <> 'status' OR "order_emails"."details" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "order_emails" ADD CONSTRAINT "order_emails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_emails_due_idx" ON "order_emails" USING btree ("due_at") WHERE "order_emails"."gave_up_at" IS NULL;