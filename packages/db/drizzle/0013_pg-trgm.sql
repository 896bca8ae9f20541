-- Hand-written (issue 16): trigram matching for the catalogue search's `title ILIKE '%text%'`.
-- pg_trgm ships in PostgreSQL's contrib and is a trusted extension (PostgreSQL 13+), so the
-- database's owner may create it; PGlite loads it in packages/db/src/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
