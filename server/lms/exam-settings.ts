import { eq } from 'drizzle-orm';
import { DEFAULT_PASS_MARK, professions, type ExamSettingsBody, type Profession } from '../../contracts/lms.js';
import type { Database, Queryable } from '../db/client.js';
import { examPassMarks, examSettings } from '../db/schema/lms.js';

/*
 * The exam settings an LMS admin changes on screen: the wait between attempts (one row; until an
 * admin saves it, the environment's default EXAM_RETAKE_WAIT_SECONDS applies) and the pass mark of
 * each profession (a row per profession; DEFAULT_PASS_MARK until one is set).
 */

export async function retakeWaitSeconds(db: Queryable, fallback: number): Promise<number> {
  const [row] = await db
    .select({ wait: examSettings.retakeWaitSeconds })
    .from(examSettings)
    .where(eq(examSettings.id, 1));
  return row?.wait ?? fallback;
}

export async function passMarkOf(db: Queryable, profession: Profession): Promise<number> {
  const [row] = await db
    .select({ passMark: examPassMarks.passMark })
    .from(examPassMarks)
    .where(eq(examPassMarks.profession, profession));
  return row?.passMark ?? DEFAULT_PASS_MARK;
}

async function allPassMarks(db: Queryable): Promise<Record<Profession, number>> {
  const rows = await db.select().from(examPassMarks);
  const set = new Map(rows.map((row) => [row.profession, row.passMark]));
  return Object.fromEntries(professions.map((p) => [p, set.get(p) ?? DEFAULT_PASS_MARK])) as Record<Profession, number>;
}

export async function readExamSettings(db: Database, fallback: number) {
  return { retakeWaitSeconds: await retakeWaitSeconds(db, fallback), passMarks: await allPassMarks(db) };
}

export async function saveExamSettings(db: Database, body: ExamSettingsBody, now: Date) {
  return db.transaction(async (tx) => {
    await tx
      .insert(examSettings)
      .values({ id: 1, retakeWaitSeconds: body.retakeWaitSeconds, updatedAt: now })
      .onConflictDoUpdate({
        target: examSettings.id,
        set: { retakeWaitSeconds: body.retakeWaitSeconds, updatedAt: now },
      });
    for (const [profession, passMark] of Object.entries(body.passMarks ?? {}) as [Profession, number][]) {
      await tx
        .insert(examPassMarks)
        .values({ profession, passMark, updatedAt: now })
        .onConflictDoUpdate({ target: examPassMarks.profession, set: { passMark, updatedAt: now } });
    }
    return { retakeWaitSeconds: body.retakeWaitSeconds, passMarks: await allPassMarks(tx) };
  });
}
