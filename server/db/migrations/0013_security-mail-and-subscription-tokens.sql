CREATE TABLE "mail_cooldowns" (
	"purpose" text NOT NULL,
	"recipient_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_cooldowns_purpose_recipient_hash_pk" PRIMARY KEY("purpose","recipient_hash")
);
--> statement-breakpoint
ALTER TABLE "case_notification_recipients" DROP CONSTRAINT "case_notification_recipients_token_unique";--> statement-breakpoint
ALTER TABLE "case_notification_recipients" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "case_notification_recipients" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_cooldowns_sent_idx" ON "mail_cooldowns" USING btree ("sent_at");--> statement-breakpoint
ALTER TABLE "case_notification_recipients" DROP COLUMN "token";--> statement-breakpoint
ALTER TABLE "case_notification_recipients" ADD CONSTRAINT "case_notification_recipients_confirmTokenHash_unique" UNIQUE("confirm_token_hash");