import { useCallback, useEffect, useRef, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import {
  AUTOSAVE_INTERVAL_MS,
  MILESTONE_EVERY,
  optionLines,
  PRAISE_THRESHOLD_PERCENT,
  QUESTION_WITHDRAWN,
} from '../../contracts/lms-constants.js';
import type { AnswerResult, ExamProgress, ServedQuestion } from '../../contracts/lms.js';
import { ApiError } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { ErrorState, LoadingState } from '../ui/states.js';
import {
  saveDraftOnExit,
  useAutoSaveAnswer,
  useCurrentExamQuestion,
  useFinishExam,
  useSubmitAnswer,
} from './exam-api.js';
import { useExamSecurity } from './exam-security.js';
import { difficultyLabel, questionTypeLabel } from './labels.js';
import { useExamFocus } from './exam-focus.js';
import { ExamTimer, PauseAnnouncer, PauseControls, PausedPanel, useExamPause } from './exam-pause.js';
import { QuestionInputs } from './question-inputs.js';
import { ResumedNotice } from './resumed-notice.js';
import tc from './test-centre.module.css';
import { TestCentreSession } from './test-centre-session.js';
import { loadPendingAnswer, storePendingAnswer, type PendingPracticeAnswer } from './unsent-answers.js';
import { useCountdown } from './use-countdown.js';
import styles from './lms.module.css';
import { QuestionText } from './question-text.js';

type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

const WITHDRAWN_NOTICE = 'The question you were answering was withdrawn from the exam. Here is the next one.';
const isWithdrawn = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.code === QUESTION_WITHDRAWN;

/** The spec's milestone texts; with exam results locked (`correct` null) the score is left out. */
export function milestoneMessage(answered: number, correct: number | null): string {
  if (correct === null) return `Good job on reaching ${answered} questions. Keep practicing to improve your score!`;
  const rate = answered === 0 ? 0 : (correct / answered) * 100;
  return rate >= PRAISE_THRESHOLD_PERCENT
    ? `Awesome work! You've answered ${answered} questions with a ${rate.toFixed(1)}% success rate!`
    : `Good job on reaching ${answered} questions. Your score is ${correct}. Keep practicing to improve your score!`;
}

type SessionProps = {
  onFinished: (message?: string) => void;
  onAttempt: (attemptId: number) => void;
  resumed: boolean;
};

/** The timed sitting: only the exam shows; the attempt's mode chooses the screen. */
export function ExamSession(props: SessionProps) {
  useExamFocus();
  const current = useCurrentExamQuestion();
  if (current.data?.mode === 'test-centre') return <TestCentreSession initial={current.data} {...props} />;
  return <PracticeSession {...props} />;
}

/** Practice mode: one question at a time, each answer marked at once, a countdown kept by the server, autosave and the security rules. */
function PracticeSession({ onFinished, onAttempt, resumed }: SessionProps) {
  const current = useCurrentExamQuestion();
  const { mutateAsync: finishOnServer } = useFinishExam();
  // The attempt's progress as the last answer left it, until a newer question brings the server's.
  const [answeredProgress, setAnsweredProgress] = useState<{ progress: ExamProgress; after: number } | null>(null);
  const [saveStatus, setSaveStatus] = useState<SaveStatus>('idle');
  const [milestone, setMilestone] = useState<string | null>(null);
  const [securityAlert, setSecurityAlert] = useState<string | null>(null);
  const [withdrawnNotice, setWithdrawnNotice] = useState(false);
  const deadline = useRef<number | null>(null);
  const finishing = useRef(false);

  useExamSecurity(true, setSecurityAlert);

  const finish = useCallback(
    async (message?: string) => {
      if (finishing.current) return;
      finishing.current = true;
      await finishOnServer().catch(() => {});
      onFinished(message);
    },
    [finishOnServer, onFinished],
  );

  const { data, dataUpdatedAt, isFetching, refetch } = current;
  // While paused the server's clock stands still, and so does the countdown.
  const paused = data?.attempt?.clock?.paused ?? null;
  // Each question the server sends restarts the countdown from the attempt's remaining time (after a
  // pause, the deadline the server moved).
  const examDeadline = data?.attempt && !paused ? dataUpdatedAt + data.attempt.remainingSeconds * 1000 : null;
  useEffect(() => {
    deadline.current = examDeadline;
  }, [examDeadline]);
  // The attempt the server is running for this learner, remembered so a reload comes back to it.
  useEffect(() => {
    if (data?.attempt && !data.attempt.finished) onAttempt(data.attempt.attemptId);
  }, [data, onAttempt]);
  // No current question: the attempt is over (unless it is paused, which hides the questions).
  useEffect(() => {
    if (!data || data.examQuestions[0] || data.attempt?.clock?.paused || finishing.current) return;
    finishing.current = true;
    onFinished(data.message);
  }, [data, onFinished]);

  // The countdown shows the server's remaining time; at zero the exam ends.
  const remaining = useCountdown(examDeadline, () => void finish('Time is up. The exam is finished.'));

  /** Clears the screen and fetches the current question again (Next Question, retry, a 409). */
  const loadNext = useCallback(() => void refetch(), [refetch]);
  const secondsLeft = useCallback(
    () => (deadline.current ? Math.max(0, Math.round((deadline.current - Date.now()) / 1000)) : null),
    [],
  );
  const isFinishing = useCallback(() => finishing.current, []);
  /** An admin deleted the question on screen: say so and move on to the next one. */
  const onWithdrawn = useCallback(() => {
    setWithdrawnNotice(true);
    loadNext();
  }, [loadNext]);
  const onAnswered = useCallback(
    (progress: ExamProgress) => {
      setWithdrawnNotice(false);
      setAnsweredProgress({ progress, after: dataUpdatedAt });
      const n = progress.answeredCount;
      if (n > 0 && n % MILESTONE_EVERY === 0) setMilestone(milestoneMessage(n, progress.correctCount));
    },
    [dataUpdatedAt],
  );

  // A pause or resume is answered with the server's clock; the current question (or that it is
  // paused) is asked for again, with the time left as the server now has it.
  const resumedAt = useRef<number | null>(null);
  const onClockChanged = useCallback(
    (changed: ExamProgress) => {
      if (!changed.clock?.paused) resumedAt.current = Date.now();
      loadNext();
    },
    [loadNext],
  );
  const pausing = useExamPause(data?.attempt?.attemptId ?? null, onClockChanged);
  // The question on screen saves what is typed into it before a pause: the questions hide and the
  // server refuses drafts while paused, so it would be lost; after resuming it comes back as the draft.
  const saveTyped = useRef<(() => Promise<void>) | null>(null);
  const registerSave = useCallback((save: (() => Promise<void>) | null) => {
    saveTyped.current = save;
  }, []);

  const question = isFetching ? undefined : data?.examQuestions[0];
  // Back from a pause: the keyboard goes to the question that hid.
  useEffect(() => {
    if (!question || resumedAt.current === null) return;
    resumedAt.current = null;
    document.getElementById('exam-question')?.focus();
  }, [question]);
  const loadError =
    current.isError && !isFetching && !(current.error instanceof ApiError && current.error.status === 401);
  const progress =
    answeredProgress?.after === dataUpdatedAt
      ? answeredProgress.progress
      : (data?.attempt ?? answeredProgress?.progress ?? null);
  const shownRemaining = paused
    ? (data?.attempt?.remainingSeconds ?? null)
    : (remaining ?? data?.attempt?.remainingSeconds ?? null);
  const clock = progress?.clock ?? data?.attempt?.clock;
  const saveText = { idle: '', saving: 'Saving...', saved: 'Saved', error: 'Save failed' }[saveStatus];
  // The question on screen counts as the next one; once every question is answered, the last.
  const questionNumber = progress
    ? Math.min(progress.answeredCount + (answeredProgress?.after === dataUpdatedAt ? 0 : 1), progress.totalQuestions)
    : null;

  return (
    <section aria-label="Exam" className={styles.noSelect}>
      {/* Sticky, as the test centre's: on a phone the timer and count stay in sight under a long question. */}
      <div className={`${styles.header} ${tc.bar}`}>
        <ExamTimer seconds={shownRemaining} silent={clock?.silentTimer ?? false} />
        {!isFetching && (
          <PauseControls
            clock={clock}
            pending={pausing.pending}
            onPause={(kind) => void pausing.pause(kind, () => saveTyped.current?.() ?? Promise.resolve())}
          />
        )}
        {progress && questionNumber !== null && (
          <span className={styles.questionCount}>
            Question {Math.max(1, questionNumber)} of {progress.totalQuestions}
          </span>
        )}
        {progress && (
          <span className={styles.muted}>
            Answered {progress.answeredCount} of {progress.totalQuestions}
          </span>
        )}
        <span aria-live="polite" className={saveStatus === 'error' ? styles.feedbackWrong : styles.muted}>
          {saveText}
        </span>
      </div>
      {securityAlert && (
        <div className={styles.banner} role="alert">
          {securityAlert}{' '}
          <Button variant="ghost" size="small" onClick={() => setSecurityAlert(null)}>
            Dismiss
          </Button>
        </div>
      )}
      {/* The time left as the timer counts it: a figure from the reload would soon contradict the timer. */}
      {resumed && data?.attempt && !data.attempt.finished && shownRemaining !== null && (
        <ResumedNotice remainingSeconds={shownRemaining} />
      )}
      {milestone && (
        // Not a dialog: nothing covers a timed exam.
        <p className={styles.notice} role="status">
          {milestone}{' '}
          <Button variant="ghost" size="small" onClick={() => setMilestone(null)}>
            Dismiss
          </Button>
        </p>
      )}
      {withdrawnNotice && (
        <p className={styles.banner} role="status">
          {WITHDRAWN_NOTICE}
        </p>
      )}
      <PauseAnnouncer text={pausing.announcement} />
      {pausing.error && !paused && (
        <p role="alert" className={styles.feedbackWrong}>
          {pausing.error}
        </p>
      )}
      {paused && !isFetching && (
        <PausedPanel
          paused={paused}
          pending={pausing.pending}
          error={pausing.error}
          onResume={() => void pausing.resume()}
        />
      )}
      {loadError && <ErrorState message="The question could not be loaded." onRetry={loadNext} />}
      {!loadError && !question && !(paused && !isFetching) && <LoadingState text="Loading question..." />}
      {question && (
        <QuestionForm
          // A fresh form (answer, feedback) for every question the server sends, even the same one again.
          key={`${question.id}:${dataUpdatedAt}`}
          question={question}
          draft={data?.draft?.questionId === question.id ? data.draft.userAnswer : ''}
          secondsLeft={secondsLeft}
          isFinishing={isFinishing}
          onSaveStatus={setSaveStatus}
          onAnswered={onAnswered}
          onNext={loadNext}
          onWithdrawn={onWithdrawn}
          onEnded={(message) => void finish(message)}
          registerSave={registerSave}
        />
      )}
    </section>
  );
}

type QuestionFormProps = {
  question: ServedQuestion;
  /** The answer saved for this question before a reload, or ''. */
  draft: string;
  secondsLeft: () => number | null;
  isFinishing: () => boolean;
  onSaveStatus: Dispatch<SetStateAction<SaveStatus>>;
  onAnswered: (progress: ExamProgress) => void;
  onNext: () => void;
  /** The question was deleted while on screen (409 QUESTION_WITHDRAWN, on submit or autosave). */
  onWithdrawn: () => void;
  /** The attempt ended on the server (410): finish with its message. */
  onEnded: (message: string) => void;
  /** Gives the screen the save of what is typed, for a pause (null once the question is gone). */
  registerSave: (save: (() => Promise<void>) | null) => void;
};

// While an answer waits, sending is retried this often, besides the browser's `online` event.
const PRACTICE_RETRY_MS = 5000;

/** One question: the answer being typed (autosaved as a draft), its submission and the feedback. */
function QuestionForm({
  question,
  draft,
  secondsLeft,
  isFinishing,
  onSaveStatus,
  onAnswered,
  onNext,
  onWithdrawn,
  onEnded,
  registerSave,
}: QuestionFormProps) {
  // The server shuffles the options, stable per attempt, so a reload shows the same order.
  const [answer, setAnswer] = useState(draft);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<AnswerResult | null>(null);
  // A mutation sent while the browser is offline waits (paused) until it is back, then goes.
  const { mutateAsync: submitAnswer, isPending: sending, isPaused } = useSubmitAnswer();
  const { mutateAsync: autoSave } = useAutoSaveAnswer();
  const answerRef = useRef(answer);
  useEffect(() => {
    answerRef.current = answer;
  }, [answer]);

  const questionId = question.id;
  const answered = feedback !== null;

  const save = useCallback(
    async (keepalive = false) => {
      if (answered || isFinishing()) return;
      const draftAnswer = { questionId, userAnswer: answerRef.current, timer: secondsLeft() };
      if (keepalive) {
        saveDraftOnExit(draftAnswer);
        return;
      }
      onSaveStatus('saving');
      try {
        await autoSave(draftAnswer);
        onSaveStatus('saved');
        setTimeout(() => onSaveStatus((s) => (s === 'saved' ? 'idle' : s)), 2000);
      } catch (error) {
        if (isWithdrawn(error)) {
          onSaveStatus('idle');
          onWithdrawn();
          return;
        }
        onSaveStatus('error');
        setTimeout(() => onSaveStatus((s) => (s === 'error' ? 'idle' : s)), 3000);
      }
    },
    [questionId, answered, isFinishing, secondsLeft, onSaveStatus, autoSave, onWithdrawn],
  );

  // Before a pause: the typed answer saved now, a failure thrown so the pause waits (the screen says why).
  useEffect(() => {
    registerSave(async () => {
      if (answered || isFinishing()) return;
      await autoSave({ questionId, userAnswer: answerRef.current, timer: secondsLeft() });
    });
    return () => registerSave(null);
  }, [registerSave, answered, isFinishing, autoSave, questionId, secondsLeft]);

  useEffect(() => {
    const timer = setInterval(() => void save(), AUTOSAVE_INTERVAL_MS);
    const onHide = () => void save(true);
    window.addEventListener('pagehide', onHide);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', onHide);
    };
  }, [save]);

  // An answer given while the connection is down: kept on this device (a reload keeps it too) and
  // sent with the same clientAnswerId until it arrives, so the server applies it once.
  const [waiting, setWaiting] = useState<PendingPracticeAnswer | null>(() => loadPendingAnswer(questionId));

  /** What a refusal of the answer means for the learner. */
  const refused = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 410) {
        onEnded(error.message);
      } else if (isWithdrawn(error)) {
        onWithdrawn();
      } else if (error instanceof ApiError && error.status === 409) {
        // Answered elsewhere (another device) or the exam ended: take the server's current state.
        onNext();
      } else {
        setSubmitError('Your answer could not be sent. Please try again.');
      }
    },
    [onEnded, onWithdrawn, onNext],
  );

  const inFlight = useRef(false);
  const send = useCallback(
    async (pending: PendingPracticeAnswer) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSubmitError(null);
      try {
        const result = await submitAnswer(pending);
        storePendingAnswer(null);
        setWaiting(null);
        setFeedback(result);
        onAnswered(result.attempt);
      } catch (error) {
        if (error instanceof ApiError && error.status === 0) return;
        storePendingAnswer(null);
        setWaiting(null);
        refused(error);
      } finally {
        inFlight.current = false;
      }
    },
    [submitAnswer, onAnswered, refused],
  );

  useEffect(() => {
    if (!waiting) return;
    const retry = () => void send(waiting);
    window.addEventListener('online', retry);
    const timer = setInterval(retry, PRACTICE_RETRY_MS);
    retry();
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(timer);
    };
  }, [waiting, send]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (answer.trim() === '' || sending || waiting) return;
    const pending = { clientAnswerId: crypto.randomUUID(), questionId, userAnswer: answer };
    // Kept before it is sent: a connection lost on the way leaves it here to send again.
    storePendingAnswer(pending);
    setWaiting(pending);
  }

  return (
    <form className={styles.card} onSubmit={onSubmit}>
      {/* Focusable from script: the keyboard comes back here after a pause. */}
      <QuestionText
        as="h2"
        id="exam-question"
        tabIndex={-1}
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
        disabled={answered}
        correctAnswer={feedback && !feedback.pendingReview ? feedback.correctAnswer : undefined}
      />
      {submitError && (
        <p role="alert" className={styles.feedbackWrong}>
          {submitError}
        </p>
      )}
      {waiting && (!sending || isPaused) && (
        <p role="status" className={styles.banner}>
          You are offline. Your answer is kept on this device and sent when the connection is back; its feedback
          follows.
        </p>
      )}
      {!feedback && (
        <Button type="submit" disabled={answer.trim() === '' || sending || waiting !== null}>
          {sending || waiting ? 'Sending...' : 'Submit Answer'}
        </Button>
      )}
      {feedback && (
        <div aria-live="polite">
          {feedback.pendingReview ? (
            <p className={styles.muted}>Your essay was recorded and will be reviewed manually.</p>
          ) : (
            <p className={feedback.correct ? styles.feedbackCorrect : styles.feedbackWrong}>
              {feedback.correct ? 'Correct!' : 'Incorrect!'}
            </p>
          )}
          {!feedback.correct && !feedback.pendingReview && feedback.correctAnswer && (
            <p>Correct answer: {optionLines(feedback.correctAnswer).join('; ')}</p>
          )}
          {feedback.explanation && <p>{feedback.explanation}</p>}
          <Button onClick={onNext}>Next Question</Button>
        </div>
      )}
    </form>
  );
}
