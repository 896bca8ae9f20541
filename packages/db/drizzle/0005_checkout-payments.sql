CREATE TABLE "delivery_price_bands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"min_kilometer" integer NOT NULL,
	"max_kilometer" integer,
	"delivery_price_paise" bigint NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_price_bands_range" CHECK ("delivery_price_bands"."min_kilometer" >= 0 AND ("delivery_price_bands"."max_kilometer" IS NULL OR "delivery_price_bands"."max_kilometer" >= "delivery_price_bands"."min_kilometer")),
	CONSTRAINT "delivery_price_bands_price_not_negative" CHECK ("delivery_price_bands"."delivery_price_paise" >= 0),
	CONSTRAINT "delivery_price_bands_status" CHECK ("delivery_price_bands"."status" IN ('Active', 'Inactive'))
);
--> statement-breakpoint
CREATE TABLE "free_delivery_bands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"min_kilometer" integer NOT NULL,
	"max_kilometer" integer,
	"free_delivery_price_paise" bigint NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	CONSTRAINT "free_delivery_bands_range" CHECK ("free_delivery_bands"."min_kilometer" >= 0 AND ("free_delivery_bands"."max_kilometer" IS NULL OR "free_delivery_bands"."max_kilometer" >= "free_delivery_bands"."min_kilometer")),
	CONSTRAINT "free_delivery_bands_price_not_negative" CHECK ("free_delivery_bands"."free_delivery_price_paise" >= 0),
	CONSTRAINT "free_delivery_bands_status" CHECK ("free_delivery_bands"."status" IN ('Active', 'Inactive'))
);
--> statement-breakpoint
CREATE TABLE "payment_gateway_settings" (
	"store_id" text PRIMARY KEY NOT NULL,
	"key_id" text,
	"key_secret_ciphertext" text,
	"webhook_secret_ciphertext" text,
	"company_name" text DEFAULT '' NOT NULL,
	"company_color" text DEFAULT '#2563eb' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_gateway_settings_key_pair" CHECK (("payment_gateway_settings"."key_id" IS NULL) = ("payment_gateway_settings"."key_secret_ciphertext" IS NULL)),
	CONSTRAINT "payment_gateway_settings_webhook_needs_key" CHECK ("payment_gateway_settings"."webhook_secret_ciphertext" IS NULL OR "payment_gateway_settings"."key_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"store_id" text PRIMARY KEY NOT NULL,
	"gstin" text DEFAULT '' NOT NULL,
	"legal_name" text NOT NULL,
	"state" text NOT NULL,
	"gst_state_code" text NOT NULL,
	"office_address" text NOT NULL,
	"office_pincode" text DEFAULT '' NOT NULL,
	"office_latitude" double precision NOT NULL,
	"office_longitude" double precision NOT NULL,
	"road_factor" double precision DEFAULT 1.3 NOT NULL,
	"notification_email" text DEFAULT '' NOT NULL,
	"delivery_percentage" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_settings_state_code_format" CHECK ("store_settings"."gst_state_code" ~ '^[0-9]{2}$'),
	CONSTRAINT "store_settings_gstin_format" CHECK ("store_settings"."gstin" = '' OR ("store_settings"."gstin" ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$' AND substr("store_settings"."gstin", 1, 2) = "store_settings"."gst_state_code")),
	CONSTRAINT "store_settings_office_coordinates" CHECK ("store_settings"."office_latitude" BETWEEN -90 AND 90 AND "store_settings"."office_longitude" BETWEEN -180 AND 180),
	CONSTRAINT "store_settings_road_factor" CHECK ("store_settings"."road_factor" >= 1 AND "store_settings"."road_factor" <= 5),
	CONSTRAINT "store_settings_delivery_percentage" CHECK ("store_settings"."delivery_percentage" >= 0 AND "store_settings"."delivery_percentage" <= 100)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"store_id" text NOT NULL,
	"product_id" uuid,
	"variation_id" uuid,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"variation_attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"course" boolean DEFAULT false NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"unit_sale_price_paise" bigint NOT NULL,
	"line_total_paise" bigint NOT NULL,
	"discount_paise" bigint DEFAULT 0 NOT NULL,
	"hsn_code" text NOT NULL,
	"gst_rate_bp" integer NOT NULL,
	"taxable_value_paise" bigint NOT NULL,
	"tax_paise" bigint NOT NULL,
	"cgst_paise" bigint DEFAULT 0 NOT NULL,
	"sgst_paise" bigint DEFAULT 0 NOT NULL,
	"igst_paise" bigint DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" >= 1),
	CONSTRAINT "order_lines_amounts_not_negative" CHECK ("order_lines"."unit_price_paise" >= 0 AND "order_lines"."unit_sale_price_paise" >= 0 AND "order_lines"."line_total_paise" >= 0 AND "order_lines"."discount_paise" >= 0 AND "order_lines"."taxable_value_paise" >= 0 AND "order_lines"."tax_paise" >= 0 AND "order_lines"."cgst_paise" >= 0 AND "order_lines"."sgst_paise" >= 0 AND "order_lines"."igst_paise" >= 0),
	CONSTRAINT "order_lines_gst_rate" CHECK ("order_lines"."gst_rate_bp" >= 0 AND "order_lines"."gst_rate_bp" <= 10000),
	CONSTRAINT "order_lines_tax_parts" CHECK ("order_lines"."cgst_paise" + "order_lines"."sgst_paise" + "order_lines"."igst_paise" = "order_lines"."tax_paise"),
	CONSTRAINT "order_lines_taxable_plus_tax" CHECK ("order_lines"."taxable_value_paise" + "order_lines"."tax_paise" = "order_lines"."line_total_paise" - "order_lines"."discount_paise")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"receipt_id" text NOT NULL,
	"payment_mode" text NOT NULL,
	"payment_status" text DEFAULT 'Pending' NOT NULL,
	"order_status" text DEFAULT 'Pending' NOT NULL,
	"amount_before_discount_paise" bigint NOT NULL,
	"discount_paise" bigint DEFAULT 0 NOT NULL,
	"amount_after_discount_paise" bigint NOT NULL,
	"delivery_charge_paise" bigint DEFAULT 0 NOT NULL,
	"total_amount_paise" bigint NOT NULL,
	"amount_to_pay_paise" bigint NOT NULL,
	"remaining_amount_paise" bigint DEFAULT 0 NOT NULL,
	"delivery_percentage" integer DEFAULT 0 NOT NULL,
	"distance_km" integer,
	"taxable_value_paise" bigint NOT NULL,
	"cgst_paise" bigint DEFAULT 0 NOT NULL,
	"sgst_paise" bigint DEFAULT 0 NOT NULL,
	"igst_paise" bigint DEFAULT 0 NOT NULL,
	"seller_gstin" text DEFAULT '' NOT NULL,
	"seller_state_code" text NOT NULL,
	"shipping_state" text NOT NULL,
	"shipping_state_code" text NOT NULL,
	"coupon_applied" boolean DEFAULT false NOT NULL,
	"coupon_code" text DEFAULT '' NOT NULL,
	"user_name" text DEFAULT '' NOT NULL,
	"user_gst_no" text DEFAULT '' NOT NULL,
	"mobile" text NOT NULL,
	"customer_note" text DEFAULT '' NOT NULL,
	"billing_address_id" uuid,
	"shipping_address_id" uuid,
	"billing_address" jsonb NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"gateway" text NOT NULL,
	"gateway_key_id" text DEFAULT '' NOT NULL,
	"gateway_order_id" text,
	"gateway_payment_id" text,
	"idempotency_key" text,
	"idempotency_request_hash" text,
	"stock_hold_expires_at" timestamp with time zone NOT NULL,
	"stock_released_at" timestamp with time zone,
	"delivered" boolean DEFAULT false NOT NULL,
	"processing_date" timestamp with time zone,
	"shipped_date" timestamp with time zone,
	"out_delivery_date" timestamp with time zone,
	"delivery_date" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_payment_mode" CHECK ("orders"."payment_mode" IN ('Pay now', 'Pay on delivery')),
	CONSTRAINT "orders_payment_status" CHECK ("orders"."payment_status" IN ('Pending', 'Success', 'Failed', 'Refund pending', 'Refunded')),
	CONSTRAINT "orders_order_status" CHECK ("orders"."order_status" IN ('Pending', 'Processing', 'Packed', 'Shipped', 'Out for delivery', 'Delivered', 'Cancelled')),
	CONSTRAINT "orders_amounts_not_negative" CHECK ("orders"."amount_before_discount_paise" >= 0 AND "orders"."discount_paise" >= 0 AND "orders"."amount_after_discount_paise" >= 0 AND "orders"."delivery_charge_paise" >= 0 AND "orders"."total_amount_paise" >= 0 AND "orders"."amount_to_pay_paise" >= 0 AND "orders"."remaining_amount_paise" >= 0 AND "orders"."taxable_value_paise" >= 0 AND "orders"."cgst_paise" >= 0 AND "orders"."sgst_paise" >= 0 AND "orders"."igst_paise" >= 0),
	CONSTRAINT "orders_paid_now_plus_remaining_is_total" CHECK ("orders"."amount_to_pay_paise" + "orders"."remaining_amount_paise" = "orders"."total_amount_paise"),
	CONSTRAINT "orders_discount_within_amount" CHECK ("orders"."amount_after_discount_paise" = "orders"."amount_before_discount_paise" - "orders"."discount_paise"),
	CONSTRAINT "orders_tax_within_total" CHECK ("orders"."taxable_value_paise" + "orders"."cgst_paise" + "orders"."sgst_paise" + "orders"."igst_paise" <= "orders"."total_amount_paise"),
	CONSTRAINT "orders_one_kind_of_gst" CHECK ("orders"."igst_paise" = 0 OR ("orders"."cgst_paise" = 0 AND "orders"."sgst_paise" = 0)),
	CONSTRAINT "orders_delivery_percentage" CHECK ("orders"."delivery_percentage" >= 0 AND "orders"."delivery_percentage" <= 100),
	CONSTRAINT "orders_version_not_negative" CHECK ("orders"."version" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"store_id" text,
	"order_id" uuid,
	"gateway_order_id" text,
	"gateway_payment_id" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"gateway_payment_id" text NOT NULL,
	"gateway_refund_id" text,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_paise" > 0),
	CONSTRAINT "refunds_status" CHECK ("refunds"."status" IN ('pending', 'processed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"coupon_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"discount_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "coupon_redemptions_discount_not_negative" CHECK ("coupon_redemptions"."discount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"code" text NOT NULL,
	"percentage_offer" integer,
	"price_offer_paise" bigint,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"minimum_sale_total_paise" bigint DEFAULT 0 NOT NULL,
	"max_discount_paise" bigint,
	"total_usage_limit" integer,
	"per_customer_limit" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_not_blank" CHECK (btrim("coupons"."code") <> ''),
	CONSTRAINT "coupons_one_kind_of_offer" CHECK (("coupons"."percentage_offer" IS NULL) <> ("coupons"."price_offer_paise" IS NULL)),
	CONSTRAINT "coupons_percentage_range" CHECK ("coupons"."percentage_offer" IS NULL OR ("coupons"."percentage_offer" >= 1 AND "coupons"."percentage_offer" <= 100)),
	CONSTRAINT "coupons_amounts_not_negative" CHECK (("coupons"."price_offer_paise" IS NULL OR "coupons"."price_offer_paise" > 0) AND "coupons"."minimum_sale_total_paise" >= 0 AND ("coupons"."max_discount_paise" IS NULL OR "coupons"."max_discount_paise" > 0)),
	CONSTRAINT "coupons_window" CHECK ("coupons"."starts_at" IS NULL OR "coupons"."ends_at" IS NULL OR "coupons"."ends_at" > "coupons"."starts_at"),
	CONSTRAINT "coupons_limits" CHECK (("coupons"."total_usage_limit" IS NULL OR "coupons"."total_usage_limit" >= 0) AND ("coupons"."per_customer_limit" IS NULL OR "coupons"."per_customer_limit" >= 1)),
	CONSTRAINT "coupons_uses_within_limit" CHECK ("coupons"."uses" >= 0 AND ("coupons"."total_usage_limit" IS NULL OR "coupons"."uses" <= "coupons"."total_usage_limit"))
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"amount_paid_paise" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"receipt" text DEFAULT '' NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_gateway_orders_amounts" CHECK ("sandbox_gateway_orders"."amount_paise" >= 100 AND "sandbox_gateway_orders"."amount_paid_paise" >= 0 AND "sandbox_gateway_orders"."amount_paid_paise" <= "sandbox_gateway_orders"."amount_paise"),
	CONSTRAINT "sandbox_gateway_orders_status" CHECK ("sandbox_gateway_orders"."status" IN ('created', 'attempted', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"amount_refunded_paise" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"error_code" text,
	"error_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_gateway_payments_amounts" CHECK ("sandbox_gateway_payments"."amount_paise" >= 0 AND "sandbox_gateway_payments"."amount_refunded_paise" >= 0 AND "sandbox_gateway_payments"."amount_refunded_paise" <= "sandbox_gateway_payments"."amount_paise"),
	CONSTRAINT "sandbox_gateway_payments_status" CHECK ("sandbox_gateway_payments"."status" IN ('captured', 'failed', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"receipt" text,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_gateway_refunds_amount_positive" CHECK ("sandbox_gateway_refunds"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate_bp" integer DEFAULT 1800 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_threshold_paise" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate_above_bp" integer;--> statement-breakpoint
ALTER TABLE "delivery_price_bands" ADD CONSTRAINT "delivery_price_bands_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_delivery_bands" ADD CONSTRAINT "free_delivery_bands_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_gateway_settings" ADD CONSTRAINT "payment_gateway_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variation_id_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."variations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_billing_address_id_addresses_id_fk" FOREIGN KEY ("billing_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_address_id_addresses_id_fk" FOREIGN KEY ("shipping_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_payments" ADD CONSTRAINT "sandbox_gateway_payments_order_id_sandbox_gateway_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sandbox_gateway_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_refunds" ADD CONSTRAINT "sandbox_gateway_refunds_payment_id_sandbox_gateway_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_gateway_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_price_bands_store_idx" ON "delivery_price_bands" USING btree ("store_id","min_kilometer");--> statement-breakpoint
CREATE INDEX "free_delivery_bands_store_idx" ON "free_delivery_bands" USING btree ("store_id","min_kilometer");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_receipt_key" ON "orders" USING btree ("store_id","receipt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_gateway_order_key" ON "orders" USING btree ("gateway_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_key" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_store_created_idx" ON "orders" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_stock_hold_idx" ON "orders" USING btree ("stock_hold_expires_at") WHERE "orders"."stock_released_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_event_key" ON "payment_events" USING btree ("gateway","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_gateway_refund_key" ON "refunds" USING btree ("gateway_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_key" ON "coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_user_idx" ON "coupon_redemptions" USING btree ("coupon_id","user_id") WHERE "coupon_redemptions"."released_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_store_code_key" ON "coupons" USING btree ("store_id",lower("code"));--> statement-breakpoint
CREATE INDEX "sandbox_gateway_payments_order_idx" ON "sandbox_gateway_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sandbox_gateway_refunds_payment_idx" ON "sandbox_gateway_refunds" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gst_rate" CHECK ("products"."gst_rate_bp" >= 0 AND "products"."gst_rate_bp" <= 10000 AND ("products"."gst_threshold_paise" IS NULL) = ("products"."gst_rate_above_bp" IS NULL) AND ("products"."gst_threshold_paise" IS NULL OR "products"."gst_threshold_paise" >= 0) AND ("products"."gst_rate_above_bp" IS NULL OR ("products"."gst_rate_above_bp" >= 0 AND "products"."gst_rate_above_bp" <= 10000)));