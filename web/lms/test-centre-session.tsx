import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { hasOptions, TIME_WARNING_MINUTES } from '../../contracts/lms-constants.js';
import type { CurrentQuestionResponse, ExamProgress, NavigatorCell } from '../../contracts/lms.js';
import { ApiError } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { ErrorState, LoadingState } from '../ui/states.js';
import { useAnswerQueue, waitingAnswer } from './answer-queue.js';
import { crossedMark, useCountdown } from './use-countdown.js';
import { forgetExamForms, useExamForm, useFinishAttempt, useFinishExam, useTestCentreQuestion } from './exam-api.js';
import { useExamSecurity } from './exam-security.js';
import { ExamTimer, PauseAnnouncer, PauseControls, PausedPanel, useExamPause } from './exam-pause.js';
import { difficultyLabel, questionTypeLabel } from './labels.js';
import styles from './lms.module.css';
import { QuestionInputs } from './question-inputs.js';
import { ResumedNotice } from './resumed-notice.js';
import tc from './test-centre.module.css';
import { useOwnConnectionStatus } from '../ui/connection-banner.js';
import { QuestionText } from './question-text.js';

type Props = {
  initial: CurrentQuestionResponse;
  onFinished: (message?: string) => void;
  onAttempt: (attemptId: number) => void;
  resumed: boolean;
};

const TIME_UP = 'Time is up. The exam is finished.';

/**
 * The test-centre sitting: a navigator of every question (answered, unanswered, flagged), flags
 * for review, answers that can be changed until the end and are kept through a lost connection,
 * a review screen before finishing, and warnings at 30, 5 and 1 minutes left.
 */
