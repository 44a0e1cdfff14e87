CREATE TABLE "case_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"body" text NOT NULL,
	"author_admin_id" integer,
	"author_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_notes_body_not_empty" CHECK ("case_notes"."body" <> '')
);
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "owner_admin_id" integer;--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_author_admin_id_case_admins_id_fk" FOREIGN KEY ("author_admin_id") REFERENCES "public"."case_admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_notes_case_idx" ON "case_notes" USING btree ("case_id","created_at","id");--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_owner_admin_id_case_admins_id_fk" FOREIGN KEY ("owner_admin_id") REFERENCES "public"."case_admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cases_owner_created_at_idx" ON "cases" USING btree ("owner_admin_id","created_at","id");