ALTER TABLE "lms_accommodation_changes" ADD COLUMN "pause_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lms_accommodation_changes" ADD COLUMN "break_every_minutes" integer;--> statement-breakpoint
ALTER TABLE "lms_accommodation_changes" ADD COLUMN "break_minutes" integer;--> statement-breakpoint
ALTER TABLE "lms_accommodation_changes" ADD COLUMN "silent_timer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "pause_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "break_every_seconds" integer;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "break_seconds" integer;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "silent_timer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "pause_limit_seconds" integer;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "paused_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "breaks_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lms_users" ADD COLUMN "pause_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lms_users" ADD COLUMN "break_every_minutes" integer;--> statement-breakpoint
ALTER TABLE "lms_users" ADD COLUMN "break_minutes" integer;--> statement-breakpoint
ALTER TABLE "lms_users" ADD COLUMN "silent_timer" boolean DEFAULT false NOT NULL;