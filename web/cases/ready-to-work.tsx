import Briefcase from 'lucide-react/icons/briefcase';
import type { ReadyToWorkEstimate } from '../../contracts/cases.js';
import { useApplicantWords } from './applicant-words.js';
import { useReadyWords, type ReadyWords } from './ready-to-work-words.js';
import styles from './service-outlook.module.css';
import { formatDay } from '../lib/dates.js';

/**
 * When the applicant should be ready to work (issue 41): the simulated p50 and p80 dates of the
 * whole case, and what they rest on. On the tracker's result and the applicant's case page, both
 * in lazily loaded chunks (never the tracker's first paint).
 */
export function ReadyToWork({ estimate }: { estimate: ReadyToWorkEstimate }) {
  const { language } = useApplicantWords();
  const ready = useReadyWords();
  const day = (iso: string) => formatDay(iso, language);
  return (
    <section className={styles.ready} aria-labelledby="ready-to-work-heading">
      <h3 id="ready-to-work-heading" className={styles.readyTitle}>
        <Briefcase aria-hidden="true" size={18} className={styles.icon} />
        {ready('readyTitle')}
      </h3>
      <p>
        <strong>{ready('readyBy', { p50: day(estimate.p50), p80: day(estimate.p80) })}</strong>
      </p>
      <p className={styles.note}>{readyBasis(estimate, ready, language)}</p>
      <p className={styles.note}>{ready('readyNote')}</p>
    </section>
  );
}

/** What the dates rest on, in the applicant's words: how many steps are left and how each is estimated. */
export function readyBasis(estimate: ReadyToWorkEstimate, words: ReadyWords, language: string): string {
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  const steps = number(estimate.remainingSteps);
  if (estimate.measuredSteps === 0 || estimate.fewestCases === null) return words('readyBasisExpected', { steps });
  const cases = number(estimate.fewestCases);
  return estimate.measuredSteps === estimate.remainingSteps
    ? words('readyBasisAll', { steps, cases })
    : words('readyBasis', { steps, measured: number(estimate.measuredSteps), cases });
}
