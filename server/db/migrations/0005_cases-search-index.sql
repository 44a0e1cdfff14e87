-- The admin list searches case numbers by substring (ILIKE '%…%'), which a b-tree cannot serve;
-- a trigram index can. pg_trgm is a trusted extension: the database owner may create it.
-- fastupdate off: cases are written rarely, and new ones are searchable through the index at once
-- instead of waiting in the pending list (which the planner then avoids) until the next vacuum.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cases_case_number_trgm_idx" ON "cases" USING gin ("case_number" gin_trgm_ops) WITH (fastupdate = off);
