import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
  CaseJourney,
  JourneyAnswer,
  LearnerReadinessSummary,
  LinkedArea,
  PersonLinksAnswer,
  VerifiedLicence,
} from '../../contracts/person-links.js';
import type { Database, Queryable } from '../db/client.js';
import { oneTimeTokens } from '../db/schema/one-time-tokens.js';
import { personLinks } from '../db/schema/person-links.js';
import { AppError } from './errors.js';
import { consumeOneTimeToken, issueOneTimeToken } from './one-time-tokens.js';

/*
 * One person, linked accounts (issue 41, decision 039). The link store is the platform's: areas never
 * import each other, so each area says here what its identities are (an `IdentitySource`) and what
 * it lets the others read about a linked person (`PersonReads`), and reads the others only so.
 *
 * A link is made only by the person, signed in to one identity, proving control of the other:
 * - by address: both identities have proved the same email address (a network member who followed
 *   the verification link; a case's applicant, whose sign-in link went to the case's address);
 * - by signing in to the other: the other identity, signed in, asked for a code (10 minutes, once),
 *   which this one hands back.
 * Staff accounts are no identity of a person: their scopes have no link routes, and an LMS admin's
 * token is refused on the learners' one.
 */

export type Identity = { area: LinkedArea; accountId: string };

export type IdentitySource = {
  area: LinkedArea;
  /** What the person knows each account by (a username, a case number); an account that is gone is missing. */
  labels(accountIds: string[]): Promise<Map<string, string>>;
  /** The address the signed-in identity has proved it controls, lower-case, or null. */
  provenEmail(accountId: string): Promise<string | null>;
  /**
   * The accounts of the area that proved this address; empty when the area cannot vouch for
   * anyone's address (LMS addresses are never verified; a case is linked only from its applicant's
   * own sign-in, which proves the passport number as well as the address).
   */
  accountsWithProvenEmail(email: string): Promise<string[]>;
  /**
   * Queues, in the link's own transaction, the email telling this account's owner it was just
   * linked with `linked` (in their language, to the account's address; nothing without one): a link
   * the person did not make is caught there.
   */
  noticeOfLink(tx: Queryable, accountId: string, linked: LinkNotice): Promise<void>;
};

/** The account a notice of a new link names: its area, what its person knows it by, and when. */
export type LinkNotice = { area: LinkedArea; label: string; linkedAt: Date };

/** What an area may read about a linked person, each read served by the area that owns the data. */
export type PersonReads = {
  /** The licences these cases' applicant chose to show on their profile, valid or not. */
  shownLicences: (caseIds: string[], now: Date) => Promise<VerifiedLicence[]>;
  /** The LMS's readiness of these learners, for staff of a case whose applicant allowed it. */
  learnerReadiness: (learnerIds: string[]) => Promise<LearnerReadinessSummary[]>;
  /** The cases' progress, documents and licences as their applicant sees them, for the person's journey page. */
  caseJourneys: (caseIds: string[], now: Date) => Promise<CaseJourney[]>;
};

export type PersonLinks = {
  addSource(source: IdentitySource): void;
  provide<K extends keyof PersonReads>(name: K, read: PersonReads[K]): void;
  read<K extends keyof PersonReads>(name: K): PersonReads[K];
  /** The identities linked with this one (itself excluded), of one area when given. */
  linkedWith(identity: Identity, area?: LinkedArea): Promise<Identity[]>;
  /**
   * Links two identities the person has proved control of (joining their persons), `a` the one
   * signed in: `b`'s owner is emailed about it, in the same transaction.
   */
  join(a: Identity, b: Identity, now: Date): Promise<void>;
  list(self: Identity): Promise<PersonLinksAnswer>;
  linkByEmail(self: Identity, area: LinkedArea, now: Date): Promise<PersonLinksAnswer>;
  issueCode(self: Identity, now: Date): Promise<{ code: string; expiresAt: string }>;
  linkByCode(self: Identity, code: string, now: Date): Promise<PersonLinksAnswer>;
  unlink(self: Identity, target: Identity): Promise<void>;
  /** The person's journey, read by the signed-in identity: each part from the area that owns it. */
  journey(self: Identity, now: Date): Promise<JourneyAnswer>;
};

export const LINK_CODE_TTL_SECONDS = 10 * 60;

const AREA_NAMES: Record<LinkedArea, string> = { network: 'network', lms: 'LMS', cases: 'case' };
const key = (identity: Identity) => `${identity.area}:${identity.accountId}`;
const same = (a: Identity, b: Identity) => a.area === b.area && a.accountId === b.accountId;

/** Takes one identity out of its person, in the caller's transaction; a person left with one identity links nothing. */
async function removeFromPerson(tx: Queryable, identity: Identity): Promise<void> {
  // Links are rare: one lock for every link write (as join takes) keeps removals and joins in order.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('person-links'))`);
  const [removed] = await tx
    .delete(personLinks)
    .where(and(eq(personLinks.area, identity.area), eq(personLinks.accountId, identity.accountId)))
    .returning({ personId: personLinks.personId });
  if (!removed) return;
  const left = await tx.select().from(personLinks).where(eq(personLinks.personId, removed.personId));
  if (left.length === 1) await tx.delete(personLinks).where(inArray(personLinks.personId, [removed.personId]));
}

/**
 * Forgets an identity's links and its unused link code, in the caller's transaction, when the proof
 * behind them is withdrawn: the account is deleted, a case's address or passport number is
 * corrected (whoever signed in through the old one may not be its applicant), a squatted account is
 * reclaimed by the address's owner. Nothing proven through the old holder stands.
 */
export async function forgetIdentity(tx: Queryable, identity: Identity): Promise<void> {
  await removeFromPerson(tx, identity);
  await tx
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.purpose, 'person-link'), eq(oneTimeTokens.accountId, key(identity))));
}

