import { STATISTICS, type QuestionFlag, type QuestionStatistic } from '../../../contracts/lms.js';
import review from '../exam-review.module.css';
import styles from '../lms.module.css';

const flagText: Record<QuestionFlag, string> = {
  'too-easy': 'Too easy',
  'too-hard': 'Too hard',
  'negative-discrimination': 'Discriminates negatively',
};

const flagHelp =
  `Facility: share of answers that were correct. Discrimination: point-biserial correlation with the rest of the attempt's score. ` +
  `Flags appear from ${STATISTICS.minAttemptsForFlags} answers: facility above ${STATISTICS.tooEasyAbove} or below ${STATISTICS.tooHardBelow}, or discrimination below 0.`;

export function StatisticsHeaders() {
  return (
    <>
      <th scope="col">Answers</th>
      <th scope="col">Facility</th>
      <th scope="col" title={flagHelp}>
        Discrimination
      </th>
      <th scope="col">Flags</th>
    </>
  );
}

const number = (value: number | null | undefined) => (value === null || value === undefined ? '–' : value.toFixed(2));

/** The item analysis of one question, from GET /exam-questions/statistics. */
export function StatisticsCells({ statistic, loading }: { statistic: QuestionStatistic | undefined; loading: boolean }) {
  if (!statistic) {
    const text = loading ? '…' : '–';
    return (
      <>
        <td className={styles.muted}>{text}</td>
        <td className={styles.muted}>{text}</td>
        <td className={styles.muted}>{text}</td>
        <td />
      </>
    );
  }
  return (
    <>
      <td>{statistic.attempts}</td>
      <td>{number(statistic.facility)}</td>
      <td>{number(statistic.discrimination)}</td>
      <td>
        {statistic.flags.map((flag) => (
          <span key={flag} className={review.flag}>
            {flagText[flag]}
          </span>
        ))}
      </td>
    </>
  );
}
