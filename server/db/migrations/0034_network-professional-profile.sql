ALTER TABLE "network_users" ADD COLUMN "headline" text;--> statement-breakpoint
ALTER TABLE "network_users" ADD COLUMN "job_title" text;--> statement-breakpoint
ALTER TABLE "network_users" ADD COLUMN "employer" text;--> statement-breakpoint
ALTER TABLE "network_users" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "network_users" ADD COLUMN "about" text;--> statement-breakpoint
CREATE INDEX "network_users_employer_trgm_idx" ON "network_users" USING gin (lower("employer") gin_trgm_ops);