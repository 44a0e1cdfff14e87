CREATE TABLE "case_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"changed_by_admin_id" integer,
	"changed_by_email" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_notification_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"service_name" text NOT NULL,
	"step_name" text NOT NULL,
	"step_description" text,
	"case_completed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "case_notification_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	"token" text NOT NULL,
	"confirmation_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_notification_recipients_token_unique" UNIQUE("token"),
	CONSTRAINT "case_notification_recipients_case_email_key" UNIQUE("case_id","email")
);
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "client_email" text;--> statement-breakpoint
ALTER TABLE "steps" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "steps" ADD COLUMN "expected_days" integer;--> statement-breakpoint
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_changed_by_admin_id_case_admins_id_fk" FOREIGN KEY ("changed_by_admin_id") REFERENCES "public"."case_admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_notification_changes" ADD CONSTRAINT "case_notification_changes_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_notification_recipients" ADD CONSTRAINT "case_notification_recipients_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_events_case_idx" ON "case_events" USING btree ("case_id","changed_at");--> statement-breakpoint
CREATE INDEX "case_notification_changes_pending_idx" ON "case_notification_changes" USING btree ("case_id") WHERE "case_notification_changes"."notified_at" IS NULL;--> statement-breakpoint
-- What each default step means for the applicant, and how long it usually takes (public texts).
UPDATE "steps" AS s SET "description" = v.description, "expected_days" = v.expected_days
FROM (VALUES
  (1, 'Documents Received', 'We have your documents and are checking that nothing is missing. If something is, we will contact you.', 3),
  (1, 'Documents Under Review', 'Our team is reviewing your documents for completeness and consistency. Nothing is needed from you unless we ask.', 7),
  (1, 'Attestation', 'Your documents are being attested by the issuing authorities and embassies. This depends on those offices and can take a few weeks.', 21),
  (1, 'Documents Verified', 'Your documents are verified. This service is complete.', NULL),
  (2, 'Application Submitted', 'Your application has been submitted to the health authority. No action is needed from you now.', 5),
  (2, 'Primary Source Verification', 'The health authority is confirming your qualifications and experience directly with the institutions that issued them.', 30),
  (2, 'Licensing Exam', 'You sit the health authority''s licensing exam. We will send you the date and what to prepare.', 30),
  (2, 'Clearance Granted', 'The health authority has cleared you. This service is complete.', NULL),
  (3, 'Registration Submitted', 'Your professional registration has been filed with the licensing body.', 7),
  (3, 'Fee Payment', 'The registration fee is due. We will send you the amount and how to pay it; the next step starts once it is paid.', 5),
  (3, 'License Issued', 'Your license has been issued. This service is complete.', NULL),
  (4, 'Profile Shared with Employers', 'Your profile has been shared with employers looking for your profession. We will contact you when one is interested.', 14),
  (4, 'Interview', 'An employer wants to meet you. We will arrange the interview time with you.', 10),
  (4, 'Job Offer', 'You have an offer. Review it with us and tell us whether you accept it.', 7),
  (4, 'Visa Processing', 'Your work visa is being processed. We may ask you for further documents or a medical test.', 30),
  (4, 'Onboarding Complete', 'You are ready to start work. This service is complete.', NULL)
) AS v(service_id, name, description, expected_days)
WHERE s.service_id = v.service_id AND s.name = v.name AND s.description IS NULL;
