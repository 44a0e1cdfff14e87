import ArrowLeft from 'lucide-react/icons/arrow-left';
import Target from 'lucide-react/icons/target';
import { Link } from '../lib/routing.js';
import { hasOptions, UPGRADE_REQUIRED } from '../../contracts/lms-constants.js';
import type { ReviewedQuestion } from '../../contracts/lms.js';
import { ApiError, errorMessage } from '../lib/http.js';
import { useRouteId } from '../lib/route-id.js';
import { formatDateTime } from '../lib/format.js';
import { buttonClassName } from '../ui/button.js';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.js';
import { finishReasonLabel, useAttemptReview } from './exam-api.js';
import { MISTAKES_PATH } from './exam-history.js';
import review from './exam-review.module.css';
import { LearnerHeader } from './learner-header.js';
import { ReturnToExamLink, useExamOpen } from './open-exam.js';
import styles from './lms.module.css';
import { OptionMarker, optionMark, optionMarkClass } from './option-marks.js';
import { LockedResultsSample, ResultsByTopic } from './results-by-topic.js';
import { LockedPanel } from './upgrade.js';
import { QuestionText } from './question-text.js';

const outcomeText = { correct: 'Correct', incorrect: 'Incorrect', 'pending-review': 'Awaiting review' } as const;

function ReviewedItem({ item, index }: { item: ReviewedQuestion; index: number }) {
  return (
    <li className={styles.card} aria-label={`Question ${index + 1}`}>
      <QuestionText as="h3" prefix={`${index + 1}. `} text={item.question} format={item.question_format} />
      <p>
        <span
          className={
            item.outcome === 'correct'
              ? styles.feedbackCorrect
              : item.outcome === 'incorrect'
                ? styles.feedbackWrong
                : styles.muted
          }
        >
          {outcomeText[item.outcome]}
        </span>
      </p>
      {hasOptions(item.question_type) ? (
        <ul className={review.reviewOptions} aria-label="Options">
          {item.options.map((option) => {
            const mark = optionMark(option, item.userAnswer, item.correctAnswer);
            return (
              <li key={option} className={`${review.reviewOption} ${optionMarkClass(mark)}`}>
                {option}
                <OptionMarker mark={mark} />
              </li>
            );
          })}
        </ul>
      ) : (
        <>
          <div
            className={`${review.answerBlock} ${item.outcome === 'incorrect' ? review.wrongOption : item.outcome === 'correct' ? review.correctOption : ''}`}
          >
            <strong>Your answer:</strong> {item.userAnswer}
          </div>
          <div className={`${review.answerBlock} ${review.correctOption}`}>
            <strong>{item.question_type === 'essay' ? 'Model answer' : 'Correct answer'}:</strong> {item.correctAnswer}
          </div>
        </>
      )}
      {item.explanation && (
        <p>
          <strong>Explanation:</strong> {item.explanation}
        </p>
      )}
      {item.reviewNote && (
        <p>
          <strong>Grader&apos;s note:</strong> {item.reviewNote}
        </p>
      )}
    </li>
  );
}

const backToExam = (
  <Link className={buttonClassName('secondary')} to="/exam">
    <span className={review.iconText}>
      <ArrowLeft size={16} aria-hidden="true" /> Back to the exam
    </span>
  </Link>
);

/** An address that names no attempt of this learner: said plainly, with the way back. */
function AttemptNotFound() {
  return (
    <section className={styles.card} aria-label="Attempt not found">
      <h2>Attempt not found</h2>
      <p>There is no attempt of yours at this address.</p>
      <div className={styles.actions}>{backToExam}</div>
    </section>
  );
}

/** A finished attempt, question by question, with the chosen and the correct option marked. */
export default function ExamReviewPage() {
  const id = useRouteId();
  return (
    <main className={styles.page}>
      <LearnerHeader title="Exam review" />
      {id === null ? <AttemptNotFound /> : <AttemptReview id={id} />}
    </main>
  );
}

function AttemptReview({ id }: { id: number }) {
  const query = useAttemptReview(id);
  const examOpen = useExamOpen();
  let body;
  if (query.isPending) body = <LoadingState text="Loading your answers..." />;
  else if (query.error instanceof ApiError && query.error.status === 404) body = <AttemptNotFound />;
  else if (query.error instanceof ApiError && query.error.code === UPGRADE_REQUIRED)
    body = (
      <LockedPanel title="Review locked" message={query.error.message}>
        <LockedResultsSample />
      </LockedPanel>
    );
  else if (query.isLoadingError)
    body = (
      <ErrorState
        message={errorMessage(query.error, 'Failed to load the review.')}
        onRetry={() => void query.refetch()}
      />
    );
  else {
    const { attempt, questions, unanswered } = query.data;
    body = (
      <>
        <section className={styles.card} aria-label="Attempt" style={{ marginBottom: '1rem' }}>
          <h2>Attempt of {formatDateTime(attempt.started_at)}</h2>
          <p>
            Finished {attempt.finished_at ? formatDateTime(attempt.finished_at) : ''}
            {attempt.finish_reason ? ` (${finishReasonLabel[attempt.finish_reason]})` : ''}. {attempt.answered} of{' '}
            {attempt.questions} answered
            {unanswered > 0 ? `; ${unanswered} not reached (counted as wrong)` : ''}.
          </p>
          <ResultsByTopic data={query.data} />
          <div className={styles.actions}>
            {examOpen ? (
              // Practice waits while the timed exam is open: the way on is back to it.
              <ReturnToExamLink />
            ) : (
              <>
                {backToExam}
                <Link className={buttonClassName('primary')} to={MISTAKES_PATH}>
                  <span className={review.iconText}>
                    <Target size={16} aria-hidden="true" /> Practise my mistakes
                  </span>
                </Link>
              </>
            )}
          </div>
        </section>
        {questions.length === 0 ? (
          <EmptyState>No questions were answered in this attempt.</EmptyState>
        ) : (
          <ol className={review.questionList}>
            {questions.map((item, index) => (
              <ReviewedItem key={item.questionId} item={item} index={index} />
            ))}
          </ol>
        )}
      </>
    );
  }
  return body;
}
