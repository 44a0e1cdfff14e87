CREATE TABLE "lms_accommodation_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"changed_by" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"time_multiplier" numeric(3, 2),
	"extra_minutes" integer,
	"extra_attempts" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_answer_receipts" (
	"attempt_id" integer NOT NULL,
	"client_answer_id" uuid NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exam_answer_receipts_attempt_id_client_answer_id_pk" PRIMARY KEY("attempt_id","client_answer_id")
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "mode" text DEFAULT 'practice' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "flagged_question_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "lms_users" ADD COLUMN "time_multiplier" numeric(3, 2);--> statement-breakpoint
ALTER TABLE "lms_users" ADD COLUMN "extra_minutes" integer;--> statement-breakpoint
ALTER TABLE "lms_users" ADD COLUMN "extra_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lms_accommodation_changes" ADD CONSTRAINT "lms_accommodation_changes_user_id_lms_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."lms_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_accommodation_changes" ADD CONSTRAINT "lms_accommodation_changes_changed_by_lms_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."lms_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answer_receipts" ADD CONSTRAINT "exam_answer_receipts_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lms_accommodation_changes_user_idx" ON "lms_accommodation_changes" USING btree ("user_id","changed_at");