-- One order total (issue 28): amount_after_discount is the lines at their sale prices less the
-- coupon (what /payment/summary answers), no longer the list prices less the coupon.
ALTER TABLE "orders" DROP CONSTRAINT "orders_discount_within_amount";--> statement-breakpoint
-- Backfill: an order's lines keep what each sold for (line_total_paise: sale price x quantity,
-- before the coupon), so the amount after discount is their sum less the order's coupon discount.
UPDATE "orders" AS o
SET "amount_after_discount_paise" = l."sold" - o."discount_paise"
FROM (
  SELECT "order_id", sum("line_total_paise") AS "sold" FROM "order_lines" GROUP BY "order_id"
) AS l
WHERE l."order_id" = o."id" AND o."amount_after_discount_paise" <> l."sold" - o."discount_paise";--> statement-breakpoint
-- An order without lines (none is placed so): what the total holds besides delivery.
UPDATE "orders" AS o
SET "amount_after_discount_paise" = o."total_amount_paise" - o."delivery_charge_paise"
WHERE NOT EXISTS (SELECT 1 FROM "order_lines" AS l WHERE l."order_id" = o."id")
  AND o."amount_after_discount_paise" <> o."total_amount_paise" - o."delivery_charge_paise";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_is_amount_plus_delivery" CHECK ("orders"."amount_after_discount_paise" + "orders"."delivery_charge_paise" = "orders"."total_amount_paise");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_within_amount" CHECK ("orders"."amount_after_discount_paise" <= "orders"."amount_before_discount_paise" - "orders"."discount_paise");
