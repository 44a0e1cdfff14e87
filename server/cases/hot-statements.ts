/*
 * The cases area's hottest reads as named prepared statements (parsed and planned once per
 * connection, run straight on the pool). This module imports nothing, so the bench's bare baseline
 * (`bench/baselines/app-baseline.mjs`) runs these very texts from the build.
 */

/**
 * The public lookup in one round trip: the case with its services and each service's steps in
 * order, aggregated as JSON by PostgreSQL.
 */
export const CASE_PROGRESS_LOOKUP = {
  name: 'case_progress_lookup',
  text: `
    SELECT c.case_number AS "caseNumber", c.passport_number AS "passportNumber", c.status,
      coalesce((
        SELECT json_agg(json_build_object(
          'serviceName', s.name,
          'currentStepId', cs.current_step_id,
          'lastUpdated', cs.last_updated,
          'currentStepSince', coalesce((SELECT max(sc.changed_at) FROM step_changes sc WHERE sc.case_service_id = cs.id), cs.last_updated),
          'steps', (SELECT json_agg(json_build_object('id', st.id, 'name', st.name, 'description', st.description, 'expectedDays', st.expected_days, 'typicalMedian', st.typical_median_days, 'typicalP80', st.typical_p80_days) ORDER BY st.sequence)
                    FROM steps st WHERE st.service_id = cs.service_id)
        ) ORDER BY cs.id)
        FROM case_services cs JOIN services s ON s.id = cs.service_id
        WHERE cs.case_id = c.id
      ), '[]') AS services
    FROM cases c
    WHERE c.case_number = $1`,
};

/** A case admin's current session version, asked on every admin request. */
export const CASE_ADMIN_SESSION_VERSION = {
  name: 'case_admin_session_version',
  text: 'SELECT session_version FROM case_admins WHERE id = $1 LIMIT 1',
};
