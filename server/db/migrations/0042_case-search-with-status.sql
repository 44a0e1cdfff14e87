-- hand-written: btree_gin lets a GIN index hold the status beside the search's trigrams and words
-- (shipped with PostgreSQL's contrib, as pg_trgm and unaccent are).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "cases_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "cases_step_search_trgm_idx";--> statement-breakpoint
DROP INDEX "cases_name_variants_idx";--> statement-breakpoint
CREATE INDEX "cases_search_text_trgm_idx" ON "cases" USING gin ("status","search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "cases_step_search_trgm_idx" ON "cases" USING gin ("status","step_search" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "cases_name_variants_idx" ON "cases" USING gin ("status","name_variants") WITH (fastupdate=false);--> statement-breakpoint
-- hand-written: the case number's trigram index (the number without its dashes, migration 0030)
-- with the status too.
DROP INDEX "cases_case_number_compact_trgm_idx";--> statement-breakpoint
CREATE INDEX "cases_case_number_compact_trgm_idx" ON "cases" USING gin ("status", replace("case_number", '-', '') gin_trgm_ops) WITH (fastupdate=false);
