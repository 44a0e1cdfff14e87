import { useQueryClient } from '@tanstack/react-query';
import { optionLines } from '../../contracts/lms-constants.js';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../lib/routing.js';
import type { PracticeAnswerResult, ServedQuestion } from '../../contracts/lms.js';
import { ApiError, errorMessage } from '../lib/http.js';
import { usePublicConfig } from '../lib/public-config.js';
import { Button, buttonClassName } from '../ui/button.js';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.js';
import { difficultyLabel, formatTimer, questionTypeLabel } from './labels.js';
import { LearnerHeader } from './learner-header.js';
import styles from './lms.module.css';
import { QuestionInputs } from './question-inputs.js';
import { useCountdown } from './use-countdown.js';
import { examKeys, useAnswerPracticeQuestion, usePracticeSet, type PracticeAnswer } from './exam-api.js';
import { isExamOpenRefusal, ReturnToExamLink } from './open-exam.js';
import { QuestionText } from './question-text.js';

// While an answer waits for the connection, sending is retried this often (and on the `online` event).
const RETRY_MS = 5000;

type Marked = PracticeAnswerResult & { userAnswer: string };

/**
 * A practice set in tutor mode (quick practice, my mistakes, a topic): each answer is marked and
 * explained as soon as it is given, and the set ends with a compact summary. The countdown is the
 * older module's pace (spec: 300 seconds); at zero the summary shows what was answered.
 */
const SET_TITLES = { mistakes: 'Practise my mistakes', adaptive: 'Adaptive practice', review: 'Reviews due' } as const;
const setOf = (value: string | null) =>
  value === 'mistakes' || value === 'adaptive' || value === 'review' ? value : 'mock';

export default function PracticeSetPage() {
  const config = usePublicConfig();
  // `?set=mistakes`: the questions got wrong in the timed exam; `?set=adaptive`: one question at a
  // time at the learner's ability (decision 029); `?set=review`: the review cards due; `?topic=`: one topic.
  const [params] = useSearchParams();
  const set = setOf(params.get('set'));
  const topic = set === 'mock' || set === 'adaptive' ? params.get('topic') || undefined : undefined;
  const title =
    set === 'mock'
      ? topic
        ? `Practise: ${topic}`
        : 'Quick practice'
      : topic
        ? `${SET_TITLES[set]}: ${topic}`
        : SET_TITLES[set];
  const questions = usePracticeSet(set, topic);
  // Refused because an exam opened (in another tab or on another device): the other screens' practice
  // links learn it from the attempts list, asked again.
  const queryClient = useQueryClient();
  const examOpened = isExamOpenRefusal(questions.error);
  useEffect(() => {
    if (examOpened) void queryClient.invalidateQueries({ queryKey: examKeys.attempts });
  }, [examOpened, queryClient]);
  // An adaptive set grows by the question each answer brings.
  const [added, setAdded] = useState<ServedQuestion[]>([]);
  const list = useMemo(() => [...(questions.data?.examQuestions ?? []), ...added], [questions.data, added]);
  const practiceSet = questions.data && 'practiceSet' in questions.data ? questions.data.practiceSet : undefined;
  const setId = practiceSet?.id;
  const adaptive = set === 'adaptive';
  const [index, setIndex] = useState(0);
  const [marked, setMarked] = useState<Record<number, Marked>>({});
  const [ended, setEnded] = useState<'done' | 'time' | null>(null);
  const [ability, setAbility] = useState<PracticeAnswerResult['ability']>(undefined);

  // The older module's pace for the short sets; adaptive and review sets are not timed.
  const duration = adaptive || set === 'review' ? undefined : config.data?.mockExamDurationSeconds;
  // The clock starts when the set and its pace are both on screen: the later of their arrivals.
  const deadline =
    list.length > 0 && duration !== undefined && ended === null
      ? Math.max(questions.dataUpdatedAt, config.dataUpdatedAt) + duration * 1000
      : null;
  const remaining = useCountdown(deadline, () => setEnded('time'));

  let body;
  if (questions.isPending) body = <LoadingState />;
  else if (isExamOpenRefusal(questions.error))
    // Not "Try again": the set cannot start until the exam is finished, so the way on is back to it.
    body = (
      <section className={styles.card} aria-label="Practice waits for your exam">
        <p role="alert">{questions.error.message}</p>
        <ReturnToExamLink />
      </section>
    );
  else if (questions.isLoadingError)
    body = (
      <ErrorState
        message={errorMessage(questions.error, 'Failed to fetch exam questions.')}
        onRetry={() => void questions.refetch()}
      />
    );
  else if (list.length === 0 || setId === undefined)
    body = <EmptyState>{questions.data.message ?? 'No more questions.'}</EmptyState>;
  else if (ended !== null)
    body = <PracticeSummary title={title} list={list} marked={marked} timeUp={ended === 'time'} />;
  else {
    const question = list[index];
    const last = index === list.length - 1;
    body = question && (
      <>
        <p>
          {adaptive ? (
            <>
              Question {index + 1}
              {practiceSet?.targetLength ? ` of up to ${practiceSet.targetLength}` : ''}
              {ability && ` · Your ability is known to ±${(1.96 * ability.standardError).toFixed(1)}`}
            </>
          ) : (
            <>
              Question {index + 1} of {list.length}
            </>
          )}
          {duration !== undefined && (
            <>
              {' '}
              · Time left{' '}
              <span className={styles.timer} role="timer">
                {formatTimer(remaining ?? duration)}
              </span>
            </>
          )}
        </p>
        <TutorQuestion
          key={question.id}
          setId={setId}
          question={question}
          result={marked[question.id]}
          onMarked={(result) => {
            setMarked((all) => ({ ...all, [question.id]: result }));
            if (result.ability) setAbility(result.ability);
            const next = result.next;
            if (next && !list.some((q) => q.id === next.id)) setAdded((all) => [...all, next]);
          }}
          onNext={() => (last ? setEnded('done') : setIndex(index + 1))}
          last={last}
        />
      </>
    );
  }
  return (
    <main className={styles.page}>
      <LearnerHeader title={title} />
      {body}
    </main>
  );
}

type TutorQuestionProps = {
  setId: number;
  question: ServedQuestion;
  result: Marked | undefined;
  onMarked: (result: Marked) => void;
  onNext: () => void;
  last: boolean;
};

/** One question: the answer, sent once (kept and resent with the same id while offline), then its mark and explanation. */
function TutorQuestion({ setId, question, result, onMarked, onNext, last }: TutorQuestionProps) {
  const [answer, setAnswer] = useState(result?.userAnswer ?? '');
  const [waiting, setWaiting] = useState<PracticeAnswer | null>(null);
  const [offline, setOffline] = useState(false);
  const [error, setError] = useState<{ message: string; examOpen: boolean } | null>(null);
  // When the question came on screen, for the answer's time (a right but slow answer comes back for review).
  const shownAt = useRef<number | null>(null);
  useEffect(() => {
    shownAt.current = Date.now();
  }, []);
  const { mutateAsync: send } = useAnswerPracticeQuestion();
  const inFlight = useRef(false);

  const trySend = useCallback(
    async (pending: PracticeAnswer) => {
      if (inFlight.current) return;
      inFlight.current = true;
      try {
        const marked = await send(pending);
        setWaiting(null);
        setOffline(false);
        onMarked({ ...marked, userAnswer: pending.userAnswer });
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 0) {
          setOffline(true);
          return;
        }
        setWaiting(null);
        setError({
          message: errorMessage(failure, 'Your answer could not be sent. Please try again.'),
          examOpen: isExamOpenRefusal(failure),
        });
      } finally {
        inFlight.current = false;
      }
    },
    [send, onMarked],
  );

  useEffect(() => {
    if (!waiting) return;
    const retry = () => void trySend(waiting);
    window.addEventListener('online', retry);
    const timer = setInterval(retry, RETRY_MS);
    retry();
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(timer);
    };
  }, [waiting, trySend]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (answer.trim() === '' || waiting || result) return;
    setError(null);
    setWaiting({
      setId,
      questionId: question.id,
      userAnswer: answer,
      clientAnswerId: crypto.randomUUID(),
      ...(shownAt.current === null ? {} : { responseSeconds: Math.round((Date.now() - shownAt.current) / 1000) }),
    });
  }

  return (
    <form className={styles.card} onSubmit={onSubmit} aria-labelledby={`practice-question-${question.id}`}>
      <QuestionText
        as="h2"
        id={`practice-question-${question.id}`}
        text={question.question}
        format={question.question_format}
      />
      <p className={styles.muted}>
        <span className={styles.tag}>{questionTypeLabel(question.question_type)}</span>
        <span className={styles.tag}>{difficultyLabel(question.difficulty)}</span>
      </p>
      <QuestionInputs
        question={question}
        answer={answer}
        onAnswer={setAnswer}
        disabled={result !== undefined || waiting !== null}
        correctAnswer={result && !result.pendingReview ? result.correctAnswer : undefined}
      />
      {error && (
        <p role="alert" className={styles.feedbackWrong}>
          {error.message}
        </p>
      )}
      {error?.examOpen && <ReturnToExamLink />}
      {waiting && offline && (
        <p role="status" className={styles.banner}>
          You are offline. Your answer is kept and sent when the connection is back; its feedback follows.
        </p>
      )}
      {!result && !error?.examOpen && (
        <Button type="submit" disabled={answer.trim() === '' || waiting !== null}>
          {waiting ? 'Sending...' : 'Submit Answer'}
        </Button>
      )}
      {result && (
        <div aria-live="polite">
          <Mark result={result} />
          {!result.correct && !result.pendingReview && result.correctAnswer && (
            <p>Correct answer: {optionLines(result.correctAnswer).join('; ')}</p>
          )}
          {result.explanation && <p>{result.explanation}</p>}
          <Button onClick={onNext}>{last ? 'See summary' : 'Next Question'}</Button>
        </div>
      )}
    </form>
  );
}

