import { and, count, desc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  programLabel,
  programs,
  type AdminPremiumRequest,
  type LatestPremiumRequest,
  type PremiumRequest,
  type PremiumRequestStatus,
  type premiumRequestBody,
} from '../../contracts/lms.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { lmsUsers, premiumRequests } from '../db/schema/lms.js';
import { recordAccountAction } from './account-actions.js';
import { AppError, databaseErrorCode, notFound, PG_UNIQUE_VIOLATION } from '../platform/errors.js';
import { publicLink, type Mailer } from '../platform/mail.js';
import { premiumDecisionEmail } from './learner-emails.js';
import type { LmsAccount } from './programs.js';

/*
 * Premium requests: a learner without an agency asks from a locked card, an LMS admin grants
 * (the programs join the learner's) or declines with one click, and the learner is told on the
 * dashboard and, when they gave an address, by email queued in the deciding transaction.
 */

type RequestRow = typeof premiumRequests.$inferSelect;

const toRequest = (row: RequestRow): PremiumRequest => ({
  id: row.id,
  programs: row.programs,
  note: row.note,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  decided_at: row.decidedAt?.toISOString() ?? null,
});

const day = (date: Date) => date.toISOString().slice(0, 10);
const alreadyOpen = (since: Date) =>
  new AppError(409, `You already asked for premium on ${day(since)}; an LMS administrator will answer it.`);

export async function requestPremium(
  db: Database,
  account: LmsAccount,
  body: z.output<typeof premiumRequestBody>,
  now: Date,
): Promise<PremiumRequest> {
  const wanted = (body.programs ?? programs).filter((program) => !account.allowedPrograms.includes(program));
  if (wanted.length === 0) throw new AppError(409, 'You already have the premium access you asked for.');
  try {
    return await db.transaction(async (tx) => {
      const [open] = await tx
        .select({ createdAt: premiumRequests.createdAt })
        .from(premiumRequests)
        .where(and(eq(premiumRequests.userId, account.id), eq(premiumRequests.status, 'open')));
      if (open) throw alreadyOpen(open.createdAt);
      const [row] = await tx
        .insert(premiumRequests)
        .values({ userId: account.id, programs: wanted, note: body.note, createdAt: now })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return toRequest(row);
    });
  } catch (error) {
    // Two requests at the same instant: the partial unique index lets one through.
    if (databaseErrorCode(error) === PG_UNIQUE_VIOLATION) throw alreadyOpen(now);
    throw error;
  }
}

/** The learner's latest request: "Requested on …" while open, the decision's notice once answered. */
export async function latestRequest(db: Database, account: LmsAccount): Promise<LatestPremiumRequest> {
  const [row] = await db
    .select()
    .from(premiumRequests)
    .where(eq(premiumRequests.userId, account.id))
    .orderBy(desc(premiumRequests.createdAt), desc(premiumRequests.id))
    .limit(1);
  return { request: row ? toRequest(row) : null, noticeSeen: row?.seenAt != null };
}

/** The learner dismisses the notice of a decided request of theirs. */
export async function markDecisionSeen(db: Database, account: LmsAccount, id: number, now: Date): Promise<void> {
  const [row] = await db
    .update(premiumRequests)
    .set({ seenAt: now })
    .where(and(eq(premiumRequests.id, id), eq(premiumRequests.userId, account.id), ne(premiumRequests.status, 'open')))
    .returning({ id: premiumRequests.id });
  if (!row) throw notFound('Decided premium request');
}

const decider = alias(lmsUsers, 'decider');

export async function listRequests(
  db: Database,
  status: PremiumRequestStatus,
  page: { limit: number; offset: number },
): Promise<{ premiumRequests: AdminPremiumRequest[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ request: premiumRequests, user: lmsUsers, decidedBy: decider.username })
      .from(premiumRequests)
      .innerJoin(lmsUsers, eq(lmsUsers.id, premiumRequests.userId))
      .leftJoin(decider, eq(decider.id, premiumRequests.decidedBy))
      .where(eq(premiumRequests.status, status))
      // Open requests oldest first (first come, first answered); decided ones newest first.
      .orderBy(status === 'open' ? premiumRequests.createdAt : desc(premiumRequests.decidedAt), premiumRequests.id)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(premiumRequests).where(eq(premiumRequests.status, status)),
  ]);
  return {
    premiumRequests: rows.map(({ request, user, decidedBy }) => ({
      ...toRequest(request),
      user: {
        id: user.id,
        username: user.username,
        profession: user.profession,
        allowed_programs: user.allowedPrograms,
      },
      decided_by: request.decidedAt ? (decidedBy ?? '(deleted account)') : null,
    })),
    total: total?.n ?? 0,
  };
}

/**
 * Grants or declines an open request once: the request row is locked, so two admins clicking at
 * once answer it once. A grant adds the requested programs to the learner's; the learner's email,
 * if any, is queued in the same transaction.
 */
export async function decideRequest(
  db: Database,
  deps: { mailer: Mailer; config: Pick<Config, 'publicUrl' | 'port'> },
  admin: LmsAccount,
  id: number,
  decision: 'granted' | 'declined',
  now: Date,
): Promise<PremiumRequest> {
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(premiumRequests).where(eq(premiumRequests.id, id)).for('update');
    if (!request) throw notFound('Premium request');
    if (request.status !== 'open') throw new AppError(409, `This request was already ${request.status}.`);
    const [learner] = await tx.select().from(lmsUsers).where(eq(lmsUsers.id, request.userId)).for('update');
    if (!learner) throw notFound('Premium request');
    if (decision === 'granted') {
      const allowed = [...new Set([...learner.allowedPrograms, ...request.programs])];
      await tx.update(lmsUsers).set({ allowedPrograms: allowed }).where(eq(lmsUsers.id, learner.id));
    }
    await recordAccountAction(
      tx,
      admin,
      learner,
      decision === 'granted' ? 'premium granted' : 'premium declined',
      `${decision === 'granted' ? 'Granted' : 'Declined'} premium request #${request.id} (${request.programs.map(programLabel).join(', ')})`,
      now,
    );
    const [row] = await tx
      .update(premiumRequests)
      .set({ status: decision, decidedAt: now, decidedBy: admin.id })
      .where(eq(premiumRequests.id, id))
      .returning();
    if (!row) throw new Error('update returned no row');
    if (learner.email) {
      const email = await premiumDecisionEmail({
        username: learner.username,
        granted: decision === 'granted',
        programs: request.programs.map(programLabel),
        link: publicLink(deps.config, '/lms-system/dashboard'),
      });
      await deps.mailer.send(tx, { to: learner.email, ...email });
    }
    return toRequest(row);
  });
}
