-- hand-written order: the new index is built under a new name first and the old one dropped after,
-- so the older instances of a rolling upgrade go on reading the feed while it builds (see 0042).
CREATE INDEX "network_posts_feed_idx_new" ON "network_posts" USING btree ("created_at","id") WHERE removed_at IS NULL;--> statement-breakpoint
DROP INDEX "network_posts_feed_idx";--> statement-breakpoint
ALTER INDEX "network_posts_feed_idx_new" RENAME TO "network_posts_feed_idx";
