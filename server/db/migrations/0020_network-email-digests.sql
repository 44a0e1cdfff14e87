CREATE TABLE "network_email_digests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_sent_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "network_email_digests" ADD CONSTRAINT "network_email_digests_user_id_network_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."network_users"("id") ON DELETE cascade ON UPDATE no action;