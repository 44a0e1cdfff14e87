CREATE TABLE "network_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_likes" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "network_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"media_type" text DEFAULT '' NOT NULL,
	"media_key" text,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"password_hash" text,
	"username" text,
	"display_name" text,
	"photo_url" text,
	"oidc_issuer" text,
	"oidc_subject" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "network_comments" ADD CONSTRAINT "network_comments_post_id_network_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."network_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_comments" ADD CONSTRAINT "network_comments_user_id_network_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."network_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_likes" ADD CONSTRAINT "network_likes_post_id_network_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."network_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_likes" ADD CONSTRAINT "network_likes_user_id_network_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."network_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_posts" ADD CONSTRAINT "network_posts_user_id_network_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."network_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_sessions" ADD CONSTRAINT "network_sessions_user_id_network_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."network_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "network_comments_post_idx" ON "network_comments" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "network_events_created_at_idx" ON "network_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "network_likes_user_idx" ON "network_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "network_posts_feed_idx" ON "network_posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "network_sessions_user_idx" ON "network_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "network_sessions_expires_idx" ON "network_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "network_users_email_idx" ON "network_users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "network_users_username_idx" ON "network_users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "network_users_oidc_idx" ON "network_users" USING btree ("oidc_issuer","oidc_subject");