import { and, eq } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.js';
import { applicantSessions, cases } from '../db/schema/cases.js';
import { oneTimeTokens } from '../db/schema/one-time-tokens.js';
import { notFound } from '../platform/errors.js';
import { forgetIdentity } from '../platform/person-links.js';
import { recordCaseEvents, type ActingAdmin } from './case-events.js';

/*
 * Ending an applicant's way in: their sessions (the cookie) and their unused emailed sign-in link.
 * Apart from applicant-access.ts so that case writes (case-writes.ts) can end them in their own
 * transaction without an import cycle.
 */

/**
 * Ends every applicant session of the case, its unused sign-in link and its links to other accounts, in the caller's
 * transaction: the case's address or passport number was corrected (whoever signed in through the
 * old one may not be the applicant), or staff chose to. Returns how many of each ended.
 */
export async function endApplicantSignIns(tx: Queryable, caseId: number): Promise<{ sessions: number; links: number }> {
  const sessions = await tx
    .delete(applicantSessions)
    .where(eq(applicantSessions.caseId, caseId))
    .returning({ tokenHash: applicantSessions.tokenHash });
  const links = await tx
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.purpose, 'applicant-access'), eq(oneTimeTokens.accountId, String(caseId))))
    .returning({ tokenHash: oneTimeTokens.tokenHash });
  // Links made through those sign-ins (decision 039) were proven by whoever held them: they go too.
  await forgetIdentity(tx, { area: 'cases', accountId: String(caseId) });
  return { sessions: sessions.length, links: links.length };
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * Staff's "End applicant sign-ins": every session and unused link of the case ends, recorded in
 * its history with who did it. Returns the sentence the screen shows.
 */
export async function endApplicantSignInsOfCase(
  db: Database,
  caseId: number,
  admin: ActingAdmin,
  now: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId)).for('update');
    if (!found) throw notFound('Case');
    const ended = await endApplicantSignIns(tx, caseId);
    const what = `${plural(ended.sessions, 'sign-in')} and ${plural(ended.links, 'unused sign-in link')}`;
    await recordCaseEvents(
      tx,
      [{ caseId, kind: 'applicant sign-ins ended', summary: `Ended the applicant's sign-ins (${what})` }],
      admin,
      now,
    );
    return `Ended ${what} of the applicant`;
  });
}
