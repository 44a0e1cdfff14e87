import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { LearnerReadinessSummary } from '../../contracts/person-links.js';
import type { Database } from '../db/client.js';
import { examAnswers, examAttempts, lmsUsers } from '../db/schema/lms.js';
import type { Config } from '../config.js';
import { publicLink, type Mailer } from '../platform/mail.js';
import type { IdentitySource } from '../platform/person-links.js';
import { findAccount } from './accounts.js';
import { learnerAccountLinkedEmail } from './learner-emails.js';
import { learnerReadiness } from './readiness.js';

/**
 * An LMS learner as an identity of a person (decision 039), known by their username. The LMS never
 * verifies an address (it is optional and only receives reset links), so it vouches for none: a
 * learner is linked by signing in to both, never by an address.
 */
export function lmsIdentity(
  db: Database,
  deps: { mailer: Mailer; config: Pick<Config, 'publicUrl' | 'port'> },
): IdentitySource {
  return {
    area: 'lms',
    async labels(accountIds) {
      const ids = accountIds.filter((id) => /^\d{1,10}$/.test(id)).map(Number);
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: lmsUsers.id, username: lmsUsers.username })
        .from(lmsUsers)
        .where(and(inArray(lmsUsers.id, ids), eq(lmsUsers.role, 'user')));
      return new Map(rows.map((row) => [String(row.id), row.username]));
    },
    provenEmail: async () => null,
    accountsWithProvenEmail: async () => [],
    // To the learner's address when they gave one: never verified, but it is where their reset links go.
    async noticeOfLink(tx, accountId, linked) {
      const [row] = await tx
        .select({ email: lmsUsers.email, username: lmsUsers.username })
        .from(lmsUsers)
        .where(and(eq(lmsUsers.id, Number(accountId)), eq(lmsUsers.role, 'user')));
      if (!row?.email) return;
      const when = `${linked.linkedAt.toISOString().slice(0, 10)} ${linked.linkedAt.toISOString().slice(11, 16)} UTC`;
      const email = await learnerAccountLinkedEmail({
        username: row.username,
        linked,
        when,
        profileLink: publicLink(deps.config, '/lmsprofile'),
      });
      await deps.mailer.send(tx, { to: row.email, ...email });
    },
  };
}

/** How many finished exams a linked learner's readiness lists. */
const LATEST_RESULTS = 3;

/**
 * What another area may read of a linked learner (decision 039): the readiness the learner sees on
 * their own page (its chance of passing, the answers it rests on) and their latest finished exams.
 * Served here, by the LMS; the cases area reads it through the link store, only with the applicant's consent.
 */
export function linkedLearnerReadiness(db: Database, pool: pg.Pool, questionCount: number) {
  return async (learnerIds: string[]): Promise<LearnerReadinessSummary[]> => {
    const summaries: LearnerReadinessSummary[] = [];
    for (const id of learnerIds.filter((value) => /^\d{1,10}$/.test(value)).map(Number)) {
      const account = await findAccount(pool, id);
      // A learner deleted since, or an admin (never a learner identity), is nobody's readiness.
      if (!account || account.role !== 'user') continue;
      const readiness = await learnerReadiness(db, account, questionCount);
      const latest = await db
        .select({
          finishedAt: examAttempts.finishedAt,
          questions: sql<number>`cardinality(${examAttempts.questionIds})`.mapWith(Number),
          correct:
            sql<number>`(SELECT count(*) FROM ${examAnswers} WHERE ${examAnswers.attemptId} = ${examAttempts.id} AND ${examAnswers.outcome} = 'correct')`.mapWith(
              Number,
            ),
        })
        .from(examAttempts)
        .where(and(eq(examAttempts.userId, id), isNotNull(examAttempts.finishedAt)))
        .orderBy(desc(examAttempts.finishedAt), desc(examAttempts.id))
        .limit(LATEST_RESULTS);
      summaries.push({
        username: account.username,
        profession: account.profession,
        passChance: readiness.pass?.chance ?? null,
        answers: readiness.answers,
        latestResults: latest.flatMap((row) =>
          row.finishedAt
            ? [{ finishedAt: row.finishedAt.toISOString(), correct: row.correct, questions: row.questions }]
            : [],
        ),
      });
    }
    return summaries;
  };
}
