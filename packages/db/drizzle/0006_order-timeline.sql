CREATE TABLE "order_timeline" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_timeline_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"store_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "order_timeline_from_status" CHECK ("order_timeline"."from_status" IS NULL OR "order_timeline"."from_status" IN ('Pending', 'Processing', 'Packed', 'Shipped', 'Out for delivery', 'Delivered', 'Cancelled')),
	CONSTRAINT "order_timeline_to_status" CHECK ("order_timeline"."to_status" IN ('Pending', 'Processing', 'Packed', 'Shipped', 'Out for delivery', 'Delivered', 'Cancelled')),
	CONSTRAINT "order_timeline_actor_kind" CHECK ("order_timeline"."actor_kind" IN ('customer', 'staff', 'system'))
);
--> statement-breakpoint
ALTER TABLE "order_timeline" ADD CONSTRAINT "order_timeline_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_timeline" ADD CONSTRAINT "order_timeline_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_timeline" ADD CONSTRAINT "order_timeline_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_timeline_order_idx" ON "order_timeline" USING btree ("order_id","seq");