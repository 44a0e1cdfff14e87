CREATE TABLE "premium_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"programs" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"seen_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "premium_requests" ADD CONSTRAINT "premium_requests_user_id_lms_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."lms_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_requests" ADD CONSTRAINT "premium_requests_decided_by_lms_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."lms_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "premium_requests_one_open_key" ON "premium_requests" USING btree ("user_id") WHERE "premium_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "premium_requests_user_idx" ON "premium_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "premium_requests_open_idx" ON "premium_requests" USING btree ("created_at") WHERE "premium_requests"."status" = 'open';