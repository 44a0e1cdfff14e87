import Target from 'lucide-react/icons/target';
import { Link } from '../lib/routing.js';
import { DEFAULT_PASS_MARK, PERCENTILE_MIN_OTHERS } from '../../contracts/lms-constants.js';
import type { ExamReview, TopicResult } from '../../contracts/lms.js';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.js';
import { useAttemptReview, useExamAttempts } from './exam-api.js';
import { useExamOpen } from './open-exam.js';
import review from './exam-review.module.css';
import styles from './lms.module.css';
import results from './results.module.css';

export const practiseTopicPath = (topic: string) => `/lms-system/mock-exam?topic=${encodeURIComponent(topic)}`;

/** The one way a score is told: against the pass mark, out of the whole form (unanswered count as wrong). */
export function scoreSentence(
  score: { percentage: number; correct: number; questions: number },
  passMark: number,
  who = 'you',
): string {
  const verdict = score.percentage >= passMark ? 'a pass' : `${(passMark - score.percentage).toFixed(1)} points short`;
  return `Pass mark ${passMark}%: ${who} scored ${score.percentage.toFixed(1)}% (${score.correct} of ${score.questions} questions correct; ${verdict}).`;
}

const share = (row: TopicResult) => (row.questions === 0 ? 0 : Math.round((row.correct / row.questions) * 100));

/** Each topic of the attempt as a bar of the share correct, weakest first, each with its own practice (not in a sample). */
export function TopicChart({
  byTopic,
  passMark,
  sample = false,
}: {
  byTopic: TopicResult[];
  passMark: number;
  sample?: boolean;
}) {
  // While the timed exam is open practice waits, so no topic offers a set (the screen offers the way back).
  const examOpen = useExamOpen();
  if (byTopic.length === 0) return <EmptyState>This attempt had no questions.</EmptyState>;
  return (
    <ul className={results.topics} aria-label="Results by topic, weakest first">
      {byTopic.map((row) => {
        const percent = share(row);
        return (
          <li key={row.topic} className={results.topic}>
            <span className={results.topicName}>{row.topic}</span>
            <div
              className={results.track}
              role="meter"
              aria-label={`${row.topic}: ${percent}% correct`}
              aria-valuenow={percent}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div className={percent < passMark ? results.fillWeak : results.fill} style={{ width: `${percent}%` }} />
            </div>
            <span className={results.topicFigures}>
              {row.correct} of {row.questions} ({percent}%)
              {!sample && !examOpen && (
                <>
                  {' '}
                  ·{' '}
                  <Link to={practiseTopicPath(row.topic)} aria-label={`Practise this topic: ${row.topic}`}>
                    Practise this topic
                  </Link>
                </>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

// Made up, and said so on screen: what a learner with locked results would see once unlocked.
const SAMPLE_TOPICS: TopicResult[] = [
  { topic: 'Pharmacology', questions: 20, answered: 19, correct: 9 },
  { topic: 'Infection control', questions: 15, answered: 15, correct: 10 },
  { topic: 'Patient safety', questions: 25, answered: 24, correct: 20 },
];
const SAMPLE_CORRECT = SAMPLE_TOPICS.reduce((sum, row) => sum + row.correct, 0);
const SAMPLE_QUESTIONS = SAMPLE_TOPICS.reduce((sum, row) => sum + row.questions, 0);

/**
 * A locked results screen shows what it hides: a sample of the unlocked results (score against
 * the pass mark, the by-topic chart), clearly labelled as a sample and not the learner's data.
 */
export function SampleResults({ passMark }: { passMark: number }) {
  return (
    <figure className={results.sample} aria-label="Sample results, not yours">
      <figcaption className={results.sampleLabel}>
        Sample: what Premium exam results look like (not your results)
      </figcaption>
      <p className={results.passLine}>
        {scoreSentence(
          {
            percentage: (SAMPLE_CORRECT / SAMPLE_QUESTIONS) * 100,
            correct: SAMPLE_CORRECT,
            questions: SAMPLE_QUESTIONS,
          },
          passMark,
          'a sample learner',
        )}
      </p>
      <TopicChart byTopic={SAMPLE_TOPICS} passMark={passMark} sample />
    </figure>
  );
}

/** The sample at the profession's pass mark (the attempts list tells it, locked or not). */
export function LockedResultsSample() {
  const attempts = useExamAttempts();
  return <SampleResults passMark={attempts.data?.passMark ?? DEFAULT_PASS_MARK} />;
}

export function PercentileNote({ data }: { data: Pick<ExamReview, 'percentile' | 'percentileOthers'> }) {
  if (data.percentile === null) {
    return (
      <p className={styles.muted}>
        A comparison with other learners appears once {PERCENTILE_MIN_OTHERS} others of your profession have finished an
        exam ({data.percentileOthers} so far).
      </p>
    );
  }
  return (
    <p>
      You scored higher than {data.percentile}% of {data.percentileOthers} other learners of your profession (each
      one&apos;s latest finished exam).
    </p>
  );
}

/** The review's results part: the score against the pass mark, the comparison and the topics. */
export function ResultsByTopic({ data }: { data: ExamReview }) {
  const { attempt } = data;
  return (
    <>
      <p className={results.passLine}>
        {scoreSentence(
          { percentage: attempt.percentage ?? 0, correct: attempt.score ?? 0, questions: attempt.questions },
          data.passMark,
        )}
      </p>
      <PercentileNote data={data} />
      <h3 className={review.iconText}>
        <Target size={18} aria-hidden="true" /> By topic
      </h3>
      <TopicChart byTopic={data.byTopic} passMark={data.passMark} />
    </>
  );
}

/** The dashboard's card: the latest finished attempt by topic (its review; locked results show what unlocking brings). */
export function LatestResultsByTopic() {
  const attempts = useExamAttempts();
  const latest = attempts.data?.attempts.find((a) => a.finished_at !== null);
  const open = Boolean(latest && !attempts.data?.locked);
  if (attempts.isPending) return <LoadingState />;
  if (attempts.isError)
    return <ErrorState message="Failed to load your results." onRetry={() => void attempts.refetch()} />;
  if (!latest) return <EmptyState>Finish an exam to see your results by topic.</EmptyState>;
  if (!open) {
    return (
      <>
        <p>
          Your results by topic (a bar per topic, weakest first, with a practice set for each) open with Premium exam
          results.
        </p>
        <SampleResults passMark={attempts.data.passMark} />
      </>
    );
  }
  return <LatestReview id={latest.id} />;
}

function LatestReview({ id }: { id: number }) {
  const query = useAttemptReview(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return <ErrorState message="Failed to load your results by topic." onRetry={() => void query.refetch()} />;
  return <ResultsByTopic data={query.data} />;
}
