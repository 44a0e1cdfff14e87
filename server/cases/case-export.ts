import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { exportOnlyColumns, importColumns } from '../../contracts/cases.js';
import type { Database } from '../db/client.js';
import { caseAdmins, cases, caseServices, services, steps } from '../db/schema/cases.js';
import { guardFormula } from '../../contracts/csv-formula-guard.js';
import { caseListOrderBy, caseListWhere, type CaseListFilter } from './case-list-query.js';
import { daysSince } from './step-timing.js';

/** More than this is not a spreadsheet any more; the filter narrows it. */
export const EXPORT_MAX_ROWS = 100_000;

/**
 * The filtered, sorted case list as CSV, in the import's columns (so an export can be edited and
 * imported elsewhere, as it is) plus status, current steps and dates, which the import ignores.
 * One query: services are aggregated per case by PostgreSQL.
 */
export async function exportCases(db: Database, filter: CaseListFilter, at: Date): Promise<string> {
  const rows = await db
    .select({
      caseNumber: cases.caseNumber,
      passportNumber: cases.passportNumber,
      clientName: cases.clientName,
      clientEmail: cases.clientEmail,
      status: cases.status,
      createdAt: cases.createdAt,
      updatedAt: cases.updatedAt,
      applicantLanguage: cases.applicantLanguage,
      owner: sql<string>`coalesce((SELECT ${caseAdmins.email} FROM ${caseAdmins} WHERE ${caseAdmins.id} = ${cases.ownerAdminId}), '')`,
      stepSince: cases.stepSince,
      overdueAt: cases.overdueAt,
      services: sql<string>`coalesce(string_agg(${services.name}, ';' ORDER BY ${caseServices.id}), '')`,
      currentSteps: sql<string>`coalesce(string_agg(${services.name} || ': ' || coalesce(${steps.name}, 'no step'), '; ' ORDER BY ${caseServices.id}), '')`,
    })
    .from(cases)
    .leftJoin(caseServices, sql`${caseServices.caseId} = ${cases.id}`)
    .leftJoin(services, sql`${services.id} = ${caseServices.serviceId}`)
    .leftJoin(steps, sql`${steps.id} = ${caseServices.currentStepId}`)
    .where(caseListWhere(filter))
    .groupBy(cases.id)
    .orderBy(...caseListOrderBy(filter))
    .limit(EXPORT_MAX_ROWS);
  return stringify(
    rows.map((row) =>
      [
        row.caseNumber,
        row.passportNumber,
        row.clientName,
        row.clientEmail ?? '',
        row.services,
        row.applicantLanguage,
        row.owner,
        row.status,
        row.currentSteps,
        row.createdAt.toISOString(),
        row.updatedAt.toISOString(),
        // 'infinity' (no service waiting, no figure) reads back as an invalid date: an empty cell.
        Number.isFinite(row.stepSince.getTime()) ? String(daysSince(row.stepSince, at)) : '',
        Number.isFinite(row.overdueAt.getTime()) && row.overdueAt < at ? String(daysSince(row.overdueAt, at)) : '',
      ].map(guardFormula),
    ),
    // The byte-order mark makes Excel, opened by a double click, read UTF-8 (Arabic and Hindi names) as UTF-8.
    { header: true, columns: [...importColumns, ...exportOnlyColumns], bom: true },
  );
}
