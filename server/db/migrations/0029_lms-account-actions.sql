CREATE TABLE "lms_account_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer,
	"admin_username" text NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"action" text NOT NULL,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lms_account_actions" ADD CONSTRAINT "lms_account_actions_admin_id_lms_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."lms_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_account_actions" ADD CONSTRAINT "lms_account_actions_user_id_lms_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."lms_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lms_account_actions_created_idx" ON "lms_account_actions" USING btree ("created_at","id");