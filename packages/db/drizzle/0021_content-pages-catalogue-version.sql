-- The page meta answer lists the store's content pages (the footer links only to pages that
-- exist), and it is a cached catalogue read: a page written or deleted bumps the catalogue
-- version as the other catalogue tables do (migration 0001; the function is the striped one).
CREATE TRIGGER "content_pages_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_pages"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
