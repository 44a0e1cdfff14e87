import { eq, inArray } from 'drizzle-orm';
import type pg from 'pg';
import type { CaseJourney, CaseLearnerReadiness } from '../../contracts/person-links.js';
import type { Database } from '../db/client.js';
import { cases } from '../db/schema/cases.js';
import { notFound } from '../platform/errors.js';
import type { PersonLinks } from '../platform/person-links.js';
import { applicantLicences } from './case-licences.js';
import { progressOfCase } from './progress-lookup.js';

/*
 * Staff see the readiness of the learner linked with a case (issue 41, decision 039), only when the
 * case's applicant allowed it: her choice is on the case, off until she turns it on. The readiness
 * is the LMS's, read through the link store.
 */

/** The applicant's choice, from her own session. */
export async function shareReadinessWithStaff(
  db: Database,
  caseId: number,
  share: boolean,
): Promise<{ share: boolean }> {
  const [row] = await db
    .update(cases)
    .set({ readinessSharedWithStaff: share })
    .where(eq(cases.id, caseId))
    .returning({ share: cases.readinessSharedWithStaff });
  if (!row) throw notFound('Case');
  return row;
}

/** What staff see on the case: nothing but "not shared" until the applicant allows it. */
export async function caseLearnerReadiness(
  db: Database,
  links: PersonLinks,
  caseId: number,
): Promise<CaseLearnerReadiness> {
  const [found] = await db.select({ shared: cases.readinessSharedWithStaff }).from(cases).where(eq(cases.id, caseId));
  if (!found) throw notFound('Case');
  if (!found.shared) return { shared: false, learners: [] };
  const learners = await links.linkedWith({ area: 'cases', accountId: String(caseId) }, 'lms');
  return {
    shared: true,
    learners: await links.read('learnerReadiness')(learners.map((learner) => learner.accountId)),
  };
}

/** A person's cases as their applicant sees them (the case page's reads), for the journey page (decision 039). */
export function caseJourneys(db: Database, pool: pg.Pool) {
  return async (caseIds: string[], now: Date): Promise<CaseJourney[]> => {
    const ids = caseIds.filter((id) => /^\d{1,10}$/.test(id)).map(Number);
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: cases.id, caseNumber: cases.caseNumber })
      .from(cases)
      .where(inArray(cases.id, ids))
      .orderBy(cases.id);
    const journeys: CaseJourney[] = [];
    for (const row of rows) {
      // By its exact number: "PW-1" and "PW1" of one passport look alike to the public lookup.
      const progress = await progressOfCase(pool, row.caseNumber, now);
      journeys.push({
        caseNumber: progress.caseNumber,
        status: progress.status,
        services: progress.servicesSubscribed,
        documents: progress.documents,
        licences: await applicantLicences(db, row.id, now),
        readyToWork: progress.readyToWork,
      });
    }
    return journeys;
  };
}
