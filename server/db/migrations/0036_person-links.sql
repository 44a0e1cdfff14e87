CREATE TABLE "person_links" (
	"area" text NOT NULL,
	"account_id" text NOT NULL,
	"person_id" uuid NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "person_links_area_account_id_pk" PRIMARY KEY("area","account_id"),
	CONSTRAINT "person_links_area_check" CHECK ("person_links"."area" in ('network', 'lms', 'cases'))
);
--> statement-breakpoint
CREATE INDEX "person_links_person_idx" ON "person_links" USING btree ("person_id");