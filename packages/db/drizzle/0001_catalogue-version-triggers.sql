-- Every write to a catalogue table bumps catalogue_state.version once per statement, so API
-- processes can drop cached catalogue responses whoever made the change.
INSERT INTO "catalogue_state" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_state" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'stores', 'products', 'variations', 'grouped_items', 'reviews', 'categories',
    'new_arrival_groups', 'new_arrival_products', 'offers', 'sliders', 'marquees',
    'cart_buttons', 'pay_buttons', 'page_meta', 'pincodes'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()',
      t || '_bump_catalogue_version', t
    );
  END LOOP;
END
$$;
