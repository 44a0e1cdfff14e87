DROP INDEX "network_posts_feed_idx";--> statement-breakpoint
CREATE INDEX "network_posts_feed_idx" ON "network_posts" USING btree ("created_at","id") WHERE removed_at IS NULL;