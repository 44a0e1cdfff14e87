CREATE TABLE "network_suspension_holds" (
	"holder" text PRIMARY KEY NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"action_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "network_suspension_holds" ADD CONSTRAINT "network_suspension_holds_action_id_network_moderation_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."network_moderation_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "network_suspension_holds_ends_idx" ON "network_suspension_holds" USING btree ("ends_at");--> statement-breakpoint
-- Hand-written (issue 35): the running suspensions move to their holders, the account and what
-- survives it (its verified address and its external identity), as server/network/suspensions.ts keys them.
INSERT INTO "network_suspension_holds" ("holder", "ends_at", "reason", "action_id", "created_at")
SELECT k.holder, s."ends_at", s."reason", s."action_id", s."created_at"
FROM "network_suspensions" s
JOIN "network_users" u ON u."id" = s."member_id"
CROSS JOIN LATERAL unnest(ARRAY[
  'member:' || u."id"::text,
  CASE WHEN u."email_verified_at" IS NOT NULL THEN 'email:' || encode(sha256(convert_to(u."email", 'UTF8')), 'hex') END,
  'oidc:' || encode(sha256(convert_to(u."oidc_issuer" || ' ' || u."oidc_subject", 'UTF8')), 'hex')
]) AS k(holder)
WHERE k.holder IS NOT NULL
ON CONFLICT ("holder") DO NOTHING;
