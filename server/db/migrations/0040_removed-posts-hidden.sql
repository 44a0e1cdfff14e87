ALTER TABLE "network_posts" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "network_posts" ADD COLUMN "removal_id" uuid;--> statement-breakpoint
ALTER TABLE "network_posts" ADD CONSTRAINT "network_posts_removal_id_network_moderation_actions_id_fk" FOREIGN KEY ("removal_id") REFERENCES "public"."network_moderation_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "network_posts_removed_media_idx" ON "network_posts" USING btree ("media_key") WHERE removed_at IS NOT NULL;