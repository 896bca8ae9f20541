CREATE TABLE "order_utrs" (
	"store_id" text NOT NULL,
	"utr" text NOT NULL,
	"order_id" uuid NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_utrs_pkey" PRIMARY KEY("store_id","utr"),
	CONSTRAINT "order_utrs_utr_format" CHECK ("order_utrs"."utr" ~ '^[0-9]{12}$')
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_utrs" ADD CONSTRAINT "order_utrs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_utrs" ADD CONSTRAINT "order_utrs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_utrs_order_idx" ON "order_utrs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_awaiting_payment_created_idx" ON "orders" USING btree ("created_at") WHERE "orders"."order_status" = 'Pending' AND "orders"."payment_status" IN ('Pending', 'Failed') AND "orders"."amount_to_pay_paise" > 0;--> statement-breakpoint
-- The UTRs already entered stay reserved for their orders.
INSERT INTO "order_utrs" ("store_id", "utr", "order_id", "entered_at") SELECT "store_id", "utr", "id", coalesce("utr_submitted_at", now()) FROM "orders" WHERE "utr" IS NOT NULL;
