import { useState, type FormEvent } from 'react';
import { Link } from '../lib/routing.js';
import type { ReadinessResponse, ReviewsResponse } from '../../contracts/lms.js';
import { errorMessage } from '../lib/http.js';
import { Button, buttonClassName } from '../ui/button.js';
import { TextField } from '../ui/field.js';
import { ErrorState, LoadingState } from '../ui/states.js';
import { formatDay } from './labels.js';
import { PracticeWaitsNotice, useExamOpen } from './open-exam.js';
import styles from './lms.module.css';
import readiness from './readiness.module.css';
import { useReadiness, useReviews, useSetExamDate } from './readiness-api.js';

export const adaptivePracticePath = (topic?: string) =>
  `/lms-system/mock-exam?set=adaptive${topic ? `&topic=${encodeURIComponent(topic)}` : ''}`;
export const reviewPath = '/lms-system/mock-exam?set=review';

const percent = (share: number) => Math.round(share * 100);

/**
 * The band a pass chance is read in (decision 029): what the learner takes away first, always
 * followed by the figure, its interval and what it rests on.
 */
export function passBand(chance: number): string {
  if (chance >= 0.7) return 'Likely to pass';
  if (chance < 0.3) return 'Not yet likely to pass';
  return 'Could go either way';
}

/** "Likely to pass: 78% (65–88%), from 240 answers", the one way the chance is told. */
export function passSentence(pass: NonNullable<ReadinessResponse['pass']>, answers: number): string {
  return `${passBand(pass.chance)}: ${percent(pass.chance)}% (${percent(pass.low)}–${percent(pass.high)}%), from ${answers} answers`;
}

/** The chance as a point on a 0–100 % line, its 95 % interval shaded around it. */
function PassInterval({ pass }: { pass: NonNullable<ReadinessResponse['pass']> }) {
  return (
    <div
      className={readiness.scale}
      role="img"
      aria-label={`Chance of passing ${percent(pass.chance)}%, 95% interval ${percent(pass.low)} to ${percent(pass.high)}%`}
    >
      <div
        className={readiness.interval}
        style={{ insetInlineStart: `${percent(pass.low)}%`, width: `${Math.max(1, percent(pass.high - pass.low))}%` }}
      />
      <div className={readiness.point} style={{ insetInlineStart: `${percent(pass.chance)}%` }} />
    </div>
  );
}

function TopicLine({ topic }: { topic: ReadinessResponse['topics'][number] }) {
  // While the timed exam is open the card offers the way back once, not a practice link per topic.
  const examOpen = useExamOpen();
  return (
    <li>
      <strong>{topic.topic}</strong>{' '}
      <span className={styles.muted}>
        ({topic.answers} answers
        {topic.chanceAbove !== null && `, ${percent(topic.chanceAbove)}% likely above the cut`})
      </span>{' '}
      {!examOpen && (
        <>
          · <Link to={adaptivePracticePath(topic.topic)}>Practise adaptively</Link>
        </>
      )}
    </li>
  );
}

function TopicReadiness({ topics }: { topics: ReadinessResponse['topics'] }) {
  const below = topics.filter((topic) => topic.status === 'below');
  const near = topics.filter((topic) => topic.status === 'near');
  const above = topics.filter((topic) => topic.status === 'above');
  const tooFew = topics.length - below.length - near.length - above.length;
  return (
    <>
      {below.length > 0 && (
        <>
          <h3 className={readiness.subhead}>Below the cut</h3>
          <ul className={styles.list} aria-label="Topics below the cut">
            {below.map((topic) => (
              <TopicLine key={topic.topic} topic={topic} />
            ))}
          </ul>
        </>
      )}
      {near.length > 0 && (
        <>
          <h3 className={readiness.subhead}>Near the cut</h3>
          <ul className={styles.list} aria-label="Topics near the cut">
            {near.map((topic) => (
              <TopicLine key={topic.topic} topic={topic} />
            ))}
          </ul>
        </>
      )}
      {above.length > 0 && below.length === 0 && near.length === 0 && (
        <p>Above the cut in every topic you have practised enough.</p>
      )}
      {tooFew > 0 && (
        <p className={styles.muted}>
          {tooFew === 1 ? 'One topic has' : `${tooFew} topics have`} too few answers to judge yet.
        </p>
      )}
    </>
  );
}

