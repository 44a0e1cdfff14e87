CREATE TABLE "practice_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"question_ids" integer[] NOT NULL,
	"seed" integer NOT NULL,
	"served_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" DROP CONSTRAINT "exam_attempts_user_exam_key";--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "question_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_sets" ADD CONSTRAINT "practice_sets_user_id_lms_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."lms_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_sets_user_idx" ON "practice_sets" USING btree ("user_id","served_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_open_key" ON "exam_attempts" USING btree ("user_id","exam_key") WHERE "exam_attempts"."finished_at" IS NULL;--> statement-breakpoint
CREATE INDEX "exam_attempts_user_idx" ON "exam_attempts" USING btree ("user_id","started_at");--> statement-breakpoint
-- Attempts from before forms: an open one keeps the whole live bank it was drawing from, a finished one the questions it answered.
UPDATE "exam_attempts" a SET "question_ids" = COALESCE(
  CASE WHEN a."finished_at" IS NULL
    THEN (SELECT array_agg(q."id" ORDER BY q."id") FROM "exam_questions" q WHERE q."profession" = a."profession" AND q."deleted_at" IS NULL)
    ELSE (SELECT array_agg(x."question_id" ORDER BY x."id") FROM "exam_answers" x WHERE x."attempt_id" = a."id")
  END, '{}'::integer[]);
--> statement-breakpoint
CREATE TABLE "exam_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"retake_wait_seconds" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exam_settings_single_row" CHECK ("exam_settings"."id" = 1),
	CONSTRAINT "exam_settings_wait" CHECK ("exam_settings"."retake_wait_seconds" >= 0)
);
