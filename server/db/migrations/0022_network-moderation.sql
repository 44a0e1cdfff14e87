CREATE TABLE "network_moderation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"moderator_id" uuid,
	"action" text NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" uuid,
	"post_excerpt" text NOT NULL,
	"report_count" integer NOT NULL,
	"reasons" text[] NOT NULL,
	"note" text,
	"suspended_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution_id" uuid
);
--> statement-breakpoint
CREATE TABLE "network_suspensions" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"action_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "network_notifications" ALTER COLUMN "post_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "network_notifications" ADD COLUMN "moderation_action_id" uuid;--> statement-breakpoint
ALTER TABLE "network_moderation_actions" ADD CONSTRAINT "network_moderation_actions_moderator_id_network_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."network_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_moderation_actions" ADD CONSTRAINT "network_moderation_actions_author_id_network_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."network_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_reports" ADD CONSTRAINT "network_reports_post_id_network_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."network_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_reports" ADD CONSTRAINT "network_reports_reporter_id_network_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."network_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_reports" ADD CONSTRAINT "network_reports_resolution_id_network_moderation_actions_id_fk" FOREIGN KEY ("resolution_id") REFERENCES "public"."network_moderation_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_suspensions" ADD CONSTRAINT "network_suspensions_member_id_network_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."network_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_suspensions" ADD CONSTRAINT "network_suspensions_action_id_network_moderation_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."network_moderation_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "network_moderation_actions_created_idx" ON "network_moderation_actions" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "network_reports_post_reporter_idx" ON "network_reports" USING btree ("post_id","reporter_id");--> statement-breakpoint
CREATE INDEX "network_reports_open_idx" ON "network_reports" USING btree ("post_id","created_at") WHERE resolved_at IS NULL;--> statement-breakpoint
ALTER TABLE "network_notifications" ADD CONSTRAINT "network_notifications_moderation_action_id_network_moderation_actions_id_fk" FOREIGN KEY ("moderation_action_id") REFERENCES "public"."network_moderation_actions"("id") ON DELETE cascade ON UPDATE no action;