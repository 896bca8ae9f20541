CREATE TABLE "shop_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"gave_up_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"store_id" text NOT NULL,
	"form" text NOT NULL,
	"item_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"intro" text NOT NULL,
	"fields" jsonb NOT NULL,
	CONSTRAINT "shop_notices_form" CHECK ("shop_notices"."form" IN ('lead', 'enquiry', 'admission'))
);
--> statement-breakpoint
ALTER TABLE "shop_notices" ADD CONSTRAINT "shop_notices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_notices_due_idx" ON "shop_notices" USING btree ("due_at") WHERE "shop_notices"."gave_up_at" IS NULL;