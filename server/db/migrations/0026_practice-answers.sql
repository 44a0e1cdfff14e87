CREATE TABLE "practice_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"set_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"user_answer" text NOT NULL,
	"outcome" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"response_seconds" integer,
	"client_answer_id" uuid,
	CONSTRAINT "practice_answers_set_question_key" UNIQUE("set_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_set_id_practice_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."practice_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_answers_client_key" ON "practice_answers" USING btree ("set_id","client_answer_id");