CREATE TABLE "case_admins" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_admins_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "case_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"current_step_id" integer,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_services_case_service_key" UNIQUE("case_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_number" text NOT NULL,
	"passport_number" text NOT NULL,
	"client_name" text NOT NULL,
	"status" text DEFAULT 'Under Review' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cases_caseNumber_unique" UNIQUE("case_number")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "step_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_service_id" integer NOT NULL,
	"from_step" text,
	"to_step" text NOT NULL,
	"changed_by_admin_id" integer,
	"changed_by_email" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "step_changes_to_step_not_empty" CHECK ("step_changes"."to_step" <> '')
);
--> statement-breakpoint
CREATE TABLE "steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"name" text NOT NULL,
	"sequence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "steps_service_name_key" UNIQUE("service_id","name"),
	CONSTRAINT "steps_service_sequence_key" UNIQUE("service_id","sequence")
);
--> statement-breakpoint
ALTER TABLE "case_services" ADD CONSTRAINT "case_services_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_services" ADD CONSTRAINT "case_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_services" ADD CONSTRAINT "case_services_current_step_id_steps_id_fk" FOREIGN KEY ("current_step_id") REFERENCES "public"."steps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_changes" ADD CONSTRAINT "step_changes_case_service_id_case_services_id_fk" FOREIGN KEY ("case_service_id") REFERENCES "public"."case_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_changes" ADD CONSTRAINT "step_changes_changed_by_admin_id_case_admins_id_fk" FOREIGN KEY ("changed_by_admin_id") REFERENCES "public"."case_admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steps" ADD CONSTRAINT "steps_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_services_service_idx" ON "case_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "cases_created_at_idx" ON "cases" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cases_updated_at_idx" ON "cases" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "cases_status_created_at_idx" ON "cases" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "cases_passport_number_idx" ON "cases" USING btree ("passport_number");--> statement-breakpoint
CREATE INDEX "step_changes_case_service_idx" ON "step_changes" USING btree ("case_service_id","changed_at");