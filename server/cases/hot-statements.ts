/*
 * The cases area's hottest reads as named prepared statements (parsed and planned once per
 * connection, run straight on the pool). This module imports nothing, so the bench's bare baseline
 * (`bench/baselines/app-baseline.mjs`) runs these very texts from the build.
 */

/**
 * The public lookup in one round trip: the case with its services and each service's steps in
 * order, their words in every language, its owner's name and where its documents stand, aggregated
 * as JSON by PostgreSQL. `$1` is the case number without dashes (compactCaseNumber), as its index
 * holds it: every case written so (rarely more than one) comes back, and the passport number picks.
 */
export const CASE_PROGRESS_LOOKUP = {
  name: 'case_progress_lookup',
  text: `
    SELECT c.case_number AS "caseNumber", c.passport_number AS "passportNumber", c.status,
      (SELECT a.name FROM case_admins a WHERE a.id = c.owner_admin_id) AS "ownerName",
      coalesce((
        SELECT json_agg(json_build_object(
          'serviceName', s.name,
          'translations', s.translations,
          'currentStepId', cs.current_step_id,
          'lastUpdated', cs.last_updated,
          'steps', (SELECT json_agg(json_build_object('id', st.id, 'name', st.name, 'description', st.description, 'expectedDays', st.expected_days, 'typicalMedian', st.typical_median_days, 'typicalP80', st.typical_p80_days, 'typicalSamples', st.typical_samples, 'distribution', st.typical_distribution, 'translations', st.translations) ORDER BY st.sequence)
                    FROM steps st WHERE st.service_id = cs.service_id)
        ) ORDER BY cs.id)
        FROM case_services cs JOIN services s ON s.id = cs.service_id
        WHERE cs.case_id = c.id
      ), '[]') AS services,
      (SELECT json_build_object(
          'required', count(*) FILTER (WHERE sd.required),
          'requiredAccepted', count(*) FILTER (WHERE sd.required AND cd.status = 'accepted'),
          'missing', count(*) FILTER (WHERE sd.required AND cd.id IS NULL),
          'rejected', count(*) FILTER (WHERE cd.status = 'rejected'),
          'awaitingReview', count(*) FILTER (WHERE cd.status = 'uploaded'))
        FROM case_services dcs JOIN service_documents sd ON sd.service_id = dcs.service_id
        LEFT JOIN case_documents cd ON cd.case_id = dcs.case_id AND cd.service_document_id = sd.id
        WHERE dcs.case_id = c.id) AS documents
    FROM cases c
    WHERE replace(c.case_number, '-', '') = $1`,
};

/** A case admin's current session version, asked on every admin request. */
export const CASE_ADMIN_SESSION_VERSION = {
  name: 'case_admin_session_version',
  text: 'SELECT session_version FROM case_admins WHERE id = $1 LIMIT 1',
};
