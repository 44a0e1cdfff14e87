CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "network_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"type" text NOT NULL,
	"post_id" uuid NOT NULL,
	"actor_ids" uuid[] NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "network_events" ADD COLUMN "recipient_id" uuid;--> statement-breakpoint
ALTER TABLE "network_posts" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', description)) STORED;--> statement-breakpoint
ALTER TABLE "network_notifications" ADD CONSTRAINT "network_notifications_recipient_id_network_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."network_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_notifications" ADD CONSTRAINT "network_notifications_post_id_network_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."network_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "network_notifications_recipient_idx" ON "network_notifications" USING btree ("recipient_id","created_at","id");--> statement-breakpoint
CREATE INDEX "network_notifications_unread_idx" ON "network_notifications" USING btree ("recipient_id") WHERE read_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "network_notifications_unread_likes_idx" ON "network_notifications" USING btree ("recipient_id","post_id") WHERE type = 'like' AND read_at IS NULL;--> statement-breakpoint
CREATE INDEX "network_posts_search_idx" ON "network_posts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "network_posts_author_idx" ON "network_posts" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "network_users_username_trgm_idx" ON "network_users" USING gin (lower("username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "network_users_display_name_trgm_idx" ON "network_users" USING gin (lower("display_name") gin_trgm_ops);