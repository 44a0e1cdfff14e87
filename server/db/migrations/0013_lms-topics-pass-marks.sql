CREATE TABLE "exam_pass_marks" (
	"profession" text PRIMARY KEY NOT NULL,
	"pass_mark" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exam_pass_marks_percent" CHECK ("exam_pass_marks"."pass_mark" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "exam_questions" ADD COLUMN "topic" text DEFAULT '' NOT NULL;