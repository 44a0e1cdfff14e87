import CalendarClock from 'lucide-react/icons/calendar-clock';
import CircleCheck from 'lucide-react/icons/circle-check';
import Hourglass from 'lucide-react/icons/hourglass';
import Info from 'lucide-react/icons/info';
import { useTranslation } from 'react-i18next';
import type { CaseProgress } from '../../contracts/cases.js';
import styles from './service-outlook.module.css';

type ServiceProgress = CaseProgress['servicesSubscribed'][number];

/** What the current step means for the applicant, and when the service should be done. */
export function ServiceOutlook({ service }: { service: ServiceProgress }) {
  const { t, i18n } = useTranslation();
  const current = service.steps.find((step) => step.name === service.currentStep);
  const finished = service.steps.length > 0 && service.steps.every((step) => step.status === 'completed');
  return (
    <div className={styles.outlook}>
      {current?.description && (
        <p className={styles.description}>
          <Info aria-hidden="true" size={18} className={styles.icon} />
          {/* Staff write it in their language: its own direction, whatever the page's. */}
          <span dir="auto">{current.description}</span>
        </p>
      )}
      {!finished && current?.typicalDays && (
        <p className={styles.estimate}>
          <Hourglass aria-hidden="true" size={18} className={styles.icon} />
          <span>
            {t('progress.typical', {
              low: new Intl.NumberFormat(i18n.language).format(current.typicalDays.median),
              high: new Intl.NumberFormat(i18n.language).format(current.typicalDays.p80),
            })}
          </span>
        </p>
      )}
      {finished ? (
        <p className={styles.estimate}>
          <CircleCheck aria-hidden="true" size={18} className={styles.icon} />
          <span>{t('progress.complete')}</span>
        </p>
      ) : service.estimatedCompletion ? (
        <p className={styles.estimate}>
          <CalendarClock aria-hidden="true" size={18} className={styles.icon} />
          <span>
            {t('progress.estimate')}{' '}
            <strong>
              {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
                new Date(service.estimatedCompletion),
              )}
            </strong>
            <span className={styles.note}> {t('progress.estimateNote')}</span>
          </span>
        </p>
      ) : null}
    </div>
  );
}
