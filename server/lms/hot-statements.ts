/*
 * The LMS's per-request reads as named prepared statements. This module imports nothing, so the
 * bench's bare baseline (`bench/baselines/exam-baseline.mjs`) runs these very texts from the build.
 */

/**
 * Every LMS request asks this (role, programs and session version are read per request), so it is
 * a named prepared statement (parsed and planned once per connection) on the pool itself, with the
 * columns named as the account's fields: no query building or result mapping per request.
 */
export const LMS_ACCOUNT_BY_ID = {
  name: 'lms_account',
  text: `SELECT id, username, profession, role, allowed_programs AS "allowedPrograms", created_at AS "createdAt", session_version AS "sessionVersion"
         FROM lms_users WHERE id = $1`,
};
