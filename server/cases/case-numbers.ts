import { createHash, randomInt } from 'node:crypto';
import { asc, inArray, sql } from 'drizzle-orm';
import { compactCaseNumber } from '../../contracts/case-languages.js';
import type { Queryable } from '../db/client.js';
import { cases } from '../db/schema/cases.js';
import { AppError } from '../platform/errors.js';

/*
 * Case numbers: made up for a new case (PW-2026-7K3M9Q), and kept upper-case so a look-up does
 * not care how one was typed.
 */

// Without easily confused characters (0/O, 1/I/L), for numbers read over the phone.
const CASE_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function generateCaseNumber(now: Date): string {
  const suffix = Array.from({ length: 6 }, () => CASE_NUMBER_ALPHABET[randomInt(CASE_NUMBER_ALPHABET.length)]).join('');
  return `PW-${now.getUTCFullYear()}-${suffix}`;
}

/** Case numbers are kept upper-case, so look-ups need not care how they were typed. */
export const normalizeCaseNumber = (caseNumber: string) => caseNumber.trim().toUpperCase();

/**
 * Numbers the tracker cannot tell apart are one number to staff too (issue 38): the public lookup
 * compares case numbers without dashes, spaces or letter case (compactCaseNumber), so "PW-1" and
 * "PW1" of one passport would name two cases with one typed number. A new number equal to an
 * existing one in that form is refused where staff enter numbers (create, import); decision 048.
 */
export const caseNumberKey = compactCaseNumber;

const KEYS_PER_STATEMENT = 30_000;

/**
 * Case numbers are locked by bucket, not one lock per number: an import of 5,000 rows would take
 * 5,000 advisory locks, and two at once overflow PostgreSQL's shared lock table (64 per connection
 * by default) with "out of shared memory". Two numbers in one bucket only wait for each other.
 */
const LOCK_BUCKETS = 1024;
/** pg_advisory_xact_lock's first key for case numbers ('CN'), apart from every other advisory lock. */
const CASE_NUMBER_LOCKS = 0x434e;
const lockBucketOf = (key: string) => createHash('sha1').update(key).digest().readUInt16BE(0) % LOCK_BUCKETS;

/**
 * The existing cases whose numbers equal these in the lookup's form, by that form (through the
 * b-tree of migration 0030 on `replace(case_number, '-', '')`). The keys' buckets are locked for the
 * rest of the transaction first, all at once and in order (no two transactions can wait for each
 * other), so two creates of "PW-1" and "PW1" at once cannot both find the other absent.
 */
export async function casesWithNumbersLike(
  tx: Queryable,
  caseNumbers: string[],
): Promise<Map<string, { id: number; caseNumber: string }>> {
  const keys = [...new Set(caseNumbers.map(caseNumberKey))].sort();
  const found = new Map<string, { id: number; caseNumber: string }>();
  const buckets = [...new Set(keys.map(lockBucketOf))].sort((a, b) => a - b);
  if (buckets.length > 0)
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${CASE_NUMBER_LOCKS}, bucket) FROM unnest(ARRAY[${sql.join(
        buckets.map((bucket) => sql`${bucket}`),
        sql`, `,
      )}]::int[]) AS bucket`,
    );
  // A statement takes at most 65,535 parameters: an import's numbers go in slices.
  for (let start = 0; start < keys.length; start += KEYS_PER_STATEMENT) {
    const slice = keys.slice(start, start + KEYS_PER_STATEMENT).map((key) => sql`${key}`);
    const rows = await tx
      .select({ id: cases.id, caseNumber: cases.caseNumber })
      .from(cases)
      .where(inArray(sql`replace(${cases.caseNumber}, '-', '')`, slice))
      .orderBy(asc(cases.id));
    for (const row of rows) {
      const key = caseNumberKey(row.caseNumber);
      if (!found.has(key)) found.set(key, row);
    }
  }
  return found;
}

/**
 * Why staff cannot write this case number, as the create form and the import say it: it is an
 * existing case's, or one of the file's earlier rows' (`row`), exactly or as the tracker reads it.
 */
export function caseNumberClash(requested: string, other: { caseNumber: string; row?: number }): string {
  const where =
    other.row === undefined ? `the existing case ${other.caseNumber}` : `${other.caseNumber} of row ${other.row}`;
  if (other.caseNumber === requested)
    return other.row === undefined
      ? `Case number ${requested} already exists`
      : `Case number ${requested} is also on row ${other.row}`;
  // The way out is named where it is another case: the form links to it (decision 048).
  const wayOut = other.row === undefined ? `. Open ${other.caseNumber}, or choose another number` : '';
  return `Case number ${requested} is ${where} written differently: the tracker could not tell them apart${wayOut}`;
}

/** The 409 for a case number the tracker could not tell from an existing case's. */
export function caseNumberTaken(requested: string, existing: { caseNumber: string }): AppError {
  return new AppError(409, caseNumberClash(requested, existing), undefined, 'case_number');
}
