CREATE TABLE "course_progress" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"completed_sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "course_progress_user_id_course_id_pk" PRIMARY KEY("user_id","course_id"),
	CONSTRAINT "course_progress_percent" CHECK ("course_progress"."progress" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"profession" text NOT NULL,
	"level" text DEFAULT 'Beginner' NOT NULL,
	"duration" text DEFAULT '' NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"user_answer" text NOT NULL,
	"outcome" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	CONSTRAINT "exam_answers_attempt_question_key" UNIQUE("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "exam_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"exam_key" text NOT NULL,
	"profession" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"seed" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"finish_reason" text,
	"current_question_id" integer,
	"draft_question_id" integer,
	"draft_answer" text,
	"draft_timer" integer,
	"draft_saved_at" timestamp with time zone,
	CONSTRAINT "exam_attempts_user_exam_key" UNIQUE("user_id","exam_key")
);
--> statement-breakpoint
CREATE TABLE "exam_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"log_data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"question_type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correct_answer" text NOT NULL,
	"explanation" text NOT NULL,
	"profession" text NOT NULL,
	"difficulty" text DEFAULT 'medium' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lms_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"profession" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"allowed_programs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mock_exam_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"score" integer NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upcoming_exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"exam_date" date NOT NULL,
	"exam_time" text NOT NULL,
	"profession" text DEFAULT 'all' NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_user_id_lms_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."lms_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_user_id_lms_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."lms_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_current_question_id_exam_questions_id_fk" FOREIGN KEY ("current_question_id") REFERENCES "public"."exam_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_draft_question_id_exam_questions_id_fk" FOREIGN KEY ("draft_question_id") REFERENCES "public"."exam_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_logs" ADD CONSTRAINT "exam_logs_user_id_lms_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."lms_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_logs" ADD CONSTRAINT "exam_logs_exam_id_exam_attempts_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_exam_results" ADD CONSTRAINT "mock_exam_results_user_id_lms_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."lms_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_progress_recent_idx" ON "course_progress" USING btree ("user_id","last_viewed_at");--> statement-breakpoint
CREATE INDEX "courses_profession_idx" ON "courses" USING btree ("profession");--> statement-breakpoint
CREATE INDEX "exam_answers_pending_idx" ON "exam_answers" USING btree ("answered_at") WHERE "exam_answers"."outcome" = 'pending-review';--> statement-breakpoint
CREATE INDEX "exam_logs_exam_idx" ON "exam_logs" USING btree ("exam_id","created_at");--> statement-breakpoint
CREATE INDEX "exam_logs_created_at_idx" ON "exam_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "exam_questions_profession_idx" ON "exam_questions" USING btree ("profession") WHERE "exam_questions"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "lms_users_username_key" ON "lms_users" USING btree (lower("username"));