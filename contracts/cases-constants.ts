/** Cases constants without zod: the front end imports them from here, so zod stays on the server. */

export const caseStatuses = ['Under Review', 'In Progress', 'Completed'] as const;
export type CaseStatus = (typeof caseStatuses)[number];

/** The longest case number or passport number the tracker's lookup accepts. */
export const LOOKUP_FIELD_MAX = 64;

/** The error `code` of a tracker subscription's confirm or unsubscribe link that is unknown, expired or unsubscribed. */
export const SUBSCRIPTION_LINK_INVALID = 'SUBSCRIPTION_LINK_INVALID';

/** Present (`true`) when nothing matched the search as typed and the list holds names one typo away. */
export const SEARCH_NEAR_MATCHES_HEADER = 'x-search-near-matches';
/** Present (`true`) when more than 10,000 cases match and x-total-count is PostgreSQL's estimate. */
export const TOTAL_COUNT_ESTIMATED_HEADER = 'x-total-count-estimated';

/** The list's sorts: the spec's three, and ours: how long a case has waited at a step, and how overdue it is. */
export const caseSortFields = ['createdAt', 'case_number', 'passport_number', 'daysAtStep', 'overdue'] as const;
export type CaseSortField = (typeof caseSortFields)[number];
export const sortOrders = ['DESC', 'ASC'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** The staff case list's page size when the request names none. */
export const CASES_PAGE_SIZE = 20;
/** A case's internal notes per page. */
export const CASE_NOTES_PAGE_SIZE = 20;
/** The document review queue's page size. */
export const REVIEW_QUEUE_PAGE_SIZE = 20;
/** The upload control's `accept` for a case document: a phone offers its camera for `image/*`. */
export const DOCUMENT_ACCEPT = 'image/*,application/pdf';
/** The multipart field a case document's file travels in. */
export const DOCUMENT_FILE_FIELD = 'file';

export const importColumns = [
  'case_number',
  'passport_number',
  'client_name',
  'client_email',
  'services',
  // Ours (issue 38): the applicant's language (en, ar, hi or its name; empty: English) and the
  // owner's email (empty: whoever imports).
  'applicant_language',
  'owner',
] as const;
/** The export's columns after the import's: derived from the case, so an import ignores them. */
export const exportOnlyColumns = [
  'status',
  'current_steps',
  'created_at',
  'updated_at',
  // Whole days the longest-waiting service has been at its step, and past its step's usual length.
  'days_at_step',
  'overdue_days',
] as const;
export type ImportColumn = (typeof importColumns)[number] | (typeof exportOnlyColumns)[number];

/** The import's columns as the case form and the table spell them: the template's header. */
export const importColumnLabels: Record<(typeof importColumns)[number], string> = {
  case_number: 'Case Number',
  passport_number: 'Passport Number',
  client_name: 'Client Name',
  client_email: 'Applicant Email',
  services: 'Services',
  applicant_language: 'Applicant Language',
  owner: 'Owner',
};

// Other spellings of a column a person would type (after folding): the screens' words for it.
const columnAliases: Record<string, ImportColumn> = {
  applicant_email: 'client_email',
  email: 'client_email',
  language: 'applicant_language',
  owner_email: 'owner',
  current_step: 'current_steps',
  date_created: 'created_at',
  last_updated: 'updated_at',
};

/**
 * The column a CSV header names, however it is spelt: `client_email`, "Applicant Email",
 * "Applicant Email (optional)" or "CLIENT EMAIL" all name client_email. Undefined for an unknown one.
 */
export function importColumnOf(header: string): ImportColumn | undefined {
  const folded = header
    .trim()
    .toLowerCase()
    .replace(/\s*\(optional\)\s*$/, '')
    .replace(/[\s_-]+/g, '_');
  const known: readonly string[] = [...importColumns, ...exportOnlyColumns];
  return known.includes(folded) ? (folded as ImportColumn) : columnAliases[folded];
}

/**
 * An imported applicant language, as people write it in a spreadsheet: the code, or the language's
 * name in English or in itself. Undefined when it is none of them; empty is English.
 */
export function importedLanguageOf(text: string): 'en' | 'ar' | 'hi' | undefined {
  const folded = text.trim().toLowerCase();
  if (folded === '' || folded === 'en' || folded === 'english') return 'en';
  if (folded === 'ar' || folded === 'arabic' || folded === 'العربية' || folded === 'عربي') return 'ar';
  if (folded === 'hi' || folded === 'hindi' || folded === 'हिन्दी' || folded === 'हिंदी') return 'hi';
  return undefined;
}
