import { count, desc, eq } from 'drizzle-orm';
import type { CaseNote } from '../../contracts/cases.js';
import type { Database, Queryable } from '../db/client.js';
import { caseNotes, cases } from '../db/schema/cases.js';
import { notFound } from '../platform/errors.js';
import type { ActingAdmin } from './case-events.js';

/**
 * Staff's internal notes on a case. Only the case admin routes read them: no applicant, tracker or
 * subscriber answer selects from this table (the attack test in test/cases/case-staff-extras.test.ts holds it to that).
 */

async function assertCaseExists(db: Queryable, caseId: number): Promise<void> {
  const [found] = await db.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId));
  if (!found) throw notFound('Case');
}

const toNote = (row: typeof caseNotes.$inferSelect): CaseNote => ({
  id: row.id,
  body: row.body,
  author: row.authorEmail,
  createdAt: row.createdAt.toISOString(),
});

/** A page of the case's notes, newest first, and how many there are. */
export async function listCaseNotes(
  db: Database,
  caseId: number,
  page: number,
  pageSize: number,
): Promise<{ items: CaseNote[]; total: number }> {
  await assertCaseExists(db, caseId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(caseNotes)
      .where(eq(caseNotes.caseId, caseId))
      .orderBy(desc(caseNotes.createdAt), desc(caseNotes.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(caseNotes).where(eq(caseNotes.caseId, caseId)),
  ]);
  return { items: rows.map(toNote), total: total?.n ?? 0 };
}

export async function addCaseNote(
  db: Database,
  caseId: number,
  body: string,
  author: ActingAdmin,
  now: Date,
): Promise<CaseNote> {
  return db.transaction(async (tx) => {
    // Locked, so a note cannot be written to a case being deleted at that moment (it would fail on the key).
    const [found] = await tx.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId)).for('share');
    if (!found) throw notFound('Case');
    const [row] = await tx
      .insert(caseNotes)
      .values({ caseId, body, authorAdminId: author.id, authorEmail: author.email, createdAt: now })
      .returning();
    if (!row) throw new Error('the note was not stored');
    return toNote(row);
  });
}
