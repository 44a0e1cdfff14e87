CREATE TABLE "one_time_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"account_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_admins" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lms_users" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "lms_users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "network_events" ADD COLUMN "post_id" uuid;--> statement-breakpoint
ALTER TABLE "network_users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "one_time_tokens_account_idx" ON "one_time_tokens" USING btree ("purpose","account_id","created_at");--> statement-breakpoint
CREATE INDEX "one_time_tokens_expires_idx" ON "one_time_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lms_users_email_key" ON "lms_users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "network_events_post_idx" ON "network_events" USING btree ("post_id");--> statement-breakpoint
-- Addresses a provider vouched for were only ever stored when verified; password sign-ups were not checked, so they start unverified.
UPDATE "network_users" SET "email_verified_at" = "created_at" WHERE "email" IS NOT NULL AND "oidc_subject" IS NOT NULL;
--> statement-breakpoint
-- Events written before this migration name their post too, so deleting an older post also removes them from replays.
UPDATE "network_events" SET "post_id" = CASE "type"
  WHEN 'post-created' THEN ("data"->'post'->>'id')::uuid
  WHEN 'comment-created' THEN ("data"->'comment'->>'postId')::uuid
  WHEN 'likes-changed' THEN ("data"->>'postId')::uuid
END
WHERE "type" IN ('post-created', 'comment-created', 'likes-changed');