/** The dashboard's readiness card: an estimate from practice, never a bare number (decision 029). */
export function ReadinessPanel() {
  const query = useReadiness();
  const examOpen = useExamOpen();
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return <ErrorState message="Failed to load your readiness." onRetry={() => void query.refetch()} />;
  const data = query.data;
  return (
    <>
      {data.pass ? (
        <>
          <p className={readiness.headline}>{passSentence(data.pass, data.answers)}</p>
          <PassInterval pass={data.pass} />
          <p className={styles.muted}>
            An estimate from your practice: the chance you would pass a form of the exam today (pass mark{' '}
            {data.passMark}%), with its 95% interval.
          </p>
        </>
      ) : (
        <p>
          {data.answersNeeded > 0
            ? `Your chance of passing shows after ${data.answersNeeded} more practice answers (${data.answers} so far).`
            : `Your chance of passing shows once the estimate is precise enough (${data.answers} answers so far): keep practising.`}
        </p>
      )}
      <TopicReadiness topics={data.topics} />
      {examOpen ? (
        <PracticeWaitsNotice />
      ) : (
        <p className={styles.actions}>
          <Link className={buttonClassName('secondary')} to={adaptivePracticePath()}>
            Practise adaptively
          </Link>
        </p>
      )}
    </>
  );
}

function ExamDateForm({ reviews }: { reviews: ReviewsResponse }) {
  const [examDate, setExamDate] = useState(reviews.examDate ?? '');
  const save = useSetExamDate();
  const today = new Date().toISOString().slice(0, 10);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate(examDate === '' ? null : examDate);
  }
  return (
    <form className={readiness.dateForm} onSubmit={onSubmit} aria-label="My exam date">
      <TextField
        label="Date of my exam"
        type="date"
        min={today}
        value={examDate}
        onChange={(event) => setExamDate(event.target.value)}
        error={save.isError ? errorMessage(save.error, 'The date could not be saved.') : null}
        hint={
          reviews.examDate
            ? `Reviews aim at ${percent(reviews.targetRetention)}% recall for ${formatDay(reviews.examDate)}.`
            : 'Reviews aim higher as the date nears.'
        }
      />
      <div className={styles.actions}>
        <Button type="submit" size="small" disabled={save.isPending}>
          Save date
        </Button>
        {reviews.examDate && (
          <Button
            variant="secondary"
            size="small"
            disabled={save.isPending}
            onClick={() => {
              setExamDate('');
              save.mutate(null);
            }}
          >
            Clear date
          </Button>
        )}
      </div>
      {save.isSuccess && (
        <p role="status" className={styles.muted}>
          {save.data.examDate ? `Exam date saved: ${formatDay(save.data.examDate)}.` : 'Exam date cleared.'}
        </p>
      )}
    </form>
  );
}

/** Mistakes coming back: the review cards due now, the next one, and the exam date reviews aim at. */
export function ReviewsPanel() {
  const query = useReviews();
  const examOpen = useExamOpen();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState message="Failed to load your reviews." onRetry={() => void query.refetch()} />;
  const reviews = query.data;
  return (
    <>
      {reviews.due > 0 ? (
        <>
          <p>
            <strong>
              {reviews.due} {reviews.due === 1 ? 'review' : 'reviews'} due
            </strong>{' '}
            {!examOpen && (
              <Link className={buttonClassName('primary')} to={reviewPath}>
                Review now
              </Link>
            )}
          </p>
          {examOpen && <PracticeWaitsNotice />}
        </>
      ) : reviews.cards > 0 ? (
        <p>
          No reviews due now.
          {reviews.nextDueAt && ` The next comes back ${formatDay(reviews.nextDueAt)}.`}
        </p>
      ) : (
        <p>No review cards yet: questions you get wrong come back here when they are about to be forgotten.</p>
      )}
      <ExamDateForm reviews={reviews} />
    </>
  );
}
