DROP INDEX "one_time_tokens_account_idx";--> statement-breakpoint
-- Hand-written (issue 35): links issued at once could leave several rows of one purpose and account;
-- the newest stays (what issuing meant to leave), so the unique index below can be built.
DELETE FROM "one_time_tokens" t USING "one_time_tokens" newer
WHERE newer."purpose" = t."purpose" AND newer."account_id" = t."account_id"
  AND (newer."created_at", newer."token_hash") > (t."created_at", t."token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_tokens_account_key" ON "one_time_tokens" USING btree ("purpose","account_id");
