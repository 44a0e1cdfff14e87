import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer } from 'react';
import { Link, useNavigate } from '../lib/routing.js';
import { LOCKED_SUMMARY_MESSAGE, RETAKE_NOT_YET } from '../../contracts/lms-constants.js';
import type { ExamMode } from '../../contracts/lms.js';
import { usePublicConfig } from '../lib/public-config.js';
import { formatDateTime } from '../lib/format.js';
import { Button, buttonClassName } from '../ui/button.js';
import { ErrorState, FormError, LoadingState } from '../ui/states.js';
import { useExamAttempts, useExamSummary, useStartAttempt } from './exam-api.js';
import { AttemptHistorySection, LastAttemptPanel, reviewPath } from './exam-history.js';
import { leaveFullScreen, requestFullScreen } from './exam-security.js';
import { ExamSession } from './exam-session.js';
import { formatDuration, professionLabel } from './labels.js';
import { LearnerHeader } from './learner-header.js';
import styles from './lms.module.css';
import { ApiError, errorMessage } from '../lib/http.js';
import { useLmsSession } from './session.js';
import { SampleResults, scoreSentence } from './results-by-topic.js';
import { UpgradeButton } from './upgrade.js';

const stages = ['confirmation', 'nda', 'tutorial', 'exam', 'completed'] as const;
type Stage = (typeof stages)[number];
const stageLabels: Record<Stage, string> = {
  confirmation: 'Candidate Confirmation',
  nda: 'NDA',
  tutorial: 'Tutorial',
  exam: 'Exam',
  completed: 'Completed',
};

/** Why a retake did not start; a wait is told as a local date and time, from the attempts list. */
function retakeRefusal(error: Error, nextAttemptAt: string | null): string {
  if (error instanceof ApiError && error.code === RETAKE_NOT_YET) {
    return nextAttemptAt
      ? `You can retake the exam from ${formatDateTime(nextAttemptAt)}.`
      : 'You cannot retake the exam yet.';
  }
  return errorMessage(error, 'The exam could not be started. Please try again.');
}

// The spec's praise threshold for the milestone message, reused for the final verdict.

function Completed({ message }: { message?: string | undefined }) {
  const navigate = useNavigate();
  const attempts = useExamAttempts();
  const latest = attempts.data?.attempts[0];
  const queryClient = useQueryClient();
  useEffect(() => {
    leaveFullScreen();
    void queryClient.invalidateQueries({ queryKey: ['lms'] });
  }, [queryClient]);
  const summary = useExamSummary();
  const returnToDashboard = () => void navigate('/lms-system/dashboard');
  // Every learner's score and verdict; `locked` keeps the review, topics and percentile Premium.
  const result = summary.data && summary.data.summary.totalScore !== null ? summary.data.summary : null;
  const rate = result?.percentage ?? 0;
  return (
    <section className={`${styles.card} ${styles.results}`} aria-label="Exam completed">
      <h2>Exam completed</h2>
      {message && <p>{message}</p>}
      {summary.isPending && (
        <p role="status">
          Loading your results
          <span className={styles.dots} aria-hidden="true" />
        </p>
      )}
      {summary.isLoadingError && (
        <ErrorState message="Your results could not be loaded." onRetry={() => void summary.refetch()} />
      )}
      {result && (
        <div className={styles.resultsBody}>
          <div
            className={styles.scoreRing}
            style={{ '--rate': `${Math.min(100, Math.max(0, rate))}%` } as React.CSSProperties}
            role="img"
            aria-label={`Score ${rate.toFixed(1)}%`}
          >
            <span>{rate.toFixed(1)}%</span>
          </div>
          <div>
            <p className={styles.resultsVerdict}>
              {scoreSentence(
                { percentage: rate, correct: result.totalScore ?? 0, questions: result.totalQuestions },
                result.passMark,
              )}
            </p>
            <dl className={styles.resultsStats}>
              <div>
                <dt>Questions</dt>
                <dd>{result.totalQuestions}</dd>
              </div>
              <div>
                <dt>Correct</dt>
                <dd>{result.totalScore}</dd>
              </div>
              <div>
                <dt>Score</dt>
                <dd>{rate.toFixed(1)}%</dd>
              </div>
              <div>
                <dt>Pass mark</dt>
                <dd>{result.passMark}%</dd>
              </div>
              {result.pendingReview > 0 && (
                <div>
                  <dt>Essays awaiting review</dt>
                  <dd>{result.pendingReview}</dd>
                </div>
              )}
            </dl>
          </div>
        </div>
      )}
      {summary.data?.locked && (
        <div>
          <p>{summary.data.message || LOCKED_SUMMARY_MESSAGE}</p>
          <p className={styles.muted}>
            Premium exam results add the review of every answer, your results by topic with a practice set for each, and
            how you compare with other learners.
          </p>
          <SampleResults passMark={summary.data.summary.passMark} />
        </div>
      )}
      <div className={styles.actions}>
        <Button onClick={returnToDashboard}>Return to Dashboard</Button>
        {summary.data?.locked && <UpgradeButton />}
        {latest?.finished_at && !attempts.data?.locked && (
          <Button variant="secondary" onClick={() => void navigate(reviewPath(latest.id))}>
            Review answers
          </Button>
        )}
      </div>
    </section>
  );
}

