CREATE TABLE "stores" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"whatsapp_number" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_buttons" (
	"store_id" text NOT NULL,
	"button_id" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	CONSTRAINT "cart_buttons_store_id_button_id_pk" PRIMARY KEY("store_id","button_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grouped_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"member_product_id" uuid,
	"title" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marquees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"heading" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "new_arrival_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"category_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "new_arrival_products" (
	"group_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "new_arrival_products_group_id_product_id_pk" PRIMARY KEY("group_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"link" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_meta" (
	"store_id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"scripts" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_buttons" (
	"store_id" text NOT NULL,
	"button_id" text NOT NULL,
	"label" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	CONSTRAINT "pay_buttons_store_id_button_id_pk" PRIMARY KEY("store_id","button_id")
);
--> statement-breakpoint
CREATE TABLE "pincodes" (
	"store_id" text NOT NULL,
	"pincode" text NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	CONSTRAINT "pincodes_store_id_pincode_pk" PRIMARY KEY("store_id","pincode")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"title" text NOT NULL,
	"sku" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"gallery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"product_type" text DEFAULT 'Simple' NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"category" text NOT NULL,
	"categorytype" text[] DEFAULT '{}'::text[] NOT NULL,
	"original_price_paise" integer NOT NULL,
	"discount_price_paise" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"total_stock" integer DEFAULT 0 NOT NULL,
	"total_sold" integer DEFAULT 0 NOT NULL,
	"key_features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"specifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attribute" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"downloadable_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"delivery_days" integer DEFAULT 5 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(category, '') || ' ' || coalesce(short_description, ''))) STORED,
	CONSTRAINT "products_amounts_not_negative" CHECK ("products"."original_price_paise" >= 0 AND "products"."discount_price_paise" >= 0 AND "products"."stock" >= 0 AND "products"."total_stock" >= 0 AND "products"."total_sold" >= 0 AND "products"."delivery_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"user_name" text NOT NULL,
	"comment" text NOT NULL,
	"rating" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sliders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"offer_name" text DEFAULT '' NOT NULL,
	"slider_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"background_image" text DEFAULT '' NOT NULL,
	"price_paise" integer DEFAULT 0 NOT NULL,
	"cut_off_price_paise" integer DEFAULT 0 NOT NULL,
	"product_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sliders_amounts_not_negative" CHECK ("sliders"."price_paise" >= 0 AND "sliders"."cut_off_price_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "variations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"price_paise" integer NOT NULL,
	"sale_price_paise" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"gallery_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "variations_amounts_not_negative" CHECK ("variations"."price_paise" >= 0 AND "variations"."sale_price_paise" >= 0 AND "variations"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_buttons" ADD CONSTRAINT "cart_buttons_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grouped_items" ADD CONSTRAINT "grouped_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grouped_items" ADD CONSTRAINT "grouped_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grouped_items" ADD CONSTRAINT "grouped_items_member_product_id_products_id_fk" FOREIGN KEY ("member_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marquees" ADD CONSTRAINT "marquees_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_arrival_groups" ADD CONSTRAINT "new_arrival_groups_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_arrival_products" ADD CONSTRAINT "new_arrival_products_group_id_new_arrival_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."new_arrival_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_arrival_products" ADD CONSTRAINT "new_arrival_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_meta" ADD CONSTRAINT "page_meta_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_buttons" ADD CONSTRAINT "pay_buttons_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pincodes" ADD CONSTRAINT "pincodes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sliders" ADD CONSTRAINT "sliders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sliders" ADD CONSTRAINT "sliders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_store_category_key" ON "categories" USING btree ("store_id",lower("category"));--> statement-breakpoint
CREATE INDEX "grouped_items_product_idx" ON "grouped_items" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "marquees_store_idx" ON "marquees" USING btree ("store_id","position");--> statement-breakpoint
CREATE INDEX "new_arrival_groups_store_idx" ON "new_arrival_groups" USING btree ("store_id","position");--> statement-breakpoint
CREATE INDEX "offers_store_idx" ON "offers" USING btree ("store_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "products_store_sku_key" ON "products" USING btree ("store_id","sku");--> statement-breakpoint
CREATE INDEX "products_store_listing_idx" ON "products" USING btree ("store_id","status","position");--> statement-breakpoint
CREATE INDEX "products_store_category_idx" ON "products" USING btree ("store_id",lower("category"));--> statement-breakpoint
CREATE INDEX "products_store_created_idx" ON "products" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "products_store_sold_idx" ON "products" USING btree ("store_id","total_sold");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "reviews_product_idx" ON "reviews" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "sliders_store_idx" ON "sliders" USING btree ("store_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "variations_store_sku_key" ON "variations" USING btree ("store_id","sku");--> statement-breakpoint
CREATE INDEX "variations_product_idx" ON "variations" USING btree ("product_id","position");