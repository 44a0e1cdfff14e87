import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { AUTOSAVE_INTERVAL_MS, MILESTONE_EVERY, PRAISE_THRESHOLD_PERCENT } from '../../contracts/lms-constants.js';
import type { AnswerResult, ExamProgress, ExamQuestionsResponse, ServedQuestion } from '../../contracts/lms.js';
import { ApiError } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/field.js';
import { Modal, ModalActions } from '../ui/modal.js';
import { ErrorState, LoadingState } from '../ui/states.js';
import { useExamSecurity } from './exam-security.js';
import { formatTimer } from './labels.js';
import { OptionMarker, optionMark, optionMarkClass } from './option-marks.js';
import styles from './lms.module.css';
import { lmsRequest, lmsToken } from './session.js';

type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

export function milestoneMessage(answered: number, correct: number): string {
  const rate = answered === 0 ? 0 : (correct / answered) * 100;
  return rate >= PRAISE_THRESHOLD_PERCENT
    ? `Awesome work! You've answered ${answered} questions with a ${rate.toFixed(1)}% success rate!`
    : `Good job on reaching ${answered} questions. Your score is ${correct}. Keep practicing to improve your score!`;
}

/** The exam interface: one question at a time, a countdown kept by the server, autosave and the security rules. */
const fetchCurrentQuestion = () => lmsRequest<ExamQuestionsResponse>('/user/exam/questions');

export function ExamSession({ onFinished }: { onFinished: (message?: string) => void }) {
  const [question, setQuestion] = useState<ServedQuestion | null>(null);
  const [progress, setProgress] = useState<ExamProgress | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [answer, setAnswer] = useState('');
  const [sending, setSending] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<AnswerResult | null>(null);
  const [remaining, setRemaining] = useState<number | null>(null);
  const [saveStatus, setSaveStatus] = useState<SaveStatus>('idle');
  const [milestone, setMilestone] = useState<string | null>(null);
  const [securityAlert, setSecurityAlert] = useState<string | null>(null);
  const deadline = useRef<number | null>(null);
  const finishing = useRef(false);
  const answerRef = useRef(answer);
  useEffect(() => {
    answerRef.current = answer;
  }, [answer]);

  useExamSecurity(true, setSecurityAlert);

  const finish = useCallback(
    async (message?: string) => {
      if (finishing.current) return;
      finishing.current = true;
      await lmsRequest('/user/exam/finish', { method: 'POST' }).catch(() => {});
      onFinished(message);
    },
    [onFinished],
  );

  // Shows the question the server says is current (or finishes when there is none).
  const showQuestion = useCallback(
    (data: ExamQuestionsResponse) => {
      setLoadError(false);
      setFeedback(null);
      setSubmitError(null);
      const first = data.examQuestions[0];
      if (data.attempt) {
        setProgress(data.attempt);
        deadline.current = Date.now() + data.attempt.remainingSeconds * 1000;
        setRemaining(data.attempt.remainingSeconds);
      }
      if (!first) {
        finishing.current = true;
        onFinished(data.message);
        return;
      }
      // The server shuffles the options, stable per attempt, so a reload shows the same order.
      setQuestion(first);
      setAnswer(data.draft?.questionId === first.id ? data.draft.userAnswer : '');
    },
    [onFinished],
  );
  const showLoadError = useCallback((error: unknown) => {
    if (!(error instanceof ApiError && error.status === 401)) setLoadError(true);
  }, []);

  /** Clears the screen and fetches the next question (Next Question, retry, a 409). */
  const loadNext = useCallback(() => {
    setLoadError(false);
    setQuestion(null);
    setFeedback(null);
    setSubmitError(null);
    fetchCurrentQuestion().then(showQuestion, showLoadError);
  }, [showQuestion, showLoadError]);

  useEffect(() => {
    // Loading the first question is this component's reason to exist; state changes when it arrives.
    fetchCurrentQuestion().then(showQuestion, showLoadError);
  }, [showQuestion, showLoadError]);

  // The countdown shows the server's remaining time; at zero the exam ends.
  useEffect(() => {
    const timer = setInterval(() => {
      if (deadline.current === null) return;
      const left = Math.max(0, Math.round((deadline.current - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) void finish('Time is up. The exam is finished.');
    }, 1000);
    return () => clearInterval(timer);
  }, [finish]);

  const questionId = question?.id;
  const answered = feedback !== null;

  const save = useCallback(
    async (keepalive = false) => {
      if (questionId === undefined || answered || finishing.current) return;
      const body = { questionId, userAnswer: answerRef.current, timer: deadline.current ? Math.max(0, Math.round((deadline.current - Date.now()) / 1000)) : null };
      if (keepalive) {
        // The page is going away: a keepalive request outlives it, so a reload finds the draft.
        const token = lmsToken.get();
        void fetch('/user/exam/auto-save', {
          method: 'POST',
          keepalive: true,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        }).catch(() => {});
        return;
      }
      setSaveStatus('saving');
      try {
        await lmsRequest('/user/exam/auto-save', { method: 'POST', body });
        setSaveStatus('saved');
        setTimeout(() => setSaveStatus((s) => (s === 'saved' ? 'idle' : s)), 2000);
      } catch {
        setSaveStatus('error');
        setTimeout(() => setSaveStatus((s) => (s === 'error' ? 'idle' : s)), 3000);
      }
    },
    [questionId, answered],
  );

  useEffect(() => {
    const timer = setInterval(() => void save(), AUTOSAVE_INTERVAL_MS);
    const onHide = () => void save(true);
    window.addEventListener('pagehide', onHide);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', onHide);
    };
  }, [save]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!question || answer.trim() === '' || sending) return;
    setSending(true);
    setSubmitError(null);
    try {
      const result = await lmsRequest<AnswerResult>('/user/exam/submit', { method: 'POST', body: { questionId: question.id, userAnswer: answer } });
      setFeedback(result);
      setProgress(result.attempt);
      const n = result.attempt.answeredCount;
      if (n > 0 && n % MILESTONE_EVERY === 0) setMilestone(milestoneMessage(n, result.attempt.correctCount));
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) {
        void finish(error.message);
      } else if (error instanceof ApiError && error.status === 409) {
        // Answered elsewhere (another device) or the exam ended: take the server's current state.
        loadNext();
      } else {
        setSubmitError('Your answer could not be sent. Please try again.');
      }
    } finally {
      setSending(false);
    }
  }

  const saveText = { idle: '', saving: 'Saving...', saved: 'Saved', error: 'Save failed' }[saveStatus];

  return (
    <section aria-label="Exam" className={styles.noSelect}>
      <div className={styles.header}>
        <div>
          <span className={styles.muted}>Time remaining </span>
          <span className={styles.timer} role="timer" aria-label="Time remaining">
            {remaining === null ? '--:--' : formatTimer(remaining)}
          </span>
        </div>
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
      {loadError && <ErrorState message="The question could not be loaded." onRetry={loadNext} />}
      {!loadError && !question && <LoadingState text="Loading question..." />}
      {question && (
        <form className={styles.card} onSubmit={onSubmit}>
          <h2 id="exam-question">{question.question}</h2>
          <p className={styles.muted}>
            <span className={styles.tag}>{question.question_type}</span>
            <span className={styles.tag}>{question.difficulty}</span>
          </p>
          {question.question_type === 'multiple-choice' && (
            <fieldset className={styles.options} disabled={answered}>
              <legend className="visually-hidden">Choose one answer</legend>
              {question.options.map((option) => {
                const mark = feedback && !feedback.pendingReview ? optionMark(option, answer, feedback.correctAnswer) : null;
                return (
                  <label key={option} className={`${styles.option} ${optionMarkClass(mark)}`}>
                    <input type="radio" name="answer" value={option} checked={answer === option} onChange={() => setAnswer(option)} />
                    {option}
                    <OptionMarker mark={mark} />
                  </label>
                );
              })}
            </fieldset>
          )}
          {question.question_type === 'fill-in-the-blank' && (
            <TextField label="Your answer" value={answer} disabled={answered} autoComplete="off" onChange={(e) => setAnswer(e.target.value)} />
          )}
          {question.question_type === 'essay' && (
            <div style={{ marginBottom: '1rem' }}>
              <label className={styles.fieldLabel} htmlFor="essay-answer">
                Your answer
              </label>
              <textarea id="essay-answer" className={styles.textarea} value={answer} disabled={answered} rows={8} onChange={(e) => setAnswer(e.target.value)} />
            </div>
          )}
          {submitError && (
            <p role="alert" className={styles.feedbackWrong}>
              {submitError}
            </p>
          )}
          {!feedback && (
            <Button type="submit" disabled={answer.trim() === '' || sending}>
              {sending ? 'Sending...' : 'Submit Answer'}
            </Button>
          )}
          {feedback && (
            <div aria-live="polite">
              {feedback.pendingReview ? (
                <p className={styles.muted}>Your essay was recorded and will be reviewed manually.</p>
              ) : (
                <p className={feedback.correct ? styles.feedbackCorrect : styles.feedbackWrong}>{feedback.correct ? 'Correct!' : 'Incorrect!'}</p>
              )}
              {!feedback.correct && !feedback.pendingReview && feedback.correctAnswer && <p>Correct answer: {feedback.correctAnswer}</p>}
              {feedback.explanation && <p>{feedback.explanation}</p>}
              <Button onClick={loadNext}>Next Question</Button>
            </div>
          )}
        </form>
      )}
      <Modal title="Milestone reached" open={milestone !== null} onClose={() => setMilestone(null)}>
        <p>{milestone}</p>
        <ModalActions>
          <Button onClick={() => setMilestone(null)}>Continue</Button>
        </ModalActions>
      </Modal>
    </section>
  );
}
