import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../lib/http.js';
import { ANSWER_QUEUE_PREFIX } from './exam-on-device.js';
import { reportOfflineSpan, sendRecordedAnswer, setQuestionFlag, type QueuedAnswer } from './exam-api.js';

/**
 * The test-centre answers and flags not yet confirmed by the server, kept in localStorage per
 * attempt so a lost connection, a reload or a crash loses none. They are sent one at a time, in the
 * order given; each answer carries its own id, so one that did arrive before the connection dropped
 * is not applied twice (the server keeps receipts), and a flag says what it becomes (set or
 * cleared), so sending it again changes nothing. What the server refuses because the exam is over
 * is dropped and reported, so the learner is told which answers were not counted.
 */
const storageKey = (attemptId: number) => `${ANSWER_QUEUE_PREFIX}${attemptId}`;
// While answers wait, sending is retried this often, besides the browser's `online` event.
const RETRY_MS = 5000;

/** A flag change waiting for the server; an item without a kind (stored before flags were queued) is an answer. */
type QueuedFlag = { kind: 'flag'; clientAnswerId: string; questionId: number; flagged: boolean };
export type QueuedItem = (QueuedAnswer & { kind?: 'answer' }) | QueuedFlag;

/** Sends one waiting answer or flag (the queue below, and Logout: unsent-answers.tsx). */
export const sendQueuedItem = (attemptId: number, item: QueuedItem) =>
  item.kind === 'flag'
    ? setQuestionFlag(attemptId, item.questionId, item.flagged)
    : sendRecordedAnswer({
        clientAnswerId: item.clientAnswerId,
        questionId: item.questionId,
        userAnswer: item.userAnswer,
      });

/** A stored list, or none when it is missing or unreadable. */
export function storedList(key: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

export const loadQueue = (attemptId: number) => storedList(storageKey(attemptId)) as QueuedItem[];
export function storeQueue(attemptId: number, queue: QueuedItem[]) {
  if (queue.length === 0) localStorage.removeItem(storageKey(attemptId));
  else localStorage.setItem(storageKey(attemptId), JSON.stringify(queue));
}

/** The last answer to a question still waiting to be sent (what the learner last gave, whatever the server holds). */
export const waitingAnswer = (pending: QueuedItem[], questionId: number): string | undefined =>
  pending.findLast((item): item is QueuedAnswer => item.kind !== 'flag' && item.questionId === questionId)?.userAnswer;

export type Refusal = { questionIds: number[]; message: string };

export function useAnswerQueue(attemptId: number, onSent: (answer: QueuedAnswer) => void) {
  const [pending, setPending] = useState<QueuedItem[]>(() => loadQueue(attemptId));
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const sending = useRef(false);
  // When the server was last found unreachable: the span is reported once it answers again.
  const offlineSince = useRef<string | null>(
    typeof navigator !== 'undefined' && !navigator.onLine ? new Date().toISOString() : null,
  );
  const wentOffline = useCallback(() => {
    offlineSince.current ??= new Date().toISOString();
    setOffline(true);
  }, []);
  const reportOffline = useCallback(async () => {
    const from = offlineSince.current;
    if (!from) return;
    // Told once: a second report while this one is on its way has nothing to tell.
    offlineSince.current = null;
    try {
      await reportOfflineSpan(from, new Date().toISOString());
    } catch (error) {
      // Still away: told next time, from the same start. Refused (the sitting is over): not at all.
      if (error instanceof ApiError && error.status === 0) offlineSince.current ??= from;
    }
  }, []);
  const onSentRef = useRef(onSent);
  useEffect(() => {
    onSentRef.current = onSent;
  }, [onSent]);

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (let next = loadQueue(attemptId)[0]; next; next = loadQueue(attemptId)[0]) {
        try {
          await sendQueuedItem(attemptId, next);
          setOffline(false);
          void reportOffline();
          if (next.kind !== 'flag') onSentRef.current(next);
        } catch (error) {
          if (error instanceof ApiError && error.status === 0) {
            wentOffline();
            return;
          }
          if (error instanceof ApiError && (error.status === 410 || error.status === 409)) {
            // The exam is over: none of what waits can be counted any more.
            const refused = loadQueue(attemptId);
            storeQueue(attemptId, []);
            setPending([]);
            const answers = refused.filter((item) => item.kind !== 'flag');
            setRefusal({ questionIds: [...new Set(answers.map((a) => a.questionId))], message: error.message });
            return;
          }
          // Any other refusal is about this answer alone (say, a withdrawn question): it is dropped, the rest go on.
          setRefusal({
            questionIds: [next.questionId],
            message: error instanceof Error ? error.message : 'The answer was refused.',
          });
        }
        const rest = loadQueue(attemptId).filter((a) => a.clientAnswerId !== next?.clientAnswerId);
        storeQueue(attemptId, rest);
        setPending(rest);
      }
    } finally {
      sending.current = false;
    }
  }, [attemptId, wentOffline, reportOffline]);

  const push = useCallback(
    (item: QueuedItem) => {
      const queue = [...loadQueue(attemptId), item];
      storeQueue(attemptId, queue);
      setPending(queue);
      void flush();
    },
    [attemptId, flush],
  );
  const enqueue = useCallback(
    (questionId: number, userAnswer: string) => push({ clientAnswerId: crypto.randomUUID(), questionId, userAnswer }),
    [push],
  );
  const enqueueFlag = useCallback(
    (questionId: number, flagged: boolean) =>
      push({ kind: 'flag', clientAnswerId: crypto.randomUUID(), questionId, flagged }),
    [push],
  );

  useEffect(() => {
    const online = () => {
      setOffline(false);
      void flush();
      void reportOffline();
    };
    const lost = wentOffline;
    window.addEventListener('online', online);
    window.addEventListener('offline', lost);
    // Answers left by a reload or a crash go first.
    void flush();
    const retry = setInterval(() => {
      if (loadQueue(attemptId).length > 0) void flush();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', lost);
      clearInterval(retry);
    };
  }, [attemptId, flush, wentOffline, reportOffline]);

  return { pending, offline, refusal, dismissRefusal: () => setRefusal(null), enqueue, enqueueFlag, flush };
}