function Mark({ result }: { result: Pick<PracticeAnswerResult, 'correct' | 'pendingReview'> }) {
  if (result.pendingReview) return <p className={styles.muted}>To be reviewed manually.</p>;
  return (
    <p className={result.correct ? styles.feedbackCorrect : styles.feedbackWrong}>
      {result.correct ? 'Correct!' : 'Incorrect!'}
    </p>
  );
}

/** The end of a set: the score and one line per question, its explanation a click away. */
function PracticeSummary({
  title,
  list,
  marked,
  timeUp,
}: {
  title: string;
  list: ServedQuestion[];
  marked: Record<number, Marked>;
  timeUp: boolean;
}) {
  const results = list.flatMap((question) => {
    const result = marked[question.id];
    return result ? [{ question, result }] : [];
  });
  const scored = results.filter(({ result }) => !result.pendingReview);
  const correct = scored.filter(({ result }) => result.correct).length;
  const essays = results.length - scored.length;
  return (
    <section className={styles.card} aria-label="Summary">
      <h2>{title}: summary</h2>
      {timeUp && <p>Time is up.</p>}
      <p>
        Your score: {correct} / {scored.length}
        {results.length < list.length && ` (${list.length - results.length} not answered)`}
      </p>
      {essays > 0 && <p>Essay responses will be reviewed manually.</p>}
      <ol className={styles.summaryList}>
        {results.map(({ question, result }) => (
          <li key={question.id}>
            <details>
              <summary>
                <span
                  className={result.correct ? styles.feedbackCorrect : result.pendingReview ? '' : styles.feedbackWrong}
                >
                  {result.pendingReview ? 'To be reviewed' : result.correct ? 'Correct' : 'Incorrect'}
                </span>
                {' · '}
                <QuestionText inline text={question.question} format={question.question_format} />
              </summary>
              <p>Your answer: {result.userAnswer}</p>
              {!result.correct && !result.pendingReview && result.correctAnswer && (
                <p>Correct answer: {optionLines(result.correctAnswer).join('; ')}</p>
              )}
              {result.explanation && <p>{result.explanation}</p>}
            </details>
          </li>
        ))}
      </ol>
      <p className={styles.actions}>
        <Link className={buttonClassName('secondary')} to="/lms-system/dashboard">
          Return to Dashboard
        </Link>
      </p>
    </section>
  );
}
