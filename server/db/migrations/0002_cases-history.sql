-- Step history belongs to the case: it outlives a case service taken off the case.
-- Existing rows get their case and service name from the case service they point at.
ALTER TABLE "step_changes" DROP CONSTRAINT "step_changes_case_service_id_case_services_id_fk";
--> statement-breakpoint
ALTER TABLE "step_changes" ADD COLUMN "case_id" integer;--> statement-breakpoint
ALTER TABLE "step_changes" ADD COLUMN "service_name" text;--> statement-breakpoint
UPDATE "step_changes" AS sc SET "case_id" = cs."case_id", "service_name" = s."name"
  FROM "case_services" AS cs JOIN "services" AS s ON s."id" = cs."service_id"
  WHERE cs."id" = sc."case_service_id";--> statement-breakpoint
ALTER TABLE "step_changes" ALTER COLUMN "case_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "step_changes" ALTER COLUMN "service_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "step_changes" ADD CONSTRAINT "step_changes_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "step_changes_case_idx" ON "step_changes" USING btree ("case_id","changed_at");
