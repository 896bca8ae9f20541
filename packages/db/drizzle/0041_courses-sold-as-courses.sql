CREATE TABLE "course_details" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"batch" text DEFAULT '' NOT NULL,
	"schedule" text DEFAULT '' NOT NULL,
	"age_group" text DEFAULT '' NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_details_lengths" CHECK (length("course_details"."batch") <= 120 AND length("course_details"."schedule") <= 120 AND length("course_details"."age_group") <= 120 AND length("course_details"."place") <= 120)
);
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "pay_at_academy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "course_details" ADD CONSTRAINT "course_details_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_details" ADD CONSTRAINT "course_details_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_details_store_idx" ON "course_details" USING btree ("store_id");