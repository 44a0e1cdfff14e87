-- hand-written: btree_gin lets a GIN index hold the status beside the search's trigrams and words
-- (shipped with PostgreSQL's contrib, as pg_trgm and unaccent are).
-- Each new index is built under a new name first and the old one dropped after: CREATE INDEX lets
-- the older instances of a rolling upgrade go on reading cases while it builds (it holds writes
-- only), where a DROP INDEX first would hold every read of cases until the migrations commit.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "cases_search_text_trgm_idx_new" ON "cases" USING gin ("status","search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "cases_step_search_trgm_idx_new" ON "cases" USING gin ("status","step_search" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "cases_name_variants_idx_new" ON "cases" USING gin ("status","name_variants") WITH (fastupdate=false);--> statement-breakpoint
-- hand-written: the case number's trigram index (the number without its dashes, migration 0030)
-- with the status too.
CREATE INDEX "cases_case_number_compact_trgm_idx_new" ON "cases" USING gin ("status", replace("case_number", '-', '') gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
DROP INDEX "cases_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "cases_step_search_trgm_idx";--> statement-breakpoint
DROP INDEX "cases_name_variants_idx";--> statement-breakpoint
DROP INDEX "cases_case_number_compact_trgm_idx";--> statement-breakpoint
ALTER INDEX "cases_search_text_trgm_idx_new" RENAME TO "cases_search_text_trgm_idx";--> statement-breakpoint
ALTER INDEX "cases_step_search_trgm_idx_new" RENAME TO "cases_step_search_trgm_idx";--> statement-breakpoint
ALTER INDEX "cases_name_variants_idx_new" RENAME TO "cases_name_variants_idx";--> statement-breakpoint
ALTER INDEX "cases_case_number_compact_trgm_idx_new" RENAME TO "cases_case_number_compact_trgm_idx";
