-- Order numbers from one PostgreSQL sequence per store (decision 0045), instead of a counter row
-- whose lock every placing of the store held from its order insert to its commit. nextval takes
-- no lock a transaction keeps: placings of one store no longer wait for each other here. A
-- placing rolled back leaves its number unused (a gap); no two orders share a number.
CREATE FUNCTION order_number_sequence(store_id text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  -- Store ids are free text: the md5 makes a valid, short, lower-case name for any of them.
  SELECT 'order_number_' || md5(store_id)
$$;--> statement-breakpoint
-- Each existing store's sequence continues after its last number.
DO $$
DECLARE s record;
BEGIN
  FOR s IN
    SELECT st."id", greatest(
      coalesce((SELECT c."last_number" FROM "store_order_numbers" c WHERE c."store_id" = st."id"), 10000),
      coalesce((SELECT max(o."order_number") FROM "orders" o WHERE o."store_id" = st."id"), 10000)
    ) + 1 AS next_number
    FROM "stores" st
  LOOP
    EXECUTE format('CREATE SEQUENCE %I START WITH %s', order_number_sequence(s."id"), s.next_number);
  END LOOP;
END
$$;--> statement-breakpoint
-- A new store gets its sequence with its row (the first number 10001); a deleted one loses it.
CREATE FUNCTION store_order_number_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I START WITH 10001', order_number_sequence(NEW."id"));
    RETURN NEW;
  END IF;
  EXECUTE format('DROP SEQUENCE IF EXISTS %I', order_number_sequence(OLD."id"));
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stores_order_number_sequence" AFTER INSERT OR DELETE ON "stores" FOR EACH ROW EXECUTE FUNCTION store_order_number_sequence();--> statement-breakpoint
CREATE OR REPLACE FUNCTION next_order_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."order_number" := nextval(order_number_sequence(NEW."store_id")::regclass);
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TABLE "store_order_numbers" CASCADE;