/**
 * The wizard's state in one place: the stage the learner moved to (none yet: the server's attempts
 * decide), the NDA, the chosen mode and retake, and the message the exam finished with.
 */
type WizardState = {
  chosenStage: Stage | null;
  ndaAccepted: boolean;
  ndaError: string | null;
  finishMessage: string | undefined;
  retakeChosen: boolean;
  mode: ExamMode;
};

type WizardAction =
  | { type: 'go'; stage: Stage }
  | { type: 'accept-nda'; accepted: boolean }
  | { type: 'nda-missing' }
  | { type: 'nda-ok' }
  | { type: 'choose-mode'; mode: ExamMode }
  | { type: 'choose-retake' }
  | { type: 'finished'; message: string | undefined };

const initialWizard: WizardState = {
  chosenStage: null,
  ndaAccepted: false,
  ndaError: null,
  finishMessage: undefined,
  retakeChosen: false,
  mode: 'practice',
};

function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'go':
      return { ...state, chosenStage: action.stage };
    case 'accept-nda':
      return { ...state, ndaAccepted: action.accepted };
    case 'nda-missing':
      return { ...state, ndaError: 'Please accept the NDA to proceed' };
    case 'nda-ok':
      return { ...state, ndaError: null };
    case 'choose-mode':
      return { ...state, mode: action.mode };
    case 'choose-retake':
      return { ...state, retakeChosen: true };
    case 'finished':
      return { ...state, finishMessage: action.message, chosenStage: 'completed' };
  }
}

export default function ExamPage() {
  const { user } = useLmsSession();
  const config = usePublicConfig();
  const [{ chosenStage, ndaAccepted, ndaError, finishMessage, retakeChosen, mode }, dispatch] = useReducer(
    wizardReducer,
    initialWizard,
  );
  const attempts = useExamAttempts();
  const startAttempt = useStartAttempt();
  // A finished last attempt: the intro offers a retake instead of walking into the finished one.
  const latest = attempts.data?.attempts[0];
  const lastFinished = Boolean(latest?.finished_at);
  // An open attempt (this tab's, another tab's or another device's) goes straight back to the exam, without the wizard.
  const resumesExam = Boolean(latest && !latest.finished_at);
  const stage: Stage = chosenStage ?? (resumesExam ? 'exam' : 'confirmation');

  const setStage = useCallback((next: Stage) => dispatch({ type: 'go', stage: next }), []);
  // Once the server names the running attempt, this page stays on the exam whatever the history's refetches say.
  const rememberAttempt = useCallback(() => dispatch({ type: 'go', stage: 'exam' }), []);
  const onFinished = useCallback((message?: string) => dispatch({ type: 'finished', message }), []);

  const index = stages.indexOf(stage);
  const back = () => setStage(stages[Math.max(0, index - 1)] ?? 'confirmation');
  const next = () => {
    if (stage === 'nda' && !ndaAccepted) {
      dispatch({ type: 'nda-missing' });
      return;
    }
    dispatch({ type: 'nda-ok' });
    if (stage === 'tutorial') {
      requestFullScreen();
      // The attempt starts here, in the chosen mode, so its clock starts with the exam, not with the intro.
      startAttempt.mutate(mode, { onSuccess: () => setStage('exam') });
      return;
    }
    setStage(stages[index + 1] ?? 'completed');
  };
  const inWizard = stage === 'exam' || stage === 'completed' || (attempts.isSuccess && (!lastFinished || retakeChosen));
  const timeLimit = formatDuration(config.data?.examDurationSeconds ?? 10_800);

  if (attempts.isPending && chosenStage === null) {
    return (
      <main className={styles.page}>
        <LearnerHeader title="Online Examination" />
        <LoadingState />
      </main>
    );
  }

  // An empty bank is told here, before the confirmation, the NDA and the tutorial (the server would
  // refuse the start at their end anyway: 409 NO_QUESTIONS). An open attempt still resumes.
  if (attempts.data?.questionsAvailable === false && !resumesExam && chosenStage === null) {
    return (
      <main className={styles.page}>
        <LearnerHeader title="Online Examination" />
        <section className={styles.card} style={{ marginBottom: '1rem' }} aria-label="No exam yet">
          <h2>No exam for your profession yet</h2>
          <p>
            There are no exam questions for {user ? `${professionLabel(user.profession)}s` : 'your profession'} yet, so
            the exam cannot start. It opens here as soon as questions are added: come back later.
          </p>
          <p className={styles.actions}>
            <Link className={buttonClassName('primary')} to="/lms-system/dashboard">
              Return to Dashboard
            </Link>
          </p>
        </section>
        {latest && <AttemptHistorySection />}
      </main>
    );
  }

  return (
    <main className={styles.page}>
      <LearnerHeader title="Online Examination" />
      {stage !== 'exam' && stage !== 'completed' && (
        <section className={styles.card} style={{ marginBottom: '1rem' }} aria-label="Instructions">
          <h2>Before you begin</h2>
          <ul>
            <li>Make sure you have a stable internet connection.</li>
            <li>Do not switch tabs or leave the exam window.</li>
            <li>Finish within the time limit of {timeLimit}.</li>
          </ul>
        </section>
      )}
      {!inWizard && attempts.isPending && <LoadingState />}
      {!inWizard && attempts.isLoadingError && (
        <ErrorState message="Failed to load your exam history." onRetry={() => void attempts.refetch()} />
      )}
      {!inWizard && attempts.isSuccess && (
        <>
          <section className={styles.card} style={{ marginBottom: '1rem' }} aria-label="Last attempt">
            <h2>Last attempt</h2>
            <LastAttemptPanel onRetake={() => dispatch({ type: 'choose-retake' })} />
          </section>
          <AttemptHistorySection />
        </>
      )}
      {inWizard && stage !== 'exam' && (
        <ol className={styles.stepper} aria-label="Exam steps">
          {stages.map((s) => (
            <li key={s} aria-current={s === stage ? 'step' : undefined}>
              {stageLabels[s]}
            </li>
          ))}
        </ol>
      )}

      {inWizard && stage === 'confirmation' && (
        <section className={styles.card} aria-label="Candidate Confirmation">
          <h2>Candidate Confirmation</h2>
          <dl>
            <dt>Candidate</dt>
            <dd>{user?.username}</dd>
            <dt>Exam</dt>
            <dd>{user ? professionLabel(user.profession) : ''} mock exam</dd>
            <dt>Language</dt>
            <dd>English</dd>
            <dt>Time limit</dt>
            <dd>{timeLimit}</dd>
            {lastFinished && (
              <>
                <dt>Attempt</dt>
                <dd>Retake: a new set of questions, a new time limit</dd>
              </>
            )}
          </dl>
          <fieldset className={styles.modeChoice}>
            <legend>How do you want to sit it?</legend>
            <label className={styles.option}>
              <input
                type="radio"
                name="exam-mode"
                value="practice"
                checked={mode === 'practice'}
                onChange={() => dispatch({ type: 'choose-mode', mode: 'practice' })}
              />
              <span>
                <strong>Practice</strong>: one question at a time; each answer is marked at once, with its explanation.
              </span>
            </label>
            <label className={styles.option}>
              <input
                type="radio"
                name="exam-mode"
                value="test-centre"
                checked={mode === 'test-centre'}
                onChange={() => dispatch({ type: 'choose-mode', mode: 'test-centre' })}
              />
              <span>
                <strong>Test centre</strong>: as at the real exam. Move between questions, flag them for review and
                change answers until you finish; results only at the end.
              </span>
            </label>
          </fieldset>
        </section>
      )}
      {inWizard && stage === 'nda' && (
        <section className={styles.card} aria-label="Non-disclosure agreement">
          <h2>Non-Disclosure Agreement</h2>
          <p>
            The questions of this exam are confidential. You agree not to copy, record, share or discuss them with
            anyone, in any form, during or after the exam.
          </p>
          <FormError message={ndaError} />
          <label>
            <input
              type="checkbox"
              checked={ndaAccepted}
              onChange={(e) => dispatch({ type: 'accept-nda', accepted: e.target.checked })}
            />{' '}
            I accept the non-disclosure agreement
          </label>
        </section>
      )}
      {inWizard && stage === 'tutorial' && (
        <section className={styles.card} aria-label="Tutorial">
          <h2>Tutorial</h2>
          <ul>
            {mode === 'practice' ? (
              <>
                <li>Questions come one at a time: multiple choice, fill in the blank, or essay.</li>
                <li>Choose or type your answer and press Submit Answer; you see at once whether it was correct.</li>
                <li>Each question can be answered once. Press Next Question to go on.</li>
                <li>
                  Your answer is saved every 30 seconds; if you reload or change device you continue where you were.
                </li>
              </>
            ) : (
              <>
                <li>
                  The question navigator shows every question: answered, unanswered and flagged. Tap a number to go
                  there.
                </li>
                <li>
                  Your answer is recorded as you choose it (typed answers when you move on); you can change it until you
                  finish.
                </li>
                <li>
                  Flag a question to come back to it. Review and finish lists what is unanswered or flagged before you
                  end the exam.
                </li>
                <li>
                  You are warned at 30, 5 and 1 minutes left. If the connection drops, keep answering: answers are kept
                  and sent later.
                </li>
              </>
            )}
            <li>The exam goes full screen. Copy and paste are disabled, and leaving the window is recorded.</li>
          </ul>
        </section>
      )}
      {inWizard && stage !== 'exam' && stage !== 'completed' && (
        <div className={styles.actions} style={{ marginTop: '1rem' }}>
          {index > 0 && (
            <Button variant="secondary" onClick={back}>
              Back
            </Button>
          )}
          <Button onClick={next} disabled={startAttempt.isPending}>
            {startAttempt.isPending ? 'Starting...' : 'Next'}
          </Button>
        </div>
      )}
      {startAttempt.isError && (
        <FormError message={retakeRefusal(startAttempt.error, attempts.data?.nextAttemptAt ?? null)} />
      )}
      {stage === 'exam' && (
        <ExamSession onFinished={onFinished} onAttempt={rememberAttempt} resumed={resumesExam && startAttempt.isIdle} />
      )}
      {stage === 'completed' && <Completed message={finishMessage} />}
    </main>
  );
}
