CREATE TABLE "applicant_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"service_document_id" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"uploaded_by" text NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	CONSTRAINT "case_documents_case_document_key" UNIQUE("case_id","service_document_id"),
	CONSTRAINT "case_documents_reason_when_rejected" CHECK ("case_documents"."status" <> 'rejected' OR "case_documents"."reason" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "service_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"required" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_documents_service_name_key" UNIQUE("service_id","name")
);
--> statement-breakpoint
ALTER TABLE "case_notification_recipients" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "applicant_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "steps" ADD COLUMN "typical_median_days" real;--> statement-breakpoint
ALTER TABLE "steps" ADD COLUMN "typical_p80_days" real;--> statement-breakpoint
ALTER TABLE "steps" ADD COLUMN "typical_samples" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applicant_sessions" ADD CONSTRAINT "applicant_sessions_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_documents" ADD CONSTRAINT "case_documents_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_documents" ADD CONSTRAINT "case_documents_service_document_id_service_documents_id_fk" FOREIGN KEY ("service_document_id") REFERENCES "public"."service_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_documents" ADD CONSTRAINT "service_documents_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_sessions_case_idx" ON "applicant_sessions" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "applicant_sessions_expires_idx" ON "applicant_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "case_documents_waiting_idx" ON "case_documents" USING btree ("uploaded_at","id") WHERE "case_documents"."status" = 'uploaded';--> statement-breakpoint
CREATE INDEX "case_documents_service_document_idx" ON "case_documents" USING btree ("service_document_id");