CREATE TABLE "order_gateway_orders" (
	"gateway_order_id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"store_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_order_numbers" (
	"store_id" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cart_fingerprint" text;--> statement-breakpoint
ALTER TABLE "order_gateway_orders" ADD CONSTRAINT "order_gateway_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_gateway_orders" ADD CONSTRAINT "order_gateway_orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_numbers" ADD CONSTRAINT "store_order_numbers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_gateway_orders_order_idx" ON "order_gateway_orders" USING btree ("order_id");--> statement-breakpoint
-- Short order numbers (decision 0040): the orders placed before, numbered per store from 10001
-- in the order they were placed, and each store's counter set to its last number.
UPDATE "orders" o SET "order_number" = n.num FROM (
  SELECT "id", 10000 + row_number() OVER (PARTITION BY "store_id" ORDER BY "created_at", "id") AS num
  FROM "orders"
) n WHERE o."id" = n."id";--> statement-breakpoint
INSERT INTO "store_order_numbers" ("store_id", "last_number")
  SELECT "store_id", max("order_number") FROM "orders" GROUP BY "store_id";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_number_key" ON "orders" USING btree ("store_id","order_number");--> statement-breakpoint
-- The next number of the order's store, under its counter row's lock (held to the commit): every
-- placing inserts its order row after taking its stock rows and before its coupon rows, so the
-- lock order (account, orders, stock, counter, coupons) has no cycle.
CREATE OR REPLACE FUNCTION next_order_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "store_order_numbers" ("store_id", "last_number") VALUES (NEW."store_id", 10001)
    ON CONFLICT ("store_id") DO UPDATE SET "last_number" = "store_order_numbers"."last_number" + 1
    RETURNING "last_number" INTO NEW."order_number";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_number" BEFORE INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION next_order_number();