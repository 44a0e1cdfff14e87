import { count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { EXAM_PAUSED, type Accommodation, type AccommodationResponse, type ExamProgress } from '../../contracts/lms.js';
import type { Database } from '../db/client.js';
import { accommodationChanges, examAttempts, lmsUsers } from '../db/schema/lms.js';
import { recordAccountAction } from './account-actions.js';
import { AppError } from '../platform/errors.js';
import { EXAM_FINISHED, EXAM_PAUSED_MESSAGE, expireIfDue, finish, lockAttempt, TIME_IS_UP } from './exam-attempts.js';
import { log } from './exam-form.js';
import { nextBreakInSeconds, progressOf } from './exam-scoring.js';
import type { LmsAccount } from './programs.js';

/*
 * Accommodations, one profile per learner (decision 029; WCAG 2.2.1 Timing Adjustable): extra time
 * (a multiplier of the exam's duration in steps of 5 %, and/or extra minutes: multiplied first),
 * pausing at will (the clock stops and the questions hide), scheduled breaks that stop the clock, a
 * silent timer, and extra attempts that may start before the retake wait ends. They apply to every
 * attempt the learner starts (the attempt copies them when it draws its deadline, exam-attempts.ts),
 * and every change is recorded with who made it and when. On the server's clock a pause or break
 * moves the deadline by the time it lasted and no more (a break by at most its length); nothing is
 * answered or saved while one lasts; only an accommodated learner can pause.
 */

type Change = {
  timeMultiplier?: number | null | undefined;
  extraMinutes?: number | null | undefined;
  extraAttempts?: number | undefined;
  pauseAllowed?: boolean | undefined;
  breakEveryMinutes?: number | null | undefined;
  breakMinutes?: number | null | undefined;
  silentTimer?: boolean | undefined;
};

type Profile = {
  timeMultiplier: number | null;
  extraMinutes: number | null;
  extraAttempts: number;
  pauseAllowed: boolean;
  breakEveryMinutes: number | null;
  breakMinutes: number | null;
  silentTimer: boolean;
};

const toAccommodation = (row: Profile): Accommodation => ({
  timeMultiplier: row.timeMultiplier === null ? null : Number(row.timeMultiplier),
  extraMinutes: row.extraMinutes,
  extraAttempts: row.extraAttempts,
  pauseAllowed: row.pauseAllowed,
  breakEveryMinutes: row.breakEveryMinutes,
  breakMinutes: row.breakMinutes,
  silentTimer: row.silentTimer,
});

const profileColumns = {
  timeMultiplier: lmsUsers.timeMultiplier,
  extraMinutes: lmsUsers.extraMinutes,
  extraAttempts: lmsUsers.extraAttempts,
  pauseAllowed: lmsUsers.pauseAllowed,
  breakEveryMinutes: lmsUsers.breakEveryMinutes,
  breakMinutes: lmsUsers.breakMinutes,
  silentTimer: lmsUsers.silentTimer,
};

/** The learner's accommodation and its history, newest change first (paged). */
export async function accommodationOf(
  db: Database,
  userId: number,
  page: { limit: number; offset: number },
): Promise<AccommodationResponse & { total: number }> {
  const [user] = await db
    .select({ ...profileColumns, role: lmsUsers.role })
    .from(lmsUsers)
    .where(eq(lmsUsers.id, userId));
  if (!user || user.role !== 'user') throw new AppError(404, 'Learner not found');
  const admins = alias(lmsUsers, 'admins');
  const [rows, [total]] = await Promise.all([
    db
      .select({ change: accommodationChanges, changedBy: admins.username })
      .from(accommodationChanges)
      .innerJoin(admins, eq(admins.id, accommodationChanges.changedBy))
      .where(eq(accommodationChanges.userId, userId))
      .orderBy(desc(accommodationChanges.changedAt), desc(accommodationChanges.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(accommodationChanges).where(eq(accommodationChanges.userId, userId)),
  ]);
  return {
    accommodation: toAccommodation(user),
    changes: rows.map(({ change, changedBy }) => ({
      ...toAccommodation(change),
      id: change.id,
      changedBy,
      changedAt: change.changedAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

/** Sets the fields sent (null removes one), records the change, in one transaction. Learners only. */
export async function setAccommodation(
  db: Database,
  admin: { id: number; username: string },
  userId: number,
  change: Change,
  now: Date,
): Promise<Accommodation> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(lmsUsers).where(eq(lmsUsers.id, userId)).for('update');
    if (!user || user.role !== 'user') throw new AppError(404, 'Learner not found');
    const next: Profile = {
      timeMultiplier: change.timeMultiplier === undefined ? user.timeMultiplier : change.timeMultiplier,
      extraMinutes: change.extraMinutes === undefined ? user.extraMinutes : change.extraMinutes,
      extraAttempts: change.extraAttempts ?? user.extraAttempts,
      pauseAllowed: change.pauseAllowed ?? user.pauseAllowed,
      breakEveryMinutes: change.breakEveryMinutes === undefined ? user.breakEveryMinutes : change.breakEveryMinutes,
      breakMinutes: change.breakMinutes === undefined ? user.breakMinutes : change.breakMinutes,
      silentTimer: change.silentTimer ?? user.silentTimer,
    };
    await tx.update(lmsUsers).set(next).where(eq(lmsUsers.id, userId));
    await tx.insert(accommodationChanges).values({ userId, changedBy: admin.id, changedAt: now, ...next });
    const described = [
      `time × ${next.timeMultiplier ?? 1}`,
      `${next.extraMinutes ?? 0} extra minutes`,
      `${next.extraAttempts} extra attempt${next.extraAttempts === 1 ? '' : 's'}`,
      ...(next.pauseAllowed ? ['pausing allowed'] : []),
      ...(next.breakEveryMinutes
        ? [`a ${next.breakMinutes ?? 0}-minute break every ${next.breakEveryMinutes} minutes`]
        : []),
      ...(next.silentTimer ? ['silent timer'] : []),
    ].join(', ');
    await recordAccountAction(tx, admin, user, 'accommodation set', `Accommodation set: ${described}`, now);
    return toAccommodation(next);
  });
}

// ---- Pausing and scheduled breaks, on the server's clock

/** The learner's running attempt by id, locked; refusals name what is wrong. */
async function lockRunning(tx: Parameters<Parameters<Database['transaction']>[0]>[0], account: LmsAccount, id: number) {
  const attempt = await lockAttempt(tx, account);
  if (!attempt || attempt.id !== id) throw new AppError(409, 'This attempt is not your running exam');
  if (attempt.finishedAt) throw new AppError(409, attempt.finishReason === 'timeout' ? TIME_IS_UP : EXAM_FINISHED);
  return attempt;
}

/**
 * Stops the clock: a pause (only with the accommodation; it holds until resumed) or a scheduled break
 * (once the exam time for it has passed; it holds for at most its length). The questions hide.
 */
export async function pauseAttempt(
  db: Database,
  account: LmsAccount,
  attemptId: number,
  kind: 'pause' | 'break',
  now: Date,
): Promise<ExamProgress> {
  const outcome = await db.transaction(async (tx) => {
    const attempt = await expireIfDue(tx, await lockRunning(tx, account, attemptId), now);
    if (attempt.finishedAt) return { expired: true as const };
    if (attempt.pausedAt) throw new AppError(409, EXAM_PAUSED_MESSAGE, EXAM_PAUSED);
    if (kind === 'pause' && !attempt.pauseAllowed)
      throw new AppError(403, 'Pausing the exam is not part of your accommodation.');
    if (kind === 'break') {
      const wait = nextBreakInSeconds(attempt, now);
      if (wait === null) throw new AppError(403, 'Scheduled breaks are not part of your accommodation.');
      if (wait > 0)
        throw new AppError(409, `Your next break comes after ${Math.ceil(wait / 60)} more minutes of exam time.`);
    }
    const [paused] = await tx
      .update(examAttempts)
      .set({
        pausedAt: now,
        pauseLimitSeconds: kind === 'break' ? attempt.breakSeconds : null,
        breaksTaken: attempt.breaksTaken + (kind === 'break' ? 1 : 0),
      })
      .where(eq(examAttempts.id, attempt.id))
      .returning();
    if (!paused) throw new Error('attempt vanished');
    await log(
      tx,
      attempt,
      kind === 'break' ? 'break-started' : 'paused',
      kind === 'break' ? `Scheduled break started (up to ${attempt.breakSeconds ?? 0} s)` : 'Exam paused',
      now,
    );
    return { expired: false as const, progress: await progressOf(tx, account, paused, now) };
  });
  if (outcome.expired) throw new AppError(410, TIME_IS_UP);
  return outcome.progress;
}

/**
 * Starts the clock again: the deadline moves by the time it stood still (a break's by at most its
 * length; a break overrun past the deadline ends the exam at that deadline).
 */
export async function resumeAttempt(
  db: Database,
  account: LmsAccount,
  attemptId: number,
  now: Date,
): Promise<ExamProgress> {
  const outcome = await db.transaction(async (tx) => {
    const attempt = await lockRunning(tx, account, attemptId);
    if (!attempt.pausedAt) throw new AppError(409, 'Your exam is not paused.');
    const stood = Math.max(0, now.getTime() - attempt.pausedAt.getTime());
    const moved = attempt.pauseLimitSeconds === null ? stood : Math.min(stood, attempt.pauseLimitSeconds * 1000);
    const [resumed] = await tx
      .update(examAttempts)
      .set({
        deadlineAt: new Date(attempt.deadlineAt.getTime() + moved),
        pausedAt: null,
        pauseLimitSeconds: null,
        pausedSeconds: attempt.pausedSeconds + Math.round(moved / 1000),
      })
      .where(eq(examAttempts.id, attempt.id))
      .returning();
    if (!resumed) throw new Error('attempt vanished');
    await log(tx, attempt, 'resumed', `Exam resumed; the deadline moved by ${Math.round(moved / 1000)} s`, now, {
      movedSeconds: Math.round(moved / 1000),
    });
    if (now.getTime() >= resumed.deadlineAt.getTime()) {
      await finish(tx, resumed, 'timeout', now);
      return { expired: true as const };
    }
    return { expired: false as const, progress: await progressOf(tx, account, resumed, now) };
  });
  if (outcome.expired) throw new AppError(410, TIME_IS_UP);
  return outcome.progress;
}
