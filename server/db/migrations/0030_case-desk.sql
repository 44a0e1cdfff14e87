-- Hand-written SQL (issue 38) is marked "hand-written"; the rest is drizzle-kit's.
-- hand-written: the admin list's search by words in any order, ignoring case, accents (Latin and
-- Arabic vowel marks and letter variants), hyphens, apostrophes and dots, with Arabic-Indic and
-- Devanagari digits as ASCII. case_search_fold is redefined (search_text, the only column built on
-- it, is dropped and made again below, so every stored value is folded anew).
CREATE OR REPLACE FUNCTION case_search_fold(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
BEGIN ATOMIC
  SELECT translate(lower(unaccent('unaccent'::regdictionary, input)),
    '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹०१२३४५६७८९أإآٱىة' || 'ًٌٍَُِّْـ' || '-‐‑‒–—''’.',
    '012345678901234567890123456789اااايه');
END;
--> statement-breakpoint
-- hand-written: the folded name, passport number (without spaces) and email, joined by U+001F,
-- which a search can never hold (contracts/plain-text.ts), so no word matches across two fields.
CREATE OR REPLACE FUNCTION case_search_document(name text, passport text, email text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
BEGIN ATOMIC
  SELECT case_search_fold(coalesce(name, '')) || chr(31) || replace(case_search_fold(coalesce(passport, '')), ' ', '')
    || chr(31) || case_search_fold(coalesce(email, ''));
END;
--> statement-breakpoint
-- hand-written: a name's folded words of three letters or more (a hyphenated one whole and in its
-- parts: "Al-Harbi" gives alharbi, al and harbi), and each word of four or more with one letter
-- left out. Two words one typo apart (a letter changed, added, dropped or two swapped) share one of
-- these, so a search finds "Amina" from "Aminah" through a GIN index (issue 38).
CREATE OR REPLACE FUNCTION case_name_variants(name text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
BEGIN ATOMIC
  SELECT coalesce(array_agg(DISTINCT variant ORDER BY variant), '{}'::text[])
  FROM (
    SELECT case_search_fold(part) AS word FROM regexp_split_to_table(name, '[[:space:]]+') AS part
    UNION
    SELECT case_search_fold(part) FROM regexp_split_to_table(name, '[[:space:]‐‑‒–—-]+') AS part
  ) AS words
  CROSS JOIN LATERAL generate_series(0, char_length(word)) AS left_out
  CROSS JOIN LATERAL (
    SELECT CASE WHEN left_out = 0 THEN word ELSE left(word, left_out - 1) || substr(word, left_out + 1) END AS variant
  ) AS variants
  WHERE char_length(word) >= 3 AND (left_out = 0 OR char_length(word) >= 4);
END;
--> statement-breakpoint
CREATE TABLE "document_refusal_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_refusal_reasons_text_unique" UNIQUE("text")
);
--> statement-breakpoint
ALTER TABLE "cases" drop column "search_text";--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "search_text" text GENERATED ALWAYS AS (case_search_document(client_name, passport_number, client_email)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "case_admins" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "case_documents" ADD COLUMN "reason_translations" jsonb;--> statement-breakpoint
ALTER TABLE "case_notification_changes" ADD COLUMN "step_id" integer;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "name_variants" text[] GENERATED ALWAYS AS (case_name_variants(client_name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "step_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "step_since" timestamp with time zone DEFAULT 'infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "overdue_at" timestamp with time zone DEFAULT 'infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_documents" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "step_changes" ADD COLUMN "from_step_id" integer;--> statement-breakpoint
ALTER TABLE "step_changes" ADD COLUMN "to_step_id" integer;--> statement-breakpoint
ALTER TABLE "step_changes" ADD COLUMN "from_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "step_changes" ADD COLUMN "undone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "steps" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "case_notification_changes" ADD CONSTRAINT "case_notification_changes_step_id_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_changes" ADD CONSTRAINT "step_changes_from_step_id_steps_id_fk" FOREIGN KEY ("from_step_id") REFERENCES "public"."steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_changes" ADD CONSTRAINT "step_changes_to_step_id_steps_id_fk" FOREIGN KEY ("to_step_id") REFERENCES "public"."steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_services_current_step_idx" ON "case_services" USING btree ("current_step_id");--> statement-breakpoint
CREATE INDEX "cases_step_since_idx" ON "cases" USING btree ("step_since","id","case_number");--> statement-breakpoint
CREATE INDEX "cases_status_step_since_idx" ON "cases" USING btree ("status","step_since","id","case_number");--> statement-breakpoint
CREATE INDEX "cases_overdue_at_idx" ON "cases" USING btree ("overdue_at","id","case_number");--> statement-breakpoint
CREATE INDEX "cases_status_overdue_at_idx" ON "cases" USING btree ("status","overdue_at","id","case_number");--> statement-breakpoint
CREATE INDEX "cases_step_search_trgm_idx" ON "cases" USING gin ("step_search" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "cases_name_variants_idx" ON "cases" USING gin ("name_variants") WITH (fastupdate=false);
--> statement-breakpoint
-- hand-written: search_text's trigram index went with the column; made again on the new column.
CREATE INDEX "cases_search_text_trgm_idx" ON "cases" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);
--> statement-breakpoint
DROP FUNCTION IF EXISTS case_search_text(text, text, text);
--> statement-breakpoint
-- hand-written: case numbers are searched and looked up without their dashes ("pw2026k7m2qx"):
-- the trigram index of the search and the lookup's b-tree are on the number without them.
DROP INDEX IF EXISTS "cases_case_number_trgm_idx";
--> statement-breakpoint
CREATE INDEX "cases_case_number_compact_trgm_idx" ON "cases" USING gin (replace("case_number", '-', '') gin_trgm_ops) WITH (fastupdate=false);
--> statement-breakpoint
CREATE INDEX "cases_case_number_compact_idx" ON "cases" USING btree (replace("case_number", '-', ''));
--> statement-breakpoint
-- hand-written: "another case has this passport number" when staff create one, whatever its spacing.
CREATE INDEX "cases_passport_compact_idx" ON "cases" USING btree (upper(translate("passport_number", ' -.', '')));
--> statement-breakpoint
-- hand-written: the steps of the changes recorded so far, by name within the service (as undo and
-- the estimates found them until now).
UPDATE "step_changes" AS sc SET "to_step_id" = st.id
FROM "case_services" cs JOIN "steps" st ON st.service_id = cs.service_id
WHERE cs.id = sc.case_service_id AND st.name = sc.to_step;
--> statement-breakpoint
UPDATE "step_changes" AS sc SET "from_step_id" = st.id
FROM "case_services" cs JOIN "steps" st ON st.service_id = cs.service_id
WHERE cs.id = sc.case_service_id AND st.name = sc.from_step;
--> statement-breakpoint
-- hand-written: the stored step facts of existing cases, as server/cases/case-status.ts keeps them.
UPDATE "cases" AS c SET
  "step_search" = f.step_search,
  "step_since" = f.step_since,
  "overdue_at" = f.overdue_at
FROM (
  SELECT cs.case_id,
    coalesce(string_agg(case_search_fold(cur.name), chr(31) ORDER BY cs.id), '') AS step_search,
    coalesce(min(cs.last_updated) FILTER (WHERE later.id IS NOT NULL OR cur.id IS NULL), 'infinity') AS step_since,
    coalesce(min(cs.last_updated + coalesce(cur.typical_p80_days, cur.expected_days) * interval '1 day')
      FILTER (WHERE later.id IS NOT NULL), 'infinity') AS overdue_at
  FROM "case_services" cs
  LEFT JOIN "steps" cur ON cur.id = cs.current_step_id
  LEFT JOIN LATERAL (
    SELECT s2.id FROM "steps" s2 WHERE s2.service_id = cur.service_id AND s2.sequence > cur.sequence LIMIT 1
  ) later ON true
  GROUP BY cs.case_id
) f
WHERE c.id = f.case_id;
--> statement-breakpoint
-- hand-written: the refusals staff give most, in every applicant language; staff change the list on
-- the services screen.
INSERT INTO "document_refusal_reasons" ("text", "translations") VALUES
  ('The photo is blurred or too dark to read.', '{"ar":{"name":"الصورة غير واضحة أو مظلمة ولا يمكن قراءتها."},"hi":{"name":"फ़ोटो धुंधली है या इतनी अंधेरी है कि पढ़ी नहीं जा सकती।"}}'),
  ('Part of the document is cut off. Please send the whole page.', '{"ar":{"name":"جزء من المستند مقطوع. يرجى إرسال الصفحة كاملة."},"hi":{"name":"दस्तावेज़ का कुछ हिस्सा कटा हुआ है। कृपया पूरा पृष्ठ भेजें।"}}'),
  ('The document has expired. Please send a valid one.', '{"ar":{"name":"انتهت صلاحية المستند. يرجى إرسال مستند ساري المفعول."},"hi":{"name":"दस्तावेज़ की वैधता समाप्त हो गई है। कृपया वैध दस्तावेज़ भेजें।"}}'),
  ('This is not the document we asked for.', '{"ar":{"name":"هذا ليس المستند الذي طلبناه."},"hi":{"name":"यह वह दस्तावेज़ नहीं है जो हमने माँगा था।"}}'),
  ('The name does not match the name in your passport.', '{"ar":{"name":"الاسم لا يطابق الاسم الموجود في جواز سفرك."},"hi":{"name":"नाम आपके पासपोर्ट में लिखे नाम से मेल नहीं खाता।"}}'),
  ('The document must be attested (stamped) first.', '{"ar":{"name":"يجب تصديق المستند (ختمه) أولًا."},"hi":{"name":"दस्तावेज़ को पहले सत्यापित (मुहर लगवाना) कराना ज़रूरी है।"}}')
ON CONFLICT ("text") DO NOTHING;