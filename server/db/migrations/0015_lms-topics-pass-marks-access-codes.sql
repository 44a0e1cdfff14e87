CREATE TABLE "access_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"programs" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" integer
);
--> statement-breakpoint
CREATE TABLE "exam_pass_marks" (
	"profession" text PRIMARY KEY NOT NULL,
	"pass_mark" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exam_pass_marks_percent" CHECK ("exam_pass_marks"."pass_mark" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "exam_questions" ADD COLUMN "topic" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_created_by_lms_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."lms_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_redeemed_by_lms_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."lms_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_codes_hash_key" ON "access_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "access_codes_created_idx" ON "access_codes" USING btree ("created_at");