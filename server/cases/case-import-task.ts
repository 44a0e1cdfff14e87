import { z } from 'zod';
import {
  caseNumberPattern,
  exportOnlyColumns,
  importedLanguageOf,
  importColumnLabels,
  importColumnOf,
  importColumns,
  IMPORT_MAX_ROWS,
  optionalEmail,
  type ImportRowError,
} from '../../contracts/cases.js';
import { separatorNames } from '../../contracts/text-files.js';
import { ImportRejected } from '../platform/errors.js';
import { cellsByName, decodeUpload, readSheet } from '../platform/spreadsheet.js';
import { serveWorkerTask } from '../platform/worker-task.js';

/*
 * The CPU half of the case import, run in a worker thread (platform/worker-task.ts): the bytes
 * decoded, the CSV read, the header matched and every row checked on its own. The event loop's half
 * (case-import.ts) resolves services and case numbers against the database and writes.
 */

const text = (field: string, max: number, required: boolean) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .refine((value) => !required || value.length > 0, `${field} is required`)
    .refine(
      (value) => !Array.from(value).some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f'),
      `${field} must not contain control characters`,
    );

const rowSchema = z.object({
  case_number: text('case_number', 64, false).refine(
    (value) => value === '' || caseNumberPattern.test(value),
    'case_number may hold only letters, digits and dashes',
  ),
  passport_number: text('passport_number', 64, true),
  client_name: text('client_name', 200, true),
  client_email: optionalEmail,
  services: z.string(),
  applicant_language: z
    .string()
    .transform((value) => importedLanguageOf(value))
    .refine((value) => value !== undefined, 'applicant_language must be en, ar or hi (or English, Arabic, Hindi)'),
  owner: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => value === '' || z.email().safeParse(value).success, "owner must be a staff member's email"),
});
export type CaseRowFields = z.output<typeof rowSchema>;

export type CaseImportInput = { bytes: Uint8Array; charset?: string | undefined };
export type CaseImportOutput = { rows: { row: number; fields: CaseRowFields }[]; errors: ImportRowError[] };

const columnsHelp = `The columns are: ${importColumns.join(', ')}, or as the case form names them (${Object.values(importColumnLabels).join(', ')}); an export's ${exportOnlyColumns.join(', ')} are ignored`;

/** The header's columns by the import's names, whichever spelling the file uses (importColumnOf). */
function checkHeader(header: string[], separator: string): string[] {
  const unknown = header.filter((name) => importColumnOf(name) === undefined);
  if (unknown.length)
    throw new ImportRejected(
      `Unknown column(s): ${unknown.slice(0, 20).join(', ') || '(a column without a name)'}${unknown.length > 20 ? ` and ${unknown.length - 20} more` : ''}. ${columnsHelp}. The header was read with ${separator}s between names.`,
      [],
    );
  const names = header.map((name) => importColumnOf(name) ?? name);
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const name of names) (seen.has(name) ? twice : seen).add(name);
  if (twice.size) throw new ImportRejected(`Column(s) named more than once: ${[...twice].join(', ')}`, []);
  for (const required of ['passport_number', 'client_name'] as const) {
    if (!names.includes(required)) throw new ImportRejected(`The column ${required} is missing. ${columnsHelp}`, []);
  }
  return names;
}

export function readCaseFile(input: CaseImportInput): CaseImportOutput {
  const { text: body } = decodeUpload(input.bytes, input.charset);
  const sheet = readSheet(body, { maxRows: IMPORT_MAX_ROWS, maxColumns: 200, rowsName: 'cases' });
  const names = checkHeader(sheet.header, separatorNames[sheet.separator]);
  if (sheet.rows.length === 0 && sheet.errors.length === 0) throw new ImportRejected('The file has no cases', []);
  const errors = [...sheet.errors];
  const rows: CaseImportOutput['rows'] = [];
  for (const row of sheet.rows) {
    const record = cellsByName(names, row);
    const parsed = rowSchema.safeParse({
      case_number: record.case_number ?? '',
      passport_number: record.passport_number ?? '',
      client_name: record.client_name ?? '',
      client_email: record.client_email ?? '',
      services: record.services ?? '',
      applicant_language: record.applicant_language ?? '',
      owner: record.owner ?? '',
    });
    if (parsed.success) rows.push({ row: row.row, fields: parsed.data });
    else errors.push({ row: row.row, error: parsed.error.issues.map((issue) => issue.message).join('; ') });
  }
  return { rows, errors };
}

serveWorkerTask(readCaseFile);
