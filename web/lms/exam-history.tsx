import Clock from 'lucide-react/icons/clock';
import ListChecks from 'lucide-react/icons/list-checks';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import Target from 'lucide-react/icons/target';
import { Link } from '../lib/routing.js';
import type { ExamAttemptSummary } from '../../contracts/lms.js';
import { formatDateTime } from '../lib/format.js';
import { Button, buttonClassName } from '../ui/button.js';
import { DataTable, type Column } from '../ui/data-table.js';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.js';
import { finishReasonLabel, useExamAttempts } from './exam-api.js';
import review from './exam-review.module.css';
import styles from './lms.module.css';
import { ReturnToExamLink } from './open-exam.js';
import { scoreSentence } from './results-by-topic.js';

export const reviewPath = (id: number) => `/exam/attempts/${id}/review`;
export const MISTAKES_PATH = '/lms-system/mock-exam?set=mistakes';

/** The score as everywhere: correct out of the whole form. */
const scoreText = (attempt: ExamAttemptSummary) =>
  attempt.score === null
    ? 'Locked'
    : `${attempt.score} of ${attempt.questions} correct (${(attempt.percentage ?? 0).toFixed(1)}%)`;

/**
 * When the last attempt finished, and the way on: retake, review, practise the mistakes.
 * `onRetake` starts the retake in place (the exam intro); without it the button leads to the intro.
 */
export function LastAttemptPanel({ onRetake, retaking }: { onRetake?: () => void; retaking?: boolean }) {
  const query = useExamAttempts();
  if (query.isPending) return <LoadingState text="Loading your exam history..." />;
  if (query.isLoadingError)
    return <ErrorState message="Failed to load your exam history." onRetry={() => void query.refetch()} />;
  const latest = query.data.attempts[0];
  if (!latest) return <EmptyState>You have not taken the exam yet.</EmptyState>;
  if (!latest.finished_at)
    return (
      <p className={styles.actions}>
        <span>Your exam is in progress: {latest.answered} answered so far.</span>
        <ReturnToExamLink />
      </p>
    );
  const waitUntil = query.data.nextAttemptAt;
  return (
    <div className={review.lastAttempt}>
      <div>
        <p>
          Your last attempt finished on <strong>{formatDateTime(latest.finished_at)}</strong>
          {latest.finish_reason ? ` (${finishReasonLabel[latest.finish_reason]})` : ''}.
        </p>
        <p className={styles.muted}>
          {latest.score === null
            ? `${latest.answered} of ${latest.questions} answered; the score is locked.`
            : scoreSentence(
                { percentage: latest.percentage ?? 0, correct: latest.score, questions: latest.questions },
                query.data.passMark,
              )}
        </p>
        {waitUntil && <p>You can retake the exam from {formatDateTime(waitUntil)}.</p>}
      </div>
      <div className={styles.actions}>
        {onRetake ? (
          <Button onClick={onRetake} disabled={Boolean(waitUntil) || retaking}>
            <span className={review.iconText}>
              <RotateCcw size={16} aria-hidden="true" /> {retaking ? 'Starting...' : 'Retake exam'}
            </span>
          </Button>
        ) : (
          <Link className={buttonClassName('primary')} to="/exam">
            <span className={review.iconText}>
              <RotateCcw size={16} aria-hidden="true" /> Retake exam
            </span>
          </Link>
        )}
        {!query.data.locked && (
          <Link className={buttonClassName('secondary')} to={reviewPath(latest.id)}>
            <span className={review.iconText}>
              <ListChecks size={16} aria-hidden="true" /> Review answers
            </span>
          </Link>
        )}
        <Link className={buttonClassName('ghost')} to={MISTAKES_PATH}>
          <span className={review.iconText}>
            <Target size={16} aria-hidden="true" /> Practise my mistakes
          </span>
        </Link>
      </div>
    </div>
  );
}

/** Every attempt, newest first; on a narrow screen each attempt becomes a card, so Review stays in reach. */
export function AttemptHistory() {
  const query = useExamAttempts();
  if (query.isPending) return <LoadingState />;
  if (query.isLoadingError)
    return <ErrorState message="Failed to load your exam history." onRetry={() => void query.refetch()} />;
  if (query.data.attempts.length === 0) return <EmptyState>No attempts yet.</EmptyState>;
  const { locked } = query.data;
  const columns: Column<ExamAttemptSummary>[] = [
    { header: 'Started', cell: (attempt) => formatDateTime(attempt.started_at) },
    {
      header: 'Finished',
      cell: (attempt) => (attempt.finished_at ? formatDateTime(attempt.finished_at) : 'In progress'),
    },
    { header: 'Answered', cell: (attempt) => `${attempt.answered} of ${attempt.questions}` },
    { header: 'Score', cell: scoreText },
    {
      header: 'Review',
      cell: (attempt) =>
        attempt.finished_at && !locked ? (
          <Link
            to={reviewPath(attempt.id)}
            aria-label={`Review the attempt started ${formatDateTime(attempt.started_at)}`}
          >
            Review
          </Link>
        ) : (
          <span className={styles.muted}>{locked ? 'Locked' : 'After finishing'}</span>
        ),
    },
  ];
  return (
    <DataTable caption="Exam attempts" columns={columns} rows={query.data.attempts} rowKey={(attempt) => attempt.id} />
  );
}

export function AttemptHistorySection() {
  return (
    <section className={styles.card} aria-label="Exam history">
      <h2 className={review.iconText}>
        <Clock size={20} aria-hidden="true" /> Exam history
      </h2>
      <AttemptHistory />
    </section>
  );
}
