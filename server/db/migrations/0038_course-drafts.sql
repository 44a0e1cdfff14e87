ALTER TABLE "courses" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (issue 39): the courses that were live before drafts existed stay published, as of when they were added.
UPDATE "courses" SET "published_at" = "created_at" WHERE "published_at" IS NULL;
