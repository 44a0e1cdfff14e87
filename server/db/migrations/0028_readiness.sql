CREATE TABLE "calibration_runs" (
	"profession" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"learners" integer NOT NULL,
	"questions" integer NOT NULL,
	"answers" integer NOT NULL,
	"ability_sd" double precision NOT NULL,
	"iterations" integer NOT NULL,
	"converged" boolean NOT NULL,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_calibrations" (
	"question_id" integer PRIMARY KEY NOT NULL,
	"profession" text NOT NULL,
	"difficulty" double precision NOT NULL,
	"standard_error" double precision NOT NULL,
	"answers" integer NOT NULL,
	"infit" double precision,
	"outfit" double precision,
	"misfit" boolean NOT NULL,
	"peer_level" smallint NOT NULL,
	"calibrated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "practice_sets" ADD COLUMN "topic" text;--> statement-breakpoint
ALTER TABLE "practice_sets" ADD COLUMN "target_length" integer;--> statement-breakpoint
ALTER TABLE "practice_sets" ADD COLUMN "target_standard_error" double precision;--> statement-breakpoint
ALTER TABLE "item_calibrations" ADD CONSTRAINT "item_calibrations_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_calibrations_profession_idx" ON "item_calibrations" USING btree ("profession");