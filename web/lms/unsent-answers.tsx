import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { Modal, ModalActions } from '../ui/modal.js';
import { loadQueue, sendQueuedItem, storedList, storeQueue } from './answer-queue.js';
import { submitPracticeAnswer } from './exam-api.js';
import { ANSWER_QUEUE_PREFIX, PRACTICE_ANSWER_KEY } from './exam-on-device.js';
import styles from './lms.module.css';
import { lmsToken } from './session.js';

/*
 * Answers that have not reached the server when the learner signs out (issue 39). Signing out
 * forgets what exams keep on the device (exam-on-device.ts), so Logout first sends what waits; what
 * cannot go (the connection is down) is not dropped without a word: the learner chooses between
 * staying signed in to send it and signing out without it. This module is downloaded only when
 * something waits (the exam page, which queues answers, imports it; the shells fetch it ahead when
 * they find answers waiting), so the LMS sign-in page carries none of it.
 */

/** What waits on this device to reach the server: answers (queued or the practice one) and flags. */
export type WaitingOnDevice = { answers: number; flags: number };

const examKeysOnDevice = () =>
  Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '').filter(
    (key) => key === PRACTICE_ANSWER_KEY || key.startsWith(ANSWER_QUEUE_PREFIX),
  );

/** Counts what waits, without sending anything. */
export function waitingOnDevice(): WaitingOnDevice {
  const waiting = { answers: 0, flags: 0 };
  for (const key of examKeysOnDevice()) {
    if (key === PRACTICE_ANSWER_KEY) {
      waiting.answers += 1;
      continue;
    }
    for (const item of storedList(key)) {
      if ((item as { kind?: unknown } | null)?.kind === 'flag') waiting.flags += 1;
      else waiting.answers += 1;
    }
  }
  return waiting;
}

/** The practice-mode answer waiting for the connection: one question is answered at a time. */
export type PendingPracticeAnswer = { clientAnswerId: string; questionId: number; userAnswer: string };

function storedPracticeAnswer(): PendingPracticeAnswer | null {
  try {
    return JSON.parse(localStorage.getItem(PRACTICE_ANSWER_KEY) ?? 'null') as PendingPracticeAnswer | null;
  } catch {
    return null;
  }
}

/** The practice-mode answer waiting for the connection, if it is this question's. */
export function loadPendingAnswer(questionId: number): PendingPracticeAnswer | null {
  const answer = storedPracticeAnswer();
  return answer?.questionId === questionId ? answer : null;
}

export function storePendingAnswer(answer: PendingPracticeAnswer | null): void {
  if (answer) localStorage.setItem(PRACTICE_ANSWER_KEY, JSON.stringify(answer));
  else localStorage.removeItem(PRACTICE_ANSWER_KEY);
}

/**
 * Whether sending must stop with the rest still waiting: the server cannot be reached (offline, or a
 * proxy or database away), or it no longer knows the sign-in (401: the token is dropped, and the
 * same learner signing in again sends what waits, as after an expired session).
 */
const mustWait = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 0 || error.status === 401 || (error.status >= 502 && error.status <= 504));

/** Sends the waiting practice answer; false when it has to wait. A refusal is the server's answer: it is dropped. */
async function sendPracticeAnswer(): Promise<boolean> {
  const answer = storedPracticeAnswer();
  if (!answer) return true;
  try {
    await submitPracticeAnswer(answer);
  } catch (error) {
    if (mustWait(error)) return false;
  }
  storePendingAnswer(null);
  return true;
}

/** Sends a sitting's queue in order, as the sitting does (answer-queue.ts); false when the rest has to wait. */
async function sendSittingQueue(attemptId: number): Promise<boolean> {
  for (let next = loadQueue(attemptId)[0]; next; next = loadQueue(attemptId)[0]) {
    try {
      await sendQueuedItem(attemptId, next);
    } catch (error) {
      if (mustWait(error)) return false;
      if (error instanceof ApiError && (error.status === 410 || error.status === 409)) {
        // The exam is over: the server counts none of what waits, signed in or not.
        storeQueue(attemptId, []);
        return true;
      }
      // Any other refusal is about this answer alone; the rest go on.
    }
    const sent = next.clientAnswerId;
    storeQueue(
      attemptId,
      loadQueue(attemptId).filter((item) => item.clientAnswerId !== sent),
    );
  }
  return true;
}

const queuedSittings = () =>
  examKeysOnDevice()
    .map((key) => Number(key.slice(ANSWER_QUEUE_PREFIX.length)))
    .filter((attemptId) => Number.isSafeInteger(attemptId) && attemptId > 0);

let running: Promise<WaitingOnDevice> | null = null;

/**
 * Sends every answer and flag waiting on the device, in order; resolves with what is still waiting
 * (nothing: all went). A call while one runs joins it.
 */
export function sendWaitingAnswers(): Promise<WaitingOnDevice> {
  running ??= (async () => {
    try {
      if (await sendPracticeAnswer()) {
        for (const attemptId of queuedSittings()) {
          if (!(await sendSittingQueue(attemptId))) break;
        }
      }
      return waitingOnDevice();
    } finally {
      running = null;
    }
  })();
  return running;
}

// The sending kept up after "Stay signed in to send them", while it runs.
let stopSending: (() => void) | null = null;
// While answers wait, sending is retried this often, besides the browser's `online` event (as the sitting does).
const RETRY_MS = 5000;

/**
 * A learner who stays signed in to send them: what waits is sent when the connection is back, on
 * whatever page they are (the exam page sends its own too; a resent answer is applied once, by its
 * clientAnswerId), until all went or they signed out. Returns the stop.
 */
function keepSendingWaitingAnswers(): () => void {
  const stop = () => {
    window.removeEventListener('online', retry);
    clearInterval(timer);
    unsubscribe();
    stopSending = null;
  };
  const retry = () => {
    const waiting = waitingOnDevice();
    // Signed out since (or all sent): nothing more to send from here.
    if (!lmsToken.get() || waiting.answers + waiting.flags === 0) return stop();
    void sendWaitingAnswers().catch(() => {});
  };
  window.addEventListener('online', retry);
  const timer = setInterval(retry, RETRY_MS);
  // Signed out (here or in another tab): what waited was forgotten or is someone else's to send.
  const unsubscribe = lmsToken.subscribe(() => {
    if (!lmsToken.get()) stop();
  });
  return stop;
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 answers have not reached the server yet", with the flags when some wait too. */
export function unsentSentence({ answers, flags }: WaitingOnDevice): string {
  const parts = [
    answers > 0 ? counted(answers, 'answer', 'answers') : '',
    flags > 0 ? counted(flags, 'flag', 'flags') : '',
  ].filter(Boolean);
  const verb = answers + flags === 1 ? 'has' : 'have';
  return `${parts.join(' and ')} ${verb} not reached the server yet.`;
}

type UnsentAnswersDialogProps = { waiting: WaitingOnDevice; onStay: () => void; onSignOut: () => void };

/** Asked at Logout when answers could not be sent: staying is the default (Escape, the close button). */
export function UnsentAnswersDialog({ waiting, onStay, onSignOut }: UnsentAnswersDialogProps) {
  return (
    <Modal title="Answers not sent yet" open onClose={onStay}>
      <p>
        {unsentSentence(waiting)} They are kept on this device and sent when the connection is back. Signing out removes
        them from this device.
      </p>
      <ModalActions>
        <Button variant="danger" onClick={onSignOut}>
          Sign out and lose them
        </Button>
        <Button onClick={onStay} autoFocus>
          Stay signed in to send them
        </Button>
      </ModalActions>
    </Modal>
  );
}

type UnsentAnswersLogoutProps = {
  /** Signs out: what waits is forgotten with the rest of the exams on the device. */
  onSignOut: () => void;
  /** The learner stays signed in (what waits is sent when the connection is back). */
  onStay: () => void;
  /** The server had already ended the sign-in (a 401): what waits stays for the same learner's next sign-in. */
  onSignedOutByServer: () => void;
};

/**
 * Logout with something waiting (learner-header.tsx draws it): sends it first, then signs out; when
 * it cannot go, asks whether to stay signed in to send it or to sign out and lose it.
 */
export function UnsentAnswersLogout({ onSignOut, onStay, onSignedOutByServer }: UnsentAnswersLogoutProps) {
  const [waiting, setWaiting] = useState<WaitingOnDevice | null>(null);
  // Sent once per Logout, whatever the shell's renders make of its callbacks meanwhile.
  const done = useRef({ onSignOut, onSignedOutByServer });
  useEffect(() => {
    done.current = { onSignOut, onSignedOutByServer };
  });
  useEffect(() => {
    let current = true;
    void sendWaitingAnswers()
      .catch(() => waitingOnDevice())
      .then((left) => {
        if (!current) return;
        if (!lmsToken.get()) done.current.onSignedOutByServer();
        else if (left.answers + left.flags === 0) done.current.onSignOut();
        else setWaiting(left);
      });
    return () => {
      current = false;
    };
  }, []);
  if (!waiting)
    return (
      <p role="status" className={styles.banner}>
        Sending your answers before signing out…
      </p>
    );
  const stay = () => {
    stopSending ??= keepSendingWaitingAnswers();
    onStay();
  };
  return <UnsentAnswersDialog waiting={waiting} onStay={stay} onSignOut={onSignOut} />;
}
