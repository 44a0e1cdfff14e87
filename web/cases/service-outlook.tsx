import { CalendarClock, CircleCheck, Info } from 'lucide-react';
import type { CaseProgress } from '../../contracts/cases.js';
import styles from './service-outlook.module.css';

type ServiceProgress = CaseProgress['servicesSubscribed'][number];

const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** What the current step means for the applicant, and when the service should be done. */
export function ServiceOutlook({ service }: { service: ServiceProgress }) {
  const current = service.steps.find((step) => step.name === service.currentStep);
  const finished = service.steps.length > 0 && service.steps.every((step) => step.status === 'completed');
  return (
    <div className={styles.outlook}>
      {current?.description && (
        <p className={styles.description}>
          <Info aria-hidden="true" size={18} className={styles.icon} />
          <span>{current.description}</span>
        </p>
      )}
      {finished ? (
        <p className={styles.estimate}>
          <CircleCheck aria-hidden="true" size={18} className={styles.icon} />
          <span>This service is complete.</span>
        </p>
      ) : service.estimatedCompletion ? (
        <p className={styles.estimate}>
          <CalendarClock aria-hidden="true" size={18} className={styles.icon} />
          <span>
            Estimated completion: <strong>{dateOnly.format(new Date(service.estimatedCompletion))}</strong>
            <span className={styles.note}> This is an estimate from how long each remaining step usually takes, not a promise.</span>
          </span>
        </p>
      ) : null}
    </div>
  );
}
