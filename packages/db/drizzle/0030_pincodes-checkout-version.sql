-- Checkout keeps each store's active pincodes in its per-store cache (a summary and a placing no
-- longer read them): a write to pincodes bumps checkout_state.version too, as a write to the
-- band tables does (migration 0011), so every API process sees the change within
-- CATALOGUE_CACHE_CHECK_MS. The catalogue's own trigger on pincodes (migration 0001) stays.
CREATE TRIGGER "pincodes_bump_checkout_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pincodes"
FOR EACH STATEMENT EXECUTE FUNCTION bump_checkout_version();
