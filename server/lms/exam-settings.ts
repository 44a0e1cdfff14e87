import { eq } from 'drizzle-orm';
import type { ExamSettingsBody } from '../../contracts/lms.js';
import type { Database } from '../db/client.js';
import { examSettings } from '../db/schema/lms.js';

/*
 * The exam settings an LMS admin changes on screen (today: the wait between attempts). One row;
 * until an admin saves it, the environment's default (EXAM_RETAKE_WAIT_SECONDS) applies.
 */

export async function retakeWaitSeconds(db: Database, fallback: number): Promise<number> {
  const [row] = await db.select({ wait: examSettings.retakeWaitSeconds }).from(examSettings).where(eq(examSettings.id, 1));
  return row?.wait ?? fallback;
}

export async function readExamSettings(db: Database, fallback: number) {
  return { retakeWaitSeconds: await retakeWaitSeconds(db, fallback) };
}

export async function saveExamSettings(db: Database, body: ExamSettingsBody, now: Date) {
  await db
    .insert(examSettings)
    .values({ id: 1, retakeWaitSeconds: body.retakeWaitSeconds, updatedAt: now })
    .onConflictDoUpdate({ target: examSettings.id, set: { retakeWaitSeconds: body.retakeWaitSeconds, updatedAt: now } });
  return { retakeWaitSeconds: body.retakeWaitSeconds };
}
