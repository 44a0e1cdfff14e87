import { asc, inArray, sql } from 'drizzle-orm';
import type { ImportRowError } from '../../contracts/cases.js';
import type { Database, Queryable } from '../db/client.js';
import { caseAdmins, cases, caseServices, services } from '../db/schema/cases.js';
import { ImportRejected } from '../platform/errors.js';
import { runWorkerTask } from '../platform/worker-task.js';
import { recordCaseEvents } from './case-events.js';
import type { CaseImportInput, CaseImportOutput } from './case-import-task.js';
import {
  caseNumberClash,
  caseNumberKey,
  casesWithNumbersLike,
  generateCaseNumber,
  normalizeCaseNumber,
} from './case-numbers.js';
import { addClientEmailRecipients } from './case-notifications.js';
import { setInitialCaseStatuses } from './case-status.js';
import type { ActingAdmin } from './case-events.js';

type ParsedRow = {
  row: number;
  caseNumber: string | null;
  passportNumber: string;
  clientName: string;
  clientEmail: string | null;
  serviceIds: number[];
  applicantLanguage: 'en' | 'ar' | 'hi';
  /** The owner named by the row, else whoever imports (issue 38: imported cases had nobody). */
  ownerAdminId: number;
};

// PostgreSQL takes at most 65,535 parameters per statement; inserts are cut into chunks below that.
const MAX_PARAMETERS = 60_000;
function chunks<T>(items: T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

// The worker's module as built; from the sources, worker-task runs the .ts beside it.
const importTask = new URL('./case-import-task.js', import.meta.url);

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
export async function importCases(db: Database, file: CaseImportInput, admin: ActingAdmin, now: Date): Promise<number> {
  // Decoding, reading and the checks of each row on its own run in a worker thread (case-import-task.ts).
  const read = await runWorkerTask<CaseImportInput, CaseImportOutput>(importTask, file);

  return db.transaction(async (tx) => {
    const allServices = await tx.select({ id: services.id, name: services.name }).from(services);
    const staff = await tx.select({ id: caseAdmins.id, email: caseAdmins.email }).from(caseAdmins);
    const errors: ImportRowError[] = [...read.errors];
    const rows: ParsedRow[] = [];
    for (const { row, fields } of read.rows) {
      const serviceIds: number[] = [];
      const unknown: string[] = [];
      const ambiguous: string[] = [];
      for (const item of fields.services
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
      const owner = fields.owner ? staff.find((admin) => admin.email === fields.owner) : { id: admin.id };
      if (!owner) {
        errors.push({
          row,
          error: `Unknown owner ${fields.owner}: name a staff member by their email, or leave it empty`,
        });
        continue;
      }
      rows.push({
        row,
        caseNumber: fields.case_number ? normalizeCaseNumber(fields.case_number) : null,
        passportNumber: fields.passport_number,
        clientName: fields.client_name,
        clientEmail: fields.client_email,
        serviceIds: [...new Set(serviceIds)],
        applicantLanguage: fields.applicant_language ?? 'en',
        ownerAdminId: owner.id,
      });
    }

    // Case numbers: unique within the file, and not taken already, as the tracker compares them
    // (without dashes: "PW1" is "PW-1", which the lookup could not tell apart; decision 048).
    const firstRowOf = new Map<string, { row: number; caseNumber: string }>();
    for (const row of rows) {
      if (!row.caseNumber) continue;
      const first = firstRowOf.get(caseNumberKey(row.caseNumber));
      if (first !== undefined) errors.push({ row: row.row, error: caseNumberClash(row.caseNumber, first) });
      else firstRowOf.set(caseNumberKey(row.caseNumber), { row: row.row, caseNumber: row.caseNumber });
    }
    const taken = await casesWithNumbersLike(
      tx,
      [...firstRowOf.values()].map((first) => first.caseNumber),
    );
    for (const row of rows) {
      const existing = row.caseNumber ? taken.get(caseNumberKey(row.caseNumber)) : undefined;
      if (row.caseNumber && existing)
        errors.push({ row: row.row, error: caseNumberClash(row.caseNumber, { caseNumber: existing.caseNumber }) });
    }
    if (errors.length) {
      errors.sort((a, b) => a.row - b.row);
      throw new ImportRejected(`${errors.length} row(s) have problems; nothing was imported`, errors);
    }

    await assignGeneratedCaseNumbers(tx, rows, now);
    const inserted: { id: number; caseNumber: string }[] = [];
    for (const chunk of chunks(rows, 9)) {
      inserted.push(
        ...(await tx
          .insert(cases)
          .values(
            chunk.map((row) => ({
              caseNumber: row.caseNumber ?? '',
              passportNumber: row.passportNumber,
              clientName: row.clientName,
              clientEmail: row.clientEmail,
              applicantLanguage: row.applicantLanguage,
              ownerAdminId: row.ownerAdminId,
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
