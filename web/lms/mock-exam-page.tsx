import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MockResult } from '../../contracts/lms.js';
import { errorMessage } from '../lib/http.js';
import { usePublicConfig } from '../lib/public-config.js';
import { Button } from '../ui/button.js';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.js';
import { formatTimer } from './labels.js';
import { LearnerHeader } from './learner-header.js';
import styles from './lms.module.css';
import { QuestionInputs } from './question-inputs.js';
import { usePracticeSet } from './exam-api.js';
import { lmsRequest } from './session.js';

/** The older module: a short practice set, a countdown, every answer sent at the end. */
export default function MockExamPage() {
  const config = usePublicConfig();
  // `?set=mistakes`: practise the questions got wrong in the timed exam; `?topic=`: one topic's questions.
  const [params] = useSearchParams();
  const set = params.get('set') === 'mistakes' ? 'mistakes' : 'mock';
  const topic = set === 'mock' ? params.get('topic') || undefined : undefined;
  const questions = usePracticeSet(set, topic);
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [result, setResult] = useState<MockResult | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [remaining, setRemaining] = useState<number | null>(null);
  const submitted = useRef(false);
  const list = useMemo(() => questions.data?.examQuestions ?? [], [questions.data]);

  const submit = useCallback(async () => {
    if (submitted.current || list.length === 0) return;
    submitted.current = true;
    setSubmitError(null);
    try {
      const body = Object.fromEntries(list.map((q) => [String(q.id), answers[String(q.id)] ?? '']));
      const setId = questions.data?.practiceSet?.id;
      setResult(
        await lmsRequest<MockResult>('/user/exam/submit', {
          method: 'POST',
          body: { answers: body, ...(setId ? { setId } : {}) },
        }),
      );
    } catch (error) {
      submitted.current = false;
      setSubmitError(errorMessage(error, 'Your answers could not be sent. Please try again.'));
    }
  }, [answers, list, questions.data]);

  // The countdown's tick submits at zero with the answers given so far (the latest `submit`).
  const submitLatest = useRef(submit);
  useEffect(() => {
    submitLatest.current = submit;
  }, [submit]);

  const duration = config.data?.mockExamDurationSeconds;
  const started = list.length > 0 && duration !== undefined;
  useEffect(() => {
    if (!started || duration === undefined) return;
    const deadline = Date.now() + duration * 1000;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) {
        clearInterval(timer);
        void submitLatest.current();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [started, duration]);

  let body;
  if (questions.isPending) body = <LoadingState />;
  else if (questions.isLoadingError)
    body = (
      <ErrorState
        message={errorMessage(questions.error, 'Failed to fetch exam questions.')}
        onRetry={() => void questions.refetch()}
      />
    );
  else if (list.length === 0) body = <EmptyState>{questions.data.message ?? 'No more questions.'}</EmptyState>;
  else if (result) {
    body = (
      <section className={styles.card} aria-label="Result">
        <h2>Practice complete</h2>
        <p>
          Your score: {result.score} / {result.total}
        </p>
        {result.essays > 0 && <p>Essay responses will be reviewed manually.</p>}
        <ol className={styles.list}>
          {(result.review ?? []).map((item, i) => (
            <li key={item.questionId} className={styles.card} aria-label={`Question ${i + 1}`}>
              <h3>
                {i + 1}. {item.question}
              </h3>
              <QuestionInputs
                question={{ ...item, id: item.questionId }}
                answer={item.userAnswer}
                onAnswer={() => {}}
                disabled
                correctAnswer={item.outcome === 'pending-review' ? undefined : (item.correctAnswer ?? undefined)}
              />
              <p
                className={
                  item.outcome === 'correct'
                    ? styles.feedbackCorrect
                    : item.outcome === 'incorrect'
                      ? styles.feedbackWrong
                      : styles.muted
                }
              >
                {item.outcome === 'correct'
                  ? 'Correct!'
                  : item.outcome === 'incorrect'
                    ? 'Incorrect!'
                    : 'To be reviewed manually.'}
              </p>
              {item.outcome !== 'correct' && item.correctAnswer !== null && (
                <p>
                  {item.outcome === 'pending-review' ? 'Model answer' : 'Correct answer'}: {item.correctAnswer}
                </p>
              )}
              {item.explanation && <p>{item.explanation}</p>}
            </li>
          ))}
        </ol>
        <Link to="/lms-system/dashboard">Return to Dashboard</Link>
      </section>
    );
  } else {
    const q = list[index];
    const last = index === list.length - 1;
    const value = q ? (answers[String(q.id)] ?? '') : '';
    const setValue = (v: string) => q && setAnswers((a) => ({ ...a, [String(q.id)]: v }));
    body = q && (
      <section className={styles.card} aria-label="Practice question">
        <p>
          Question {index + 1} of {list.length} · Time left{' '}
          <span className={styles.timer} role="timer">
            {formatTimer(remaining ?? duration ?? 0)}
          </span>
        </p>
        <h2>{q.question}</h2>
        <QuestionInputs question={q} answer={value} onAnswer={setValue} />
        {submitError && <p role="alert">{submitError}</p>}
        {last ? (
          <Button onClick={() => void submit()}>Finish Exam</Button>
        ) : (
          <Button onClick={() => setIndex(index + 1)}>Next Question</Button>
        )}
      </section>
    );
  }
  return (
    <main className={styles.page}>
      <LearnerHeader title={set === 'mistakes' ? 'Practise my mistakes' : topic ? `Practise: ${topic}` : 'Mock Exam'} />
      {body}
    </main>
  );
}
