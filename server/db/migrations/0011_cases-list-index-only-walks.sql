-- The admin list's sort indexes also hold the case number and the id, after the sort's columns:
-- a searched page that walks a sort index checks the search on the index alone (index-only scan).
DROP INDEX "cases_created_at_idx";--> statement-breakpoint
DROP INDEX "cases_status_created_at_idx";--> statement-breakpoint
DROP INDEX "cases_passport_number_idx";--> statement-breakpoint
DROP INDEX "cases_status_case_number_idx";--> statement-breakpoint
DROP INDEX "cases_status_passport_number_idx";--> statement-breakpoint
CREATE INDEX "cases_case_number_id_idx" ON "cases" USING btree ("case_number","id");--> statement-breakpoint
CREATE INDEX "cases_created_at_idx" ON "cases" USING btree ("created_at","id","case_number");--> statement-breakpoint
CREATE INDEX "cases_status_created_at_idx" ON "cases" USING btree ("status","created_at","id","case_number");--> statement-breakpoint
CREATE INDEX "cases_passport_number_idx" ON "cases" USING btree ("passport_number","id","case_number");--> statement-breakpoint
CREATE INDEX "cases_status_case_number_idx" ON "cases" USING btree ("status","case_number","id");--> statement-breakpoint
CREATE INDEX "cases_status_passport_number_idx" ON "cases" USING btree ("status","passport_number","id","case_number");