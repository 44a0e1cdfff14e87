CREATE TABLE "late_step_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"case_service_id" integer NOT NULL,
	"step_id" integer NOT NULL,
	"owner_admin_id" integer,
	"waiting_since" timestamp with time zone NOT NULL,
	"late_after_days" real NOT NULL,
	"cases" integer NOT NULL,
	"noticed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "late_step_notices_service_step_key" UNIQUE("case_service_id","step_id")
);
--> statement-breakpoint
ALTER TABLE "steps" ADD COLUMN "typical_distribution" jsonb;--> statement-breakpoint
ALTER TABLE "late_step_notices" ADD CONSTRAINT "late_step_notices_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_step_notices" ADD CONSTRAINT "late_step_notices_case_service_id_case_services_id_fk" FOREIGN KEY ("case_service_id") REFERENCES "public"."case_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_step_notices" ADD CONSTRAINT "late_step_notices_step_id_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_step_notices" ADD CONSTRAINT "late_step_notices_owner_admin_id_case_admins_id_fk" FOREIGN KEY ("owner_admin_id") REFERENCES "public"."case_admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "late_step_notices_owner_idx" ON "late_step_notices" USING btree ("owner_admin_id","noticed_at");--> statement-breakpoint
CREATE INDEX "late_step_notices_case_idx" ON "late_step_notices" USING btree ("case_id");