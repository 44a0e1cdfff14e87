import { TextDecoder } from 'node:util';
import { CsvError, parse } from 'csv-parse/sync';
import { asc, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { csvProblem } from '../../contracts/csv-problem.js';
import {
  caseNumberPattern,
  exportOnlyColumns,
  importColumnLabels,
  importColumnOf,
  importColumns,
  IMPORT_MAX_ROWS,
  optionalEmail,
  type ImportRowError,
} from '../../contracts/cases.js';
import type { Database, Queryable } from '../db/client.js';
import { cases, caseServices, services } from '../db/schema/cases.js';
import { AppError, ImportRejected } from '../platform/errors.js';
import { recordCaseEvents } from './case-events.js';
import { generateCaseNumber, normalizeCaseNumber } from './case-management.js';
import { addClientEmailRecipients } from './case-notifications.js';
import { setInitialCaseStatuses } from './case-status.js';
import { unguardFormula } from '../platform/csv-formula-guard.js';
import type { ActingAdmin } from './case-events.js';

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
});

type ParsedRow = {
  row: number;
  caseNumber: string | null;
  passportNumber: string;
  clientName: string;
  clientEmail: string | null;
  serviceIds: number[];
};

// PostgreSQL takes at most 65,535 parameters per statement; inserts are cut into chunks below that.
const MAX_PARAMETERS = 60_000;
function chunks<T>(items: T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

const columnsHelp = `The columns are: ${importColumns.join(', ')}, or as the case form names them (${Object.values(importColumnLabels).join(', ')}); an export's ${exportOnlyColumns.join(', ')} are ignored`;

/** The header's columns by the import's names, whichever spelling the file uses (importColumnOf). */
function checkHeader(header: string[]): string[] {
  const unknown = header.filter((name) => importColumnOf(name) === undefined).map((name) => name.trim());
  if (unknown.length) throw new ImportRejected(`Unknown column(s): ${unknown.join(', ')}. ${columnsHelp}`, []);
  const names = header.map((name) => importColumnOf(name) ?? name);
  const twice = [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
  if (twice.length) throw new ImportRejected(`Column(s) named more than once: ${twice.join(', ')}`, []);
  for (const required of ['passport_number', 'client_name'] as const) {
    if (!names.includes(required)) throw new ImportRejected(`The column ${required} is missing. ${columnsHelp}`, []);
  }
  return names;
}

const SAVE_AS_UTF8 = 'Save it as "CSV UTF-8" and import it again.';

/** The encodings a `charset` may name here, as TextDecoder calls them. */
function declaredDecoder(charset: string | undefined): TextDecoder | undefined {
  if (!charset || /^utf-?8$/i.test(charset)) return undefined;
  try {
    return new TextDecoder(charset.toLowerCase());
  } catch {
    throw new AppError(415, `The character set ${charset} is not supported. ${SAVE_AS_UTF8}`);
  }
}

/**
 * The text of an uploaded CSV: UTF-8 (a byte-order mark is dropped later), UTF-16 with its
 * byte-order mark (decoded, as the browser's import does), or whatever `charset` the request
 * declares. Bytes that are not UTF-8 are refused, naming their line, instead of being turned into
 * "�": a Latin-1 "Jürgen" would otherwise be imported as "J�rgen" without a word.
 */
export function decodeCsv(bytes: Buffer, charset?: string): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const declared = declaredDecoder(charset);
  if (declared) return declared.decode(bytes);
  if (bytes.includes(0))
    throw new AppError(400, `The file looks like UTF-16 text without its byte-order mark. ${SAVE_AS_UTF8}`);
  const strict = new TextDecoder('utf-8', { fatal: true });
  try {
    return strict.decode(bytes);
  } catch {
    let line = 1;
    for (let start = 0; start < bytes.length; line += 1) {
      const end = bytes.indexOf(0x0a, start);
      const stop = end === -1 ? bytes.length : end + 1;
      try {
        strict.decode(bytes.subarray(start, stop));
      } catch {
        break;
      }
      start = stop;
    }
    throw new AppError(
      400,
      `Line ${line} is not UTF-8 text: the file was probably saved as Latin-1 or Windows-1252. ${SAVE_AS_UTF8}`,
    );
  }
}

function parseCsv(body: string): { row: number; record: Record<string, string> }[] {
  try {
    const records = parse(body, {
      columns: checkHeader,
      // Undoes the export's guard against formulas, so an exported file imports with its values.
      cast: (value) => unguardFormula(value),
      bom: true,
      skip_empty_lines: true,
      info: true,
    }) as { record: Record<string, string>; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ row: info.lines, record }));
  } catch (error) {
    if (error instanceof ImportRejected) throw error;
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new ImportRejected('The file is not valid CSV', [{ row: line ?? 0, error: csvProblem(error) }]);
    }
    throw error;
  }
}

