/*
 * What an exam keeps on this device, in localStorage: the test-centre sitting's form (its questions
 * and options as served, and the answers given) and its queue of answers and flags not yet sent
 * (exam-api.ts, answer-queue.ts), and the practice-mode answer waiting for the connection
 * (exam-session.tsx). All of it is under one prefix, so it can be forgotten at once: on a shared
 * phone the next person must not read another learner's questions and answers.
 *
 * Signing out forgets it. A learner who signs in finds only their own: whatever another learner (or
 * nobody known: kept before this rule) left is forgotten first. The same learner's is kept, so a
 * sitting signed out by an expired token (a 401 drops the token without this) still sends its
 * queued answers once they sign in again.
 */
export const EXAM_STORAGE_PREFIX = 'lms-exam-';
const OWNER_KEY = `${EXAM_STORAGE_PREFIX}owner`;

/** Removes everything an exam keeps on this device. */
export function forgetExamsOnDevice(): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (key?.startsWith(EXAM_STORAGE_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Storage refused (private mode): nothing was kept either.
  }
}

/** A learner (or an admin) signed in on this device: what is kept from anyone else is forgotten. */
export function claimExamsOnDevice(accountId: number): void {
  try {
    if (localStorage.getItem(OWNER_KEY) !== String(accountId)) forgetExamsOnDevice();
    localStorage.setItem(OWNER_KEY, String(accountId));
  } catch {
    // As above.
  }
}