export function TestCentreSession({ initial, onFinished, onAttempt, resumed }: Props) {
  const attemptId = initial.attempt?.attemptId ?? 0;
  // Answered on this device since the sitting opened (sent or waiting), on top of what the server last said.
  const [answeredHere, setAnsweredHere] = useState<Set<number>>(() => new Set());
  const [currentId, setCurrentId] = useState<number | null>(initial.examQuestions[0]?.id ?? null);
  // The accommodation's clock as the server last said (a pause under way hides the questions).
  const [clock, setClock] = useState(initial.attempt?.clock);
  const paused = clock?.paused ?? null;
  const [reviewing, setReviewing] = useState(initial.examQuestions.length === 0 && !initial.attempt?.clock?.paused);
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [flags, setFlags] = useState<Set<number>>(
    () => new Set((initial.navigator ?? []).filter((c) => c.flagged).map((c) => c.questionId)),
  );
  const [securityAlert, setSecurityAlert] = useState<string | null>(null);
  // The time left the sitting opened with: a warning fires when the time crosses its mark after that.
  const startSeconds = initial.attempt?.remainingSeconds ?? 0;
  // The time left as the server last said (shown while paused, and until the countdown's first tick).
  const [serverRemaining, setServerRemaining] = useState(startSeconds);
  const [confirmFinish, setConfirmFinish] = useState(false);
  const [finishError, setFinishError] = useState<string | null>(null);
  // Moved when the learner resumes: the server says how much time is left after the pause.
  const [deadline, setDeadline] = useState(() => Date.now() + startSeconds * 1000);
  // What was last handed to the queue per question, so an unchanged answer is not sent again.
  const handedOver = useRef<Record<number, string>>({});
  const ended = useRef(false);
  const finishAttempt = useFinishAttempt(attemptId);
  const { mutateAsync: endOnServer } = useFinishExam();
  useExamSecurity(true, setSecurityAlert);

  const markAnswered = useCallback((questionId: number) => {
    setAnsweredHere((set) => (set.has(questionId) ? set : new Set(set).add(questionId)));
  }, []);
  const queue = useAnswerQueue(attemptId, (sent) => markAnswered(sent.questionId));
  // Its own note says what happens offline; the shared banner would lie over the navigator on a phone.
  useOwnConnectionStatus(queue.offline);

  useEffect(() => {
    if (attemptId) onAttempt(attemptId);
  }, [attemptId, onAttempt]);

  const end = useCallback(
    (message: string) => {
      if (ended.current) return;
      ended.current = true;
      forgetExamForms();
      onFinished(message);
    },
    [onFinished],
  );

  // The countdown (stopped while paused: the server's clock stands still), and the warnings derived
  // from the time left as it crosses 30, 5 and 1 minutes, counted from the time the sitting opened with.
  const countdown = useCountdown(paused ? null : deadline, () => {
    void endOnServer().catch(() => {});
    end(TIME_UP);
  });
  const remaining = countdown ?? serverRemaining;
  const mark = crossedMark(TIME_WARNING_MINUTES, startSeconds, remaining);
  const warning =
    mark === null
      ? null
      : mark === 1
        ? '1 minute left. Answers are kept as they are when the time runs out.'
        : `${mark} minutes left.`;

  const question = useTestCentreQuestion(reviewing ? null : currentId, initial);
  const { refetch: refetchQuestion } = question;
  // The whole form on the device: a question not loaded yet opens from it while the network is gone.
  const form = useExamForm(paused ? 0 : attemptId);

  const onClockChanged = useCallback(
    (progress: ExamProgress) => {
      setClock(progress.clock);
      setServerRemaining(progress.remainingSeconds);
      if (progress.clock?.paused) return;
      setDeadline(Date.now() + progress.remainingSeconds * 1000);
      // Paused since the sitting opened (a reload): the current question is asked for now.
      if (currentId === null && !reviewing)
        void refetchQuestion().then((fresh) => setCurrentId(fresh.data?.examQuestions[0]?.id ?? null));
    },
    [currentId, reviewing, refetchQuestion],
  );
  const pausing = useExamPause(attemptId || null, onClockChanged);
  const served = question.data?.examQuestions[0] ?? form.data?.questions.find((q) => !reviewing && q.id === currentId);
  // The answer the server holds for the question served is what was last handed over, so it is not sent again unchanged.
  useEffect(() => {
    const id = question.data?.examQuestions[0]?.id;
    const recorded = question.data?.recordedAnswer;
    if (id !== undefined && recorded) handedOver.current[id] ??= recorded;
  }, [question.data]);
  useEffect(() => {
    for (const { questionId, userAnswer } of form.data?.recordedAnswers ?? [])
      handedOver.current[questionId] ??= userAnswer;
  }, [form.data]);
  const cells: NavigatorCell[] = (question.data?.navigator ?? initial.navigator ?? []).map((cell) => ({
    ...cell,
    answered: cell.answered || answeredHere.has(cell.questionId),
  }));
  // The answer on screen: typed here, else the one the server recorded, else the autosaved draft;
  // a question opened from the form on the device: the last one waiting to be sent, else the one recorded.
  const savedAnswer = (data: CurrentQuestionResponse | undefined, id: number) =>
    data?.recordedAnswer ?? (data?.draft?.questionId === id ? data.draft.userAnswer : undefined);
  const keptAnswer = (id: number) =>
    waitingAnswer(queue.pending, id) ?? form.data?.recordedAnswers.find((a) => a.questionId === id)?.userAnswer;
  const shownAnswer = served
    ? (answers[served.id] ?? savedAnswer(question.data, served.id) ?? keptAnswer(served.id) ?? '')
    : '';

  /** Hands the answer on screen to the queue if it changed since it was last handed over. */
  const commit = useCallback(
    (questionId: number | null, value?: string) => {
      if (questionId === null) return;
      const answer = (value ?? (questionId === served?.id ? shownAnswer : (answers[questionId] ?? ''))).trim();
      if (answer === '' || handedOver.current[questionId] === answer) return;
      handedOver.current[questionId] = answer;
      markAnswered(questionId);
      queue.enqueue(questionId, answer);
    },
    [answers, served, shownAnswer, markAnswered, queue],
  );

  const onAnswer = (value: string) => {
    if (currentId === null) return;
    setAnswers((all) => ({ ...all, [currentId]: value }));
    // A choice is recorded at once; typed answers when the learner moves on.
    if (served && hasOptions(served.question_type)) commit(currentId, value);
  };

  const goTo = (questionId: number) => {
    if (!reviewing) commit(currentId);
    setReviewing(false);
    setConfirmFinish(false);
    setCurrentId(questionId);
  };
  const openReview = () => {
    commit(currentId);
    setReviewing(true);
  };
  const index = cells.findIndex((c) => c.questionId === currentId);
  const position = index >= 0 ? index + 1 : null;

  const toggleFlag = () => {
    if (currentId === null) return;
    const flagged = !flags.has(currentId);
    setFlags((set) => {
      const next = new Set(set);
      if (flagged) next.add(currentId);
      else next.delete(currentId);
      return next;
    });
    // Queued behind the answers given before it, so it survives an outage and a reload as they do.
    queue.enqueueFlag(currentId, flagged);
  };

  async function finish() {
    setFinishError(null);
    await queue.flush();
    if (queue.offline || (localStorage.getItem(`lms-exam-answers-${attemptId}`) ?? '[]') !== '[]') {
      setFinishError(
        'Some answers have not reached the server yet. Finish when you are back online; your answers are kept.',
      );
      return;
    }
    try {
      await finishAttempt.mutateAsync();
      end('You finished the exam.');
    } catch (error) {
      if (error instanceof ApiError && (error.status === 410 || error.status === 409)) end(error.message);
      else setFinishError(error instanceof Error ? error.message : 'The exam could not be finished. Please try again.');
    }
  }

  /** The answers given so far reach the server first: while paused it refuses them. */
  async function pause(kind: 'pause' | 'break') {
    if (!reviewing) commit(currentId);
    await queue.flush();
    await pausing.pause(kind);
  }

  const unanswered = cells.filter((c) => !c.answered);
  const flagged = cells.filter((c) => flags.has(c.questionId));
  const refusedPositions = useMemo(
    () =>
      queue.refusal
        ? queue.refusal.questionIds
            .map((id) => cells.find((c) => c.questionId === id)?.position)
            .filter((p) => p !== undefined)
        : [],
    [queue.refusal, cells],
  );

  return (
    <section aria-label="Exam" className={styles.noSelect}>
      <div className={`${styles.header} ${tc.bar}`}>
        <ExamTimer seconds={remaining} silent={clock?.silentTimer ?? false} />
        <PauseControls clock={clock} pending={pausing.pending} onPause={(kind) => void pause(kind)} />
        <span className={styles.questionCount}>
          {reviewing || position === null
            ? `Review: ${cells.length} questions`
            : `Question ${position} of ${cells.length}`}
        </span>
        <span className={styles.muted}>
          Answered {cells.filter((c) => c.answered).length} of {cells.length}
        </span>
      </div>
      <div aria-live="assertive" className={tc.live}>
        {warning && (
          <p className={styles.banner} role="alert">
            {warning}
          </p>
        )}
      </div>
      {queue.offline && (
        <p className={styles.banner} role="status">
          You are offline. Keep answering: your answers and flags are kept on this device and sent when the connection
          is back
          {queue.pending.length > 0 ? ` (${queue.pending.length} waiting)` : ''}.
        </p>
      )}
      {queue.refusal && (
        <div className={styles.banner} role="alert">
          Not counted:{' '}
          {refusedPositions.length > 0 ? `the answer to question ${refusedPositions.join(', ')}` : 'an answer'}.{' '}
          {queue.refusal.message}{' '}
          <Button variant="ghost" size="small" onClick={queue.dismissRefusal}>
            Dismiss
          </Button>
        </div>
      )}
      {/* The time left as the timer counts it: a figure from the reload would soon contradict the timer. */}
      {resumed && initial.attempt && <ResumedNotice remainingSeconds={remaining} />}
      {securityAlert && (
        <div className={styles.banner} role="alert">
          {securityAlert}{' '}
          <Button variant="ghost" size="small" onClick={() => setSecurityAlert(null)}>
            Dismiss
          </Button>
        </div>
      )}

      <PauseAnnouncer text={pausing.announcement} />
      {pausing.error && !paused && (
        <p role="alert" className={styles.feedbackWrong}>
          {pausing.error}
        </p>
      )}
      {paused ? (
        <PausedPanel
          paused={paused}
          pending={pausing.pending}
          error={pausing.error}
          onResume={() => void pausing.resume()}
        />
      ) : (
        <div className={tc.layout}>
          <div>
            {reviewing ? (
              <section className={styles.card} aria-labelledby="review-heading">
                <h2 id="review-heading">Review before finishing</h2>
                <ReviewList title="Unanswered" empty="Every question has an answer." cells={unanswered} onOpen={goTo} />
                <ReviewList title="Flagged for review" empty="No question is flagged." cells={flagged} onOpen={goTo} />
                {finishError && (
                  <p role="alert" className={styles.feedbackWrong}>
                    {finishError}
                  </p>
                )}
                <div className={styles.actions}>
                  {!confirmFinish ? (
                    <Button onClick={() => setConfirmFinish(true)}>Finish exam</Button>
                  ) : (
                    <>
                      <p role="status">Finish now? You cannot change your answers afterwards.</p>
                      <Button onClick={() => void finish()} disabled={finishAttempt.isPending}>
                        {finishAttempt.isPending ? 'Finishing...' : 'Yes, finish the exam'}
                      </Button>
                      <Button variant="secondary" onClick={() => setConfirmFinish(false)}>
                        Not yet
                      </Button>
                    </>
                  )}
                </div>
              </section>
            ) : (
              <div className={styles.card}>
                {question.isPending && !served && <LoadingState text="Loading question..." />}
                {question.isError && !served && (
                  <ErrorState
                    message={
                      question.error instanceof ApiError && question.error.status === 0
                        ? 'This question opens when the connection is back. Your answers are kept.'
                        : 'The question could not be loaded.'
                    }
                    onRetry={() => void question.refetch()}
                  />
                )}
                {served && (
                  <>
                    <QuestionText as="h2" id="exam-question" text={served.question} format={served.question_format} />
                    <p className={styles.muted}>
                      <span className={styles.tag}>{questionTypeLabel(served.question_type)}</span>
                      <span className={styles.tag}>{difficultyLabel(served.difficulty)}</span>
                    </p>
                    <QuestionInputs question={served} answer={shownAnswer} onAnswer={onAnswer} />
                  </>
                )}
                <div className={styles.actions}>
                  <Button
                    variant="secondary"
                    disabled={index <= 0}
                    onClick={() => goTo(cells[index - 1]?.questionId ?? 0)}
                  >
                    Previous
                  </Button>
                  {index < cells.length - 1 && (
                    <Button onClick={() => goTo(cells[index + 1]?.questionId ?? 0)}>Next</Button>
                  )}
                  <Button
                    variant="secondary"
                    aria-pressed={currentId !== null && flags.has(currentId)}
                    onClick={toggleFlag}
                    disabled={currentId === null}
                  >
                    {currentId !== null && flags.has(currentId) ? 'Flagged for review' : 'Flag for review'}
                  </Button>
                  <Button variant="secondary" onClick={openReview}>
                    Review and finish
                  </Button>
                </div>
              </div>
            )}
          </div>
          <nav aria-label="Question navigator" className={styles.card}>
            <h2 className={tc.navTitle}>Questions</h2>
            <p className={`${styles.muted} ${tc.legend}`}>Filled: answered. Flag mark: flagged for review.</p>
            <ol className={tc.grid}>
              {cells.map((cell) => {
                const isFlagged = flags.has(cell.questionId);
                const isCurrent = !reviewing && cell.questionId === currentId;
                const state = [cell.answered ? 'answered' : 'unanswered', isFlagged ? 'flagged' : null]
                  .filter(Boolean)
                  .join(', ');
                return (
                  <li key={cell.questionId}>
                    <button
                      type="button"
                      className={`${tc.cell} ${cell.answered ? tc.answered : ''} ${isFlagged ? tc.flagged : ''}`}
                      aria-current={isCurrent ? 'step' : undefined}
                      aria-label={`Question ${cell.position}: ${state}`}
                      onClick={() => goTo(cell.questionId)}
                    >
                      {cell.position}
                    </button>
                  </li>
                );
              })}
            </ol>
          </nav>
        </div>
      )}
    </section>
  );
}

function ReviewList({
  title,
  empty,
  cells,
  onOpen,
}: {
  title: string;
  empty: string;
  cells: NavigatorCell[];
  onOpen: (questionId: number) => void;
}) {
  return (
    <section aria-label={title}>
      <h3>
        {title} ({cells.length})
      </h3>
      {cells.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <ul className={tc.reviewList}>
          {cells.map((cell) => (
            <li key={cell.questionId}>
              <Button variant="secondary" size="small" onClick={() => onOpen(cell.questionId)}>
                Question {cell.position}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