/**
 * The service an import names, by id or by name: the exact name first (names are unique as
 * written, so "Visa Stamping" and "visa stamping" can both exist), then the name in any letter case
 * when only one service has it. Otherwise the names it could be (none: unknown).
 */
function findService(allServices: { id: number; name: string }[], item: string): number | string[] {
  if (/^\d+$/.test(item)) return allServices.find((s) => s.id === Number(item))?.id ?? [];
  const exact = allServices.find((s) => s.name === item);
  if (exact) return exact.id;
  const alike = allServices.filter((s) => s.name.toLowerCase() === item.toLowerCase());
  return alike.length === 1 && alike[0] ? alike[0].id : alike.map((s) => s.name);
}

/**
 * Imports cases from CSV, all or nothing: every row is checked first (fields, services, case
 * numbers unique in the file and in the database), then the cases, their services, recipients and
 * history go in with a few multi-row inserts in one transaction.
 */
export async function importCases(db: Database, body: string, admin: ActingAdmin, now: Date): Promise<number> {
  const records = parseCsv(body);
  if (records.length === 0) throw new ImportRejected('The file has no cases', []);
  if (records.length > IMPORT_MAX_ROWS)
    throw new ImportRejected(`At most ${IMPORT_MAX_ROWS} cases per import; this file has ${records.length}`, []);

  return db.transaction(async (tx) => {
    const allServices = await tx.select({ id: services.id, name: services.name }).from(services);
    const errors: ImportRowError[] = [];
    const rows: ParsedRow[] = [];
    for (const { row, record } of records) {
      const parsed = rowSchema.safeParse({
        case_number: record.case_number ?? '',
        passport_number: record.passport_number ?? '',
        client_name: record.client_name ?? '',
        client_email: record.client_email ?? '',
        services: record.services ?? '',
      });
      if (!parsed.success) {
        errors.push({ row, error: parsed.error.issues.map((issue) => issue.message).join('; ') });
        continue;
      }
      const serviceIds: number[] = [];
      const unknown: string[] = [];
      const ambiguous: string[] = [];
      for (const item of parsed.data.services
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const found = findService(allServices, item);
        if (typeof found === 'number') serviceIds.push(found);
        else if (found.length === 0) unknown.push(item);
        else ambiguous.push(`"${item}" could be ${found.map((name) => `"${name}"`).join(' or ')}`);
      }
      if (unknown.length || ambiguous.length) {
        const problems = [
          ...(unknown.length ? [`Unknown service(s): ${unknown.join(', ')}`] : []),
          ...ambiguous.map((text) => `${text}: write the name exactly`),
        ];
        errors.push({ row, error: problems.join('; ') });
        continue;
      }
      rows.push({
        row,
        caseNumber: parsed.data.case_number ? normalizeCaseNumber(parsed.data.case_number) : null,
        passportNumber: parsed.data.passport_number,
        clientName: parsed.data.client_name,
        clientEmail: parsed.data.client_email,
        serviceIds: [...new Set(serviceIds)],
      });
    }

    // Case numbers: unique within the file, and not taken already.
    const firstRowOf = new Map<string, number>();
    for (const row of rows) {
      if (!row.caseNumber) continue;
      const first = firstRowOf.get(row.caseNumber);
      if (first !== undefined)
        errors.push({ row: row.row, error: `Case number ${row.caseNumber} is also on row ${first}` });
      else firstRowOf.set(row.caseNumber, row.row);
    }
    const taken = await existingCaseNumbers(tx, [...firstRowOf.keys()]);
    for (const row of rows) {
      if (row.caseNumber && taken.has(row.caseNumber))
        errors.push({ row: row.row, error: `Case number ${row.caseNumber} already exists` });
    }
    if (errors.length) {
      errors.sort((a, b) => a.row - b.row);
      throw new ImportRejected(`${errors.length} row(s) have problems; nothing was imported`, errors);
    }

    await assignGeneratedCaseNumbers(tx, rows, now);
    const inserted: { id: number; caseNumber: string }[] = [];
    for (const chunk of chunks(rows, 7)) {
      inserted.push(
        ...(await tx
          .insert(cases)
          .values(
            chunk.map((row) => ({
              caseNumber: row.caseNumber ?? '',
              passportNumber: row.passportNumber,
              clientName: row.clientName,
              clientEmail: row.clientEmail,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .returning({ id: cases.id, caseNumber: cases.caseNumber })),
      );
    }
    const idOf = new Map(inserted.map((row) => [row.caseNumber, row.id]));
    const withIds = rows.map((row) => {
      const id = idOf.get(row.caseNumber ?? '');
      if (id === undefined) throw new Error(`imported case ${row.caseNumber} came back without an id`);
      return { ...row, id };
    });

    const firstSteps = await tx.execute<{ service_id: number; id: number }>(
      sql`SELECT DISTINCT ON (service_id) service_id, id FROM steps ORDER BY service_id, sequence`,
    );
    const firstStepOf = new Map(firstSteps.rows.map((row) => [row.service_id, row.id]));
    const links = withIds.flatMap((row) =>
      row.serviceIds.map((serviceId) => ({
        caseId: row.id,
        serviceId,
        currentStepId: firstStepOf.get(serviceId) ?? null,
        lastUpdated: now,
      })),
    );
    for (const chunk of chunks(links, 4)) await tx.insert(caseServices).values(chunk);
    const caseIds = withIds.map((row) => row.id);
    // A service with a single step completes its case from the start.
    for (const chunk of chunks(caseIds, 1)) await setInitialCaseStatuses(tx, { caseIds: chunk });
    for (const chunk of chunks(withIds, 6))
      await addClientEmailRecipients(
        tx,
        chunk.map((row) => ({ caseId: row.id, email: row.clientEmail })),
        now,
      );
    const nameOf = new Map(allServices.map((s) => [s.id, s.name]));
    for (const chunk of chunks(withIds, 6)) {
      await recordCaseEvents(
        tx,
        chunk.map((row) => ({
          caseId: row.id,
          kind: 'case created',
          summary: `Case created by CSV import (row ${row.row})${row.serviceIds.length ? ` with ${row.serviceIds.map((id) => nameOf.get(id)).join(', ')}` : ' without services'}`,
        })),
        admin,
        now,
      );
    }
    return rows.length;
  });
}

async function existingCaseNumbers(tx: Queryable, numbers: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const chunk of chunks(numbers, 1)) {
    const rows = await tx
      .select({ caseNumber: cases.caseNumber })
      .from(cases)
      .where(inArray(cases.caseNumber, chunk))
      .orderBy(asc(cases.caseNumber));
    for (const row of rows) found.add(row.caseNumber);
  }
  return found;
}

/** Rows without a case number get one, as the create form does: unique in the file and the database. */
async function assignGeneratedCaseNumbers(tx: Queryable, rows: ParsedRow[], now: Date): Promise<void> {
  const used = new Set(rows.flatMap((row) => (row.caseNumber ? [row.caseNumber] : [])));
  for (let attempt = 0; attempt < 10; attempt++) {
    const needing = rows.filter((row) => !row.caseNumber);
    if (needing.length === 0) return;
    const proposed = needing.map(() => {
      let number = generateCaseNumber(now);
      while (used.has(number)) number = generateCaseNumber(now);
      used.add(number);
      return number;
    });
    const taken = await existingCaseNumbers(tx, proposed);
    needing.forEach((row, index) => {
      const number = proposed[index];
      if (number && !taken.has(number)) row.caseNumber = number;
    });
  }
  throw new Error('could not generate unique case numbers');
}
