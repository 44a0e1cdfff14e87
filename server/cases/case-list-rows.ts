import type { AdminCase, CaseStatus } from '../../contracts/cases.js';
import type { ApplicantLanguageCode } from '../../contracts/case-documents.js';
import { daysSince, overdueDays } from './step-timing.js';

/*
 * A page of the staff's case list as SQL returns it and as the API answers it. Kept apart (with
 * nothing but types and step-timing.ts imported), so the bench's bare baseline reads and answers
 * the list with this very text and mapping from the build, as it cuts the page with
 * caseListPageRows: a new field cannot make the two answers differ.
 */

export type CaseListRow = {
  id: number;
  case_number: string;
  passport_number: string;
  client_name: string;
  client_email: string | null;
  status: CaseStatus;
  applicant_language: ApplicantLanguageCode;
  created_at: Date;
  updated_at: Date;
  services: {
    id: number;
    service_id: number;
    service_name: string;
    current_step_id: number | null;
    current_step: string | null;
    last_updated: string;
    /** The step's 80th percentile (days), or null. */
    p80: number | null;
    expected_days: number | null;
    on_last_step: boolean;
  }[];
  owner: { id: number; email: string; name: string | null } | null;
};

/**
 * A page's columns, with each case's services aggregated as JSON, read from the cases joined to the
 * page's ids (so only the page's services are aggregated). `cases` names the page's cases.
 */
export const CASE_LIST_PAGE_COLUMNS = `cases.id, cases.case_number, cases.passport_number, cases.client_name, cases.client_email, cases.status,
  cases.applicant_language, cases.created_at, cases.updated_at,
  coalesce((
    SELECT json_agg(json_build_object('id', cs.id, 'service_id', cs.service_id, 'service_name', s.name,
                                      'current_step_id', cs.current_step_id, 'current_step', st.name, 'last_updated', cs.last_updated,
                                      'p80', st.typical_p80_days, 'expected_days', st.expected_days,
                                      'on_last_step', st.id IS NOT NULL AND NOT EXISTS (
                                        SELECT 1 FROM steps later WHERE later.service_id = st.service_id AND later.sequence > st.sequence))
                    ORDER BY cs.id)
    FROM case_services cs JOIN services s ON s.id = cs.service_id LEFT JOIN steps st ON st.id = cs.current_step_id
    WHERE cs.case_id = cases.id
  ), '[]') AS services,
  (SELECT json_build_object('id', a.id, 'email', a.email, 'name', a.name) FROM case_admins a WHERE a.id = cases.owner_admin_id) AS owner`;

/** A case service as the list and the case page answer it: where it stands, and for how long, as of `at`. */
export function listedCaseService(
  service: CaseListRow['services'][number],
  at: Date,
): AdminCase['CaseServices'][number] {
  const since = new Date(service.last_updated);
  return {
    id: service.id,
    service_id: service.service_id,
    current_step: service.current_step,
    last_updated: since.toISOString(),
    Service: { id: service.service_id, name: service.service_name },
    current_step_id: service.current_step_id,
    on_last_step: service.on_last_step,
    days_at_step: service.on_last_step ? null : daysSince(since, at),
    overdue_days: overdueDays(
      since,
      { p80: service.p80, expectedDays: service.expected_days },
      service.on_last_step || service.current_step_id === null,
      at,
    ),
  };
}

export function listedCase(row: CaseListRow, at: Date): AdminCase {
  return {
    id: row.id,
    case_number: row.case_number,
    passport_number: row.passport_number,
    client_name: row.client_name,
    client_email: row.client_email,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    CaseServices: row.services.map((service) => listedCaseService(service, at)),
    owner: row.owner,
    applicant_language: row.applicant_language,
  };
}
