CREATE TABLE "case_exam_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"authority" text NOT NULL,
	"taken_on" date NOT NULL,
	"passed" boolean NOT NULL,
	"score" real,
	"recorded_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_licences" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"credential_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"authority" text NOT NULL,
	"licence_type" text NOT NULL,
	"licence_number" text NOT NULL,
	"issued_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"shown_on_profile" boolean DEFAULT false NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"recorded_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_licences_credentialId_unique" UNIQUE("credential_id"),
	CONSTRAINT "case_licences_dates_in_order" CHECK ("case_licences"."expires_on" > "case_licences"."issued_on"),
	CONSTRAINT "case_licences_revoked_with_reason" CHECK (("case_licences"."revoked_at" IS NULL) = ("case_licences"."revoked_reason" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "case_exam_results" ADD CONSTRAINT "case_exam_results_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_exam_results" ADD CONSTRAINT "case_exam_results_recorded_by_admin_id_case_admins_id_fk" FOREIGN KEY ("recorded_by_admin_id") REFERENCES "public"."case_admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_licences" ADD CONSTRAINT "case_licences_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_licences" ADD CONSTRAINT "case_licences_recorded_by_admin_id_case_admins_id_fk" FOREIGN KEY ("recorded_by_admin_id") REFERENCES "public"."case_admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_exam_results_case_idx" ON "case_exam_results" USING btree ("case_id","taken_on");--> statement-breakpoint
CREATE INDEX "case_licences_case_idx" ON "case_licences" USING btree ("case_id","id");