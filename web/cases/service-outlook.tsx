import CalendarClock from 'lucide-react/icons/calendar-clock';
import CircleCheck from 'lucide-react/icons/circle-check';
import Hourglass from 'lucide-react/icons/hourglass';
import Info from 'lucide-react/icons/info';
import { useScreenWords } from './applicant-words.js';
import { useReadyWords } from './ready-to-work-words.js';
import { inLanguage } from '../../contracts/case-languages.js';
import type { CaseProgress } from '../../contracts/cases.js';
import styles from './service-outlook.module.css';
import { formatDay } from '../lib/dates.js';

type ServiceProgress = CaseProgress['servicesSubscribed'][number];

/**
 * What the current step means for the applicant, and when the service should be done: the one
 * place the estimate is shown (issue 41 extends it). A date already past is never shown: a delayed
 * step says it takes longer than usual and is followed up (issue 38).
 */
export function ServiceOutlook({ service, now = new Date() }: { service: ServiceProgress; now?: Date }) {
  const { t, language } = useScreenWords();
  const ready = useReadyWords();
  const current = service.steps.find((step) => step.name === service.currentStep);
  const finished = service.steps.length > 0 && service.steps.every((step) => step.status === 'completed');
  const description = current?.description
    ? inLanguage(current.description, current.translations, language, 'description')
    : null;
  const delayed =
    service.delayed || (service.estimatedCompletion !== null && new Date(service.estimatedCompletion) <= now);
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  return (
    <div className={styles.outlook}>
      {description && (
        <p className={styles.description}>
          <Info aria-hidden="true" size={18} className={styles.icon} />
          {/* Staff write it in their language: its own direction, whatever the page's. */}
          <span dir="auto" lang={description.fallback ? 'en' : undefined}>
            {description.text}
          </span>
        </p>
      )}
      {!finished && current?.typicalDays && (
        <p className={styles.estimate}>
          <Hourglass aria-hidden="true" size={18} className={styles.icon} />
          <span>
            {t('progress.typical', {
              low: number(current.typicalDays.median),
              high: number(current.typicalDays.p80),
            })}{' '}
            {ready('basedOn', { cases: number(current.typicalDays.cases) })}
          </span>
        </p>
      )}
      {/* The time left given how long this case has waited (issue 41); a late step says it is followed up instead. */}
      {!finished && !delayed && service.remainingDays && (
        <p className={styles.estimate}>
          <Hourglass aria-hidden="true" size={18} className={styles.icon} />
          <span>
            {ready('remaining', {
              low: number(service.remainingDays.median),
              high: number(service.remainingDays.p80),
              cases: number(service.remainingDays.cases),
            })}
          </span>
        </p>
      )}
      {finished ? (
        <p className={styles.estimate}>
          <CircleCheck aria-hidden="true" size={18} className={styles.icon} />
          <span>{t('progress.complete')}</span>
        </p>
      ) : delayed ? (
        <p className={styles.estimate}>
          <Hourglass aria-hidden="true" size={18} className={styles.icon} />
          <span>{t('progress.delayed')}</span>
        </p>
      ) : service.estimatedCompletion ? (
        <p className={styles.estimate}>
          <CalendarClock aria-hidden="true" size={18} className={styles.icon} />
          <span>
            {t('progress.estimate')} <strong>{formatDay(service.estimatedCompletion, language)}</strong>
            <span className={styles.note}> {t('progress.estimateNote')}</span>
          </span>
        </p>
      ) : null}
    </div>
  );
}