export function createPersonLinks(db: Database): PersonLinks {
  const sources = new Map<LinkedArea, IdentitySource>();
  const reads: Partial<PersonReads> = {};
  const source = (area: LinkedArea) => {
    const found = sources.get(area);
    if (!found) throw new Error(`no identity source for ${area}`);
    return found;
  };

  async function personOf(identity: Identity, queryable: Pick<Database, 'select'> = db) {
    const [row] = await queryable
      .select({ personId: personLinks.personId })
      .from(personLinks)
      .where(and(eq(personLinks.area, identity.area), eq(personLinks.accountId, identity.accountId)));
    return row?.personId;
  }

  async function members(personId: string) {
    return db.select().from(personLinks).where(eq(personLinks.personId, personId));
  }

  async function join(a: Identity, b: Identity, now: Date): Promise<void> {
    if (same(a, b)) return;
    const label = (await source(a.area).labels([a.accountId])).get(a.accountId);
    // The identity signed in has an account by now; one deleted this instant links nothing.
    if (label === undefined) return;
    const notice = { area: a.area, label, linkedAt: now };
    await db.transaction(async (tx) => {
      // Links are rare: one lock for every link write keeps two joins of the same people from
      // making two persons, without a retry loop.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('person-links'))`);
      const [personA, personB] = [await personOf(a, tx), await personOf(b, tx)];
      if (personA && personA === personB) return;
      if (personA && personB) {
        // Both already belong to a person: the one who proved both is one person.
        await tx.update(personLinks).set({ personId: personA }).where(eq(personLinks.personId, personB));
      } else {
        const personId = personA ?? personB ?? randomUUID();
        const rows = [a, b]
          .filter((_, i) => (i === 0 ? !personA : !personB))
          .map((identity) => ({ ...identity, personId, linkedAt: now }));
        await tx.insert(personLinks).values(rows);
      }
      await source(b.area).noticeOfLink(tx, b.accountId, notice);
    });
  }

  async function linkedWith(identity: Identity, area?: LinkedArea): Promise<Identity[]> {
    const personId = await personOf(identity);
    if (!personId) return [];
    const rows = await db
      .select({ area: personLinks.area, accountId: personLinks.accountId })
      .from(personLinks)
      .where(and(eq(personLinks.personId, personId), area ? eq(personLinks.area, area) : undefined));
    return rows.filter((row) => !same(row, identity));
  }

  async function list(self: Identity): Promise<PersonLinksAnswer> {
    const personId = await personOf(self);
    const rows = personId ? await members(personId) : [{ ...self, linkedAt: null }];
    const identities = [];
    for (const area of ['network', 'lms', 'cases'] as const) {
      const ofArea = rows.filter((row) => row.area === area);
      if (ofArea.length === 0) continue;
      const labels = await source(area).labels(ofArea.map((row) => row.accountId));
      for (const row of ofArea) {
        const label = labels.get(row.accountId);
        // An account deleted since it was linked is no longer anyone's.
        if (label === undefined) continue;
        identities.push({
          area,
          accountId: row.accountId,
          label,
          current: same(row, self),
          linkedAt: row.linkedAt?.toISOString() ?? null,
        });
      }
    }
    return { identities };
  }

  async function linkByEmail(self: Identity, area: LinkedArea, now: Date): Promise<PersonLinksAnswer> {
    const email = await source(self.area).provenEmail(self.accountId);
    if (!email)
      throw new AppError(
        409,
        'This account has no verified email address: verify it first, or link by signing in to the other account.',
        'NO_VERIFIED_EMAIL',
      );
    const found = (await source(area).accountsWithProvenEmail(email))
      .map((accountId) => ({ area, accountId }))
      .filter((identity) => !same(identity, self));
    if (found.length === 0)
      throw new AppError(
        409,
        `No ${AREA_NAMES[area]} account has verified this address: sign in to it and ask it for a link code instead.`,
        'NO_ACCOUNT_WITH_THIS_EMAIL',
      );
    for (const identity of found) await join(self, identity, now);
    return list(self);
  }

  async function issueCode(self: Identity, now: Date) {
    const code = await issueOneTimeToken(db, 'person-link', key(self), now, LINK_CODE_TTL_SECONDS);
    return { code, expiresAt: new Date(now.getTime() + LINK_CODE_TTL_SECONDS * 1000).toISOString() };
  }

  async function linkByCode(self: Identity, code: string, now: Date): Promise<PersonLinksAnswer> {
    const issuer = await consumeOneTimeToken(db, 'person-link', code, now);
    const [area, ...rest] = issuer?.split(':') ?? [];
    const other = { area: area as LinkedArea, accountId: rest.join(':') };
    if (!issuer || !sources.has(other.area))
      throw new AppError(
        400,
        'This link code is not valid or has expired: ask your other account for a new one.',
        'LINK_CODE_INVALID',
      );
    if (same(other, self))
      throw new AppError(
        400,
        'This code was made by this same account: use it in your other account.',
        'LINK_CODE_SELF',
      );
    await join(self, other, now);
    return list(self);
  }

  async function unlink(self: Identity, target: Identity): Promise<void> {
    const personId = await personOf(self);
    if (!personId || personId !== (await personOf(target)))
      throw new AppError(404, 'This account is not linked with yours', 'NOT_LINKED');
    await db.transaction((tx) => removeFromPerson(tx, target));
  }

  async function journey(self: Identity, now: Date): Promise<JourneyAnswer> {
    const identities = [self, ...(await linkedWith(self))];
    const of = (area: LinkedArea) =>
      identities.filter((identity) => identity.area === area).map((identity) => identity.accountId);
    const [learners, caseIds] = [of('lms'), of('cases')];
    return {
      readiness: learners.length ? await read('learnerReadiness')(learners) : [],
      cases: caseIds.length ? await read('caseJourneys')(caseIds, now) : [],
    };
  }

  function read<K extends keyof PersonReads>(name: K): PersonReads[K] {
    const found = reads[name];
    if (!found) throw new Error(`no area provides ${name}`);
    return found;
  }

  return {
    addSource: (identitySource) => void sources.set(identitySource.area, identitySource),
    provide: (name, read) => void (reads[name] = read),
    read,
    journey,
    linkedWith,
    join,
    list,
    linkByEmail,
    issueCode,
    linkByCode,
    unlink,
  };
}
