/*
 * What an exam keeps on this device, in localStorage: the test-centre sitting's form (its questions
 * and options as served, and the answers given) and its queue of answers and flags not yet sent
 * (exam-api.ts, answer-queue.ts), and the practice-mode answer waiting for the connection
 * (exam-session.tsx). All of it is under one prefix, so it can be forgotten at once: on a shared
 * phone the next person must not read another learner's questions and answers.
 *
 * Signing out forgets it, once what waits for the server was sent, or the learner chose to lose
 * it when it could not go (learner-header.tsx, unsent-answers.tsx). A learner who signs in finds
 * only their own: whatever another learner (or nobody known: kept before this rule) left is
 * forgotten first. The same learner's is kept, so a
 * sitting signed out by an expired token (a 401 drops the token without this) still sends its
 * queued answers once they sign in again.
 */
export const EXAM_STORAGE_PREFIX = 'lms-exam-';
const OWNER_KEY = `${EXAM_STORAGE_PREFIX}owner`;
/** A test-centre sitting's answers and flags not yet sent, per attempt (answer-queue.ts). */
export const ANSWER_QUEUE_PREFIX = `${EXAM_STORAGE_PREFIX}answers-`;
/** The practice-mode answer waiting for the connection (exam-session.tsx). */
export const PRACTICE_ANSWER_KEY = `${EXAM_STORAGE_PREFIX}practice-answer`;

/**
 * Whether anything waits on this device to reach the server (a queue is removed once empty): cheap
 * enough for Logout to ask first, so the code that sends and counts it (unsent-answers.tsx) is
 * downloaded only when there is something to send.
 */
export function somethingWaitsOnDevice(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key === PRACTICE_ANSWER_KEY || key?.startsWith(ANSWER_QUEUE_PREFIX)) return true;
    }
  } catch {
    // Storage refused: nothing was kept either.
  }
  return false;
}

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
