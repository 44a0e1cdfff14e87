import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../lib/http.js';
import { sendRecordedAnswer, type QueuedAnswer } from './exam-api.js';

/**
 * The test-centre answers not yet confirmed by the server, kept in localStorage per attempt so a
 * lost connection, a reload or a crash loses none. They are sent one at a time, in the order given;
 * each carries its own id, so one that did arrive before the connection dropped is not applied
 * twice (the server keeps receipts). Answers the server refuses because the exam is over are
 * dropped and reported, so the learner is told which were not counted.
 */
const storageKey = (attemptId: number) => `lms-exam-answers-${attemptId}`;
// While answers wait, sending is retried this often, besides the browser's `online` event.
const RETRY_MS = 5000;

function load(attemptId: number): QueuedAnswer[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(attemptId)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as QueuedAnswer[]) : [];
  } catch {
    return [];
  }
}

function store(attemptId: number, queue: QueuedAnswer[]) {
  if (queue.length === 0) localStorage.removeItem(storageKey(attemptId));
  else localStorage.setItem(storageKey(attemptId), JSON.stringify(queue));
}

export type Refusal = { questionIds: number[]; message: string };

export function useAnswerQueue(attemptId: number, onSent: (answer: QueuedAnswer) => void) {
  const [pending, setPending] = useState<QueuedAnswer[]>(() => load(attemptId));
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const sending = useRef(false);
  const onSentRef = useRef(onSent);
  useEffect(() => {
    onSentRef.current = onSent;
  }, [onSent]);

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (let next = load(attemptId)[0]; next; next = load(attemptId)[0]) {
        try {
          await sendRecordedAnswer(next);
          setOffline(false);
          onSentRef.current(next);
        } catch (error) {
          if (error instanceof ApiError && error.status === 0) {
            setOffline(true);
            return;
          }
          if (error instanceof ApiError && (error.status === 410 || error.status === 409)) {
            // The exam is over: none of what waits can be counted any more.
            const refused = load(attemptId);
            store(attemptId, []);
            setPending([]);
            setRefusal({ questionIds: [...new Set(refused.map((a) => a.questionId))], message: error.message });
            return;
          }
          // Any other refusal is about this answer alone (say, a withdrawn question): it is dropped, the rest go on.
          setRefusal({ questionIds: [next.questionId], message: error instanceof Error ? error.message : 'The answer was refused.' });
        }
        const rest = load(attemptId).filter((a) => a.clientAnswerId !== next?.clientAnswerId);
        store(attemptId, rest);
        setPending(rest);
      }
    } finally {
      sending.current = false;
    }
  }, [attemptId]);

  const enqueue = useCallback(
    (questionId: number, userAnswer: string) => {
      const queue = [...load(attemptId), { clientAnswerId: crypto.randomUUID(), questionId, userAnswer }];
      store(attemptId, queue);
      setPending(queue);
      void flush();
    },
    [attemptId, flush],
  );

  useEffect(() => {
    const online = () => {
      setOffline(false);
      void flush();
    };
    const lost = () => setOffline(true);
    window.addEventListener('online', online);
    window.addEventListener('offline', lost);
    // Answers left by a reload or a crash go first.
    void flush();
    const retry = setInterval(() => {
      if (load(attemptId).length > 0) void flush();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', lost);
      clearInterval(retry);
    };
  }, [attemptId, flush]);

  return { pending, offline, refusal, dismissRefusal: () => setRefusal(null), enqueue, flush };
}
