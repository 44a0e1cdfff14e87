import { and, asc, eq, inArray } from 'drizzle-orm';
import { licenceCredentialPath, licenceVerifyPath } from '../../contracts/case-licences-constants.js';
import type { VerifiedLicence } from '../../contracts/person-links.js';
import type { Database } from '../db/client.js';
import { caseLicences, cases } from '../db/schema/cases.js';
import type { IdentitySource } from '../platform/person-links.js';
import { accountLinkedEmail } from './case-emails.js';
import { licenceStatus, type PublicLinks } from './case-licences.js';
import { caseContactOf, type NotificationDeps } from './case-notifications.js';

const caseIdsOf = (accountIds: string[]) => accountIds.filter((id) => /^\d{1,10}$/.test(id)).map(Number);

/**
 * A case's applicant as an identity of a person (decision 039), known by the case number. The
 * applicant's sign-in link went to the case's address, so a signed-in applicant has proved it; but
 * a case is never found by its address alone (its sign-in also asks for the passport number), so it
 * is linked only from its applicant's own session.
 */
export function caseIdentity(
  db: Database,
  notify: Pick<NotificationDeps, 'mailer' | 'link' | 'agency'>,
): IdentitySource {
  return {
    area: 'cases',
    async labels(accountIds) {
      const ids = caseIdsOf(accountIds);
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: cases.id, caseNumber: cases.caseNumber })
        .from(cases)
        .where(inArray(cases.id, ids));
      return new Map(rows.map((row) => [String(row.id), row.caseNumber]));
    },
    async provenEmail(accountId) {
      const [row] = await db
        .select({ email: cases.clientEmail })
        .from(cases)
        .where(eq(cases.id, Number(accountId)));
      return row?.email?.trim().toLowerCase() || null;
    },
    accountsWithProvenEmail: async () => [],
    // To the case's address, in the language the applicant last used (decision 039).
    async noticeOfLink(tx, accountId, linked) {
      const [found] = await tx
        .select({ email: cases.clientEmail, caseNumber: cases.caseNumber, language: cases.applicantLanguage })
        .from(cases)
        .where(eq(cases.id, Number(accountId)));
      if (!found?.email) return;
      const email = await accountLinkedEmail({
        language: found.language,
        caseNumber: found.caseNumber,
        linked,
        caseLink: notify.link('/casetracking/case'),
        contact: await caseContactOf(tx, notify.agency, Number(accountId)),
      });
      await notify.mailer.send(tx, { to: found.email, ...email });
    },
  };
}

/** What a linked member's profile may read: the licences its cases' applicant chose to show, with their status now. */
export function shownLicences(db: Database, link: PublicLinks) {
  return async (caseIds: string[], now: Date): Promise<VerifiedLicence[]> => {
    const ids = caseIdsOf(caseIds);
    if (ids.length === 0) return [];
    const rows = await db
      .select()
      .from(caseLicences)
      .where(and(inArray(caseLicences.caseId, ids), eq(caseLicences.shownOnProfile, true)))
      .orderBy(asc(caseLicences.id));
    return rows.map((row) => ({
      authority: row.authority,
      licenceType: row.licenceType,
      expiresOn: row.expiresOn,
      status: licenceStatus(row, now),
      credentialUrl: link(licenceCredentialPath(row.credentialId)),
      verifyUrl: link(licenceVerifyPath(row.credentialId)),
    }));
  };
}
