-- hand-written comment: the step groups' indexes of the staff list's step-name search (issue 38;
-- server/cases/case-list-query.ts, stepGroups). New indexes under new names: CREATE INDEX holds the
-- writes to cases while it builds, never the reads, so the older instances of a rolling upgrade go on
-- listing cases (docs/operations.md). A b-tree entry has a size limit (about 2,700 bytes): the
-- partial indexes leave out every step text over 1,000 bytes, so no existing case can fail the build,
-- and the last index lists exactly those cases.
CREATE INDEX "cases_step_group_created_at_idx" ON "cases" USING btree ("step_search","status","created_at","id") WHERE octet_length("cases"."step_search") <= 1000;--> statement-breakpoint
CREATE INDEX "cases_step_group_case_number_idx" ON "cases" USING btree ("step_search","status","case_number","id") WHERE octet_length("cases"."step_search") <= 1000;--> statement-breakpoint
CREATE INDEX "cases_step_group_passport_number_idx" ON "cases" USING btree ("step_search","status","passport_number","id") WHERE octet_length("cases"."step_search") <= 1000;--> statement-breakpoint
CREATE INDEX "cases_step_group_step_since_idx" ON "cases" USING btree ("step_search","status","step_since","id") WHERE octet_length("cases"."step_search") <= 1000;--> statement-breakpoint
CREATE INDEX "cases_step_group_overdue_at_idx" ON "cases" USING btree ("step_search","status","overdue_at","id") WHERE octet_length("cases"."step_search") <= 1000;--> statement-breakpoint
CREATE INDEX "cases_long_step_search_idx" ON "cases" USING btree ("id") WHERE octet_length("cases"."step_search") > 1000;