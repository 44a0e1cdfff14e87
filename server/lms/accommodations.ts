import { count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Accommodation, AccommodationResponse } from '../../contracts/lms.js';
import type { Database } from '../db/client.js';
import { accommodationChanges, lmsUsers } from '../db/schema/lms.js';
import { recordAccountAction } from './account-actions.js';
import { AppError } from '../platform/errors.js';

/*
 * Accommodations: extra time for learners entitled to it (a multiplier of the exam's duration, or
 * extra minutes, or both: multiplied first) and extra attempts that may start before the retake
 * wait ends. They apply from the learner's next attempt (exam-attempts.ts reads them when it draws
 * the deadline), and every change is recorded with who made it and when.
 */

type Change = {
  timeMultiplier?: number | null | undefined;
  extraMinutes?: number | null | undefined;
  extraAttempts?: number | undefined;
};

const toAccommodation = (row: {
  timeMultiplier: number | null;
  extraMinutes: number | null;
  extraAttempts: number;
}): Accommodation => ({
  timeMultiplier: row.timeMultiplier === null ? null : Number(row.timeMultiplier),
  extraMinutes: row.extraMinutes,
  extraAttempts: row.extraAttempts,
});

/** The learner's accommodation and its history, newest change first (paged). */
export async function accommodationOf(
  db: Database,
  userId: number,
  page: { limit: number; offset: number },
): Promise<AccommodationResponse & { total: number }> {
  const [user] = await db
    .select({
      timeMultiplier: lmsUsers.timeMultiplier,
      extraMinutes: lmsUsers.extraMinutes,
      extraAttempts: lmsUsers.extraAttempts,
      role: lmsUsers.role,
    })
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
    const next = {
      timeMultiplier: change.timeMultiplier === undefined ? user.timeMultiplier : change.timeMultiplier,
      extraMinutes: change.extraMinutes === undefined ? user.extraMinutes : change.extraMinutes,
      extraAttempts: change.extraAttempts ?? user.extraAttempts,
    };
    await tx.update(lmsUsers).set(next).where(eq(lmsUsers.id, userId));
    await tx.insert(accommodationChanges).values({ userId, changedBy: admin.id, changedAt: now, ...next });
    const described = [
      `time × ${next.timeMultiplier ?? 1}`,
      `${next.extraMinutes ?? 0} extra minutes`,
      `${next.extraAttempts} extra attempt${next.extraAttempts === 1 ? '' : 's'}`,
    ].join(', ');
    await recordAccountAction(tx, admin, user, 'accommodation set', `Accommodation set: ${described}`, now);
    return toAccommodation(next);
  });
}
