import { STATISTICS, type QuestionFlag } from '../../../contracts/lms-constants.js';
import type { QuestionStatistic, TopicStatistic } from '../../../contracts/lms.js';
import { DataTable } from '../../ui/data-table.js';
import { EmptyState } from '../../ui/states.js';
import review from '../exam-review.module.css';
import type { Column } from '../../ui/data-table.js';
import styles from '../lms.module.css';

const flagText: Record<QuestionFlag, string> = {
  'too-easy': 'Too easy',
  'too-hard': 'Too hard',
  'negative-discrimination': 'Discriminates negatively',
};

const flagHelp =
  `Facility: share of answers that were correct. Discrimination: point-biserial correlation with the rest of the attempt's score. ` +
  `Flags appear from ${STATISTICS.minAttemptsForFlags} answers: facility above ${STATISTICS.tooEasyAbove} or below ${STATISTICS.tooHardBelow}, or discrimination below 0.`;

const number = (value: number | null | undefined) => (value === null || value === undefined ? '–' : value.toFixed(2));

/** The item analysis columns of the question table, from GET /exam-questions/statistics. */
export function statisticsColumns<T>(
  statisticOf: (row: T) => QuestionStatistic | undefined,
  loading: boolean,
): Column<T>[] {
  // Before the statistics arrive a cell shows "…"; a question without any shows "–".
  const missing = <span className={styles.muted}>{loading ? '…' : '–'}</span>;
  return [
    { header: 'Answers', cell: (row) => statisticOf(row)?.attempts ?? missing },
    { header: 'Facility', cell: (row) => (statisticOf(row) ? number(statisticOf(row)?.facility) : missing) },
    {
      header: 'Discrimination',
      headerTitle: flagHelp,
      cell: (row) => (statisticOf(row) ? number(statisticOf(row)?.discrimination) : missing),
    },
    {
      header: 'Flags',
      cell: (row) =>
        statisticOf(row)?.flags.map((flag) => (
          <span key={flag} className={review.flag}>
            {flagText[flag]}
          </span>
        )),
    },
  ];
}

/** Facility per topic over the whole filtered bank, lowest first: where learners struggle. */
export function TopicStatistics({ topics }: { topics: TopicStatistic[] }) {
  if (topics.length === 0) return <EmptyState>No topics yet.</EmptyState>;
  const sorted = [...topics].sort((a, b) => (a.facility ?? 2) - (b.facility ?? 2) || a.topic.localeCompare(b.topic));
  return (
    <DataTable
      caption="Facility by topic"
      rows={sorted}
      rowKey={(row) => row.topic}
      columns={[
        { header: 'Topic', cell: (row) => row.topic },
        { header: 'Questions', cell: (row) => row.questions },
        { header: 'Answers', cell: (row) => row.attempts },
        { header: 'Facility', cell: (row) => number(row.facility) },
      ]}
    />
  );
}
