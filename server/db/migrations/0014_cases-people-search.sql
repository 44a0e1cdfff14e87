-- The admin list's one search box finds a case by its client's name, passport number or email as
-- well as by its number, ignoring case and accents ("amina" finds "Amína"). unaccent is a trusted
-- extension (the database owner may create it), but unaccent() itself is only STABLE (its
-- dictionary could change), so it cannot feed a stored column or an index: these wrappers name
-- the dictionary and are declared IMMUTABLE, the usual way. The three fields are joined by U+001F,
-- which a search can never hold (contracts/plain-text.ts), so no match spans two fields.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION case_search_fold(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
BEGIN ATOMIC
  SELECT lower(unaccent('unaccent'::regdictionary, input));
END;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION case_search_text(name text, passport text, email text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
BEGIN ATOMIC
  SELECT case_search_fold(coalesce(name, '') || chr(31) || coalesce(passport, '') || chr(31) || coalesce(email, ''));
END;
--> statement-breakpoint
-- And a step change can be undone for a short while; its waiting email is found by the change.
ALTER TABLE "case_notification_changes" ADD COLUMN "step_change_id" integer;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "search_text" text GENERATED ALWAYS AS (case_search_text(client_name, passport_number, client_email)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "case_notification_changes" ADD CONSTRAINT "case_notification_changes_step_change_id_step_changes_id_fk" FOREIGN KEY ("step_change_id") REFERENCES "public"."step_changes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_notification_changes_step_change_idx" ON "case_notification_changes" USING btree ("step_change_id");--> statement-breakpoint
CREATE INDEX "cases_search_text_trgm_idx" ON "cases" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);