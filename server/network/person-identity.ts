import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { networkUsers } from '../db/schema/network.js';
import type { VerifiedLicence } from '../../contracts/person-links.js';
import { publicLink, type Mailer } from '../platform/mail.js';
import type { IdentitySource, PersonLinks } from '../platform/person-links.js';
import type { Config } from '../config.js';
import { memberAccountLinkedEmail } from './member-emails.js';

/**
 * A network member as an identity of a person (decision 039): known by their username, vouching for
 * their address once they followed its verification link (or their provider vouched for it).
 */
export function networkIdentity(
  db: Database,
  deps: { mailer: Mailer; config: Pick<Config, 'publicUrl' | 'port'> },
): IdentitySource {
  return {
    area: 'network',
    async labels(accountIds) {
      // Member ids are uuids: anything else names no member (and would be refused by the uuid column).
      const ids = accountIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: networkUsers.id, username: networkUsers.username })
        .from(networkUsers)
        .where(inArray(networkUsers.id, ids));
      // Never the address: a member without a username yet is named so.
      return new Map(rows.map((row) => [row.id, row.username ?? 'a network account without a username yet']));
    },
    async provenEmail(accountId) {
      const [row] = await db
        .select({ email: networkUsers.email })
        .from(networkUsers)
        .where(and(eq(networkUsers.id, accountId), isNotNull(networkUsers.emailVerifiedAt)));
      return row?.email ?? null;
    },
    async accountsWithProvenEmail(email) {
      const rows = await db
        .select({ id: networkUsers.id })
        .from(networkUsers)
        .where(and(eq(networkUsers.email, email.toLowerCase()), isNotNull(networkUsers.emailVerifiedAt)));
      return rows.map((row) => row.id);
    },
    // To the member's verified address only: an unverified one may be anyone's.
    async noticeOfLink(tx, accountId, linked) {
      const [row] = await tx
        .select({ email: networkUsers.email })
        .from(networkUsers)
        .where(and(eq(networkUsers.id, accountId), isNotNull(networkUsers.emailVerifiedAt)));
      if (!row?.email) return;
      const when = `${linked.linkedAt.toISOString().slice(0, 10)} ${linked.linkedAt.toISOString().slice(11, 16)} UTC`;
      const email = await memberAccountLinkedEmail({
        linked,
        when,
        settingsLink: publicLink(deps.config, '/settings'),
      });
      await deps.mailer.send(tx, { to: row.email, ...email });
    },
  };
}

/** The licences a member chose to show: read from the cases linked with them, never by an address alone. */
export async function memberLicences(links: PersonLinks, memberId: string, now: Date): Promise<VerifiedLicence[]> {
  const linkedCases = await links.linkedWith({ area: 'network', accountId: memberId }, 'cases');
  if (linkedCases.length === 0) return [];
  return links.read('shownLicences')(
    linkedCases.map((identity) => identity.accountId),
    now,
  );
}
