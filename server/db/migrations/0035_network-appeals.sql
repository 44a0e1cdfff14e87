CREATE TABLE "network_suspension_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"suspension_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decision_id" uuid
);
--> statement-breakpoint
ALTER TABLE "network_moderation_actions" ADD COLUMN "revises_id" uuid;--> statement-breakpoint
ALTER TABLE "network_suspension_appeals" ADD CONSTRAINT "network_suspension_appeals_suspension_id_network_moderation_actions_id_fk" FOREIGN KEY ("suspension_id") REFERENCES "public"."network_moderation_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_suspension_appeals" ADD CONSTRAINT "network_suspension_appeals_member_id_network_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."network_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_suspension_appeals" ADD CONSTRAINT "network_suspension_appeals_decision_id_network_moderation_actions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."network_moderation_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "network_suspension_appeals_suspension_idx" ON "network_suspension_appeals" USING btree ("suspension_id");--> statement-breakpoint
CREATE INDEX "network_suspension_appeals_open_idx" ON "network_suspension_appeals" USING btree ("created_at","id") WHERE decided_at IS NULL;--> statement-breakpoint
ALTER TABLE "network_moderation_actions" ADD CONSTRAINT "network_moderation_actions_revises_id_network_moderation_actions_id_fk" FOREIGN KEY ("revises_id") REFERENCES "public"."network_moderation_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "network_moderation_actions_author_idx" ON "network_moderation_actions" USING btree ("author_id","created_at");