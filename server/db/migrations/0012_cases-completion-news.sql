ALTER TABLE "case_notification_changes" ALTER COLUMN "service_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "case_notification_changes" ALTER COLUMN "step_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "case_notification_changes" DROP COLUMN "case_completed";--> statement-breakpoint
ALTER TABLE "case_notification_changes" ADD CONSTRAINT "case_notification_changes_service_with_step" CHECK (("case_notification_changes"."service_name" IS NULL) = ("case_notification_changes"."step_name" IS NULL));