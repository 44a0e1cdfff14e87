import Check from 'lucide-react/icons/check';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseProgress, StepStatus } from '../../contracts/cases.js';
import { EmptyState } from '../ui/states.js';
import { CaseStatusBadge } from './case-status-badge.js';
import { ServiceOutlook } from './service-outlook.js';
import styles from './case-progress-tracker.module.css';

type ServiceProgress = CaseProgress['servicesSubscribed'][number];

// The spec treats any status other than completed and active as pending.
const normalized = (status: string): StepStatus => (status === 'completed' || status === 'active' ? status : 'pending');

const caseStatusKey = { 'Under Review': 'underReview', 'In Progress': 'inProgress', Completed: 'completed' } as const;

/** The Case Progress Tracker: one card per subscribed service, with its steps in order. */
// The applicant's own case page has no passport number to show: the sign-in was the check.
export function CaseProgressTracker({
  progress,
}: {
  progress: Pick<CaseProgress, 'caseNumber' | 'status' | 'servicesSubscribed'> & { passportNumber?: string };
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { t } = useTranslation();
  // A new result moves focus (and the view, on a phone the form fills the screen) to the result.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [progress]);
  return (
    <section className={styles.tracker} aria-labelledby="progress-heading">
      <div className={styles.summary}>
        <h2 id="progress-heading" className={styles.heading} ref={heading} tabIndex={-1}>
          {t('progress.heading')}
        </h2>
        <dl className={styles.facts}>
          <div>
            <dt>{t('progress.caseNumber')}</dt>
            <dd>{progress.caseNumber || t('progress.notAvailable')}</dd>
          </div>
          {progress.passportNumber !== undefined && (
            <div>
              <dt>{t('progress.passportNumber')}</dt>
              <dd>{progress.passportNumber || t('progress.notAvailable')}</dd>
            </div>
          )}
          <div>
            <dt>{t('progress.status')}</dt>
            <dd>
              {progress.status ? (
                <CaseStatusBadge
                  status={progress.status}
                  label={t(`progress.caseStatus.${caseStatusKey[progress.status]}`)}
                />
              ) : (
                t('progress.notAvailable')
              )}
            </dd>
          </div>
        </dl>
      </div>
      {progress.servicesSubscribed.length === 0 ? (
        <EmptyState>{t('progress.noServices')}</EmptyState>
      ) : (
        <ul className={styles.services}>
          {progress.servicesSubscribed.map((service, index) => (
            <ServiceCard key={`${service.serviceName}-${index}`} service={service} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ServiceCard({ service }: { service: ServiceProgress }) {
  const steps = service.steps.map((step) => ({ name: step.name, status: normalized(step.status) }));
  const done = steps.filter((step) => step.status === 'completed').length;
  const { t, i18n } = useTranslation();
  return (
    <li className={styles.card} aria-label={service.serviceName || t('progress.service')}>
      <div className={styles.cardHeader}>
        <h3 className={styles.serviceName} dir="auto">
          {service.serviceName || t('progress.notAvailable')}
        </h3>
        <p className={styles.current}>
          {t('progress.currentStep')} <strong>{service.currentStep ?? t('progress.notAvailable')}</strong>
        </p>
      </div>
      <ServiceOutlook service={service} />
      {steps.length > 0 && (
        <>
          <div className={styles.bar} role="img" aria-label={t('progress.stepsDone', { done, total: steps.length })}>
            {steps.map((step, index) => (
              <span key={index} className={`${styles.segment} ${styles[step.status]}`} />
            ))}
          </div>
          <ol className={styles.steps}>
            {steps.map((step, index) => (
              <li
                key={index}
                className={`${styles.step} ${styles[step.status]}`}
                aria-current={step.status === 'active' ? 'step' : undefined}
              >
                <span className={styles.circle} aria-hidden="true">
                  {step.status === 'completed' ? <Check size={16} strokeWidth={3} /> : index + 1}
                </span>
                <span className={styles.stepName}>
                  {step.name}
                  <span className="visually-hidden"> ({t(`progress.stepStatus.${step.status}`)})</span>
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
      <p className={styles.updated}>
        {t('progress.lastUpdated', {
          date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
            new Date(service.lastUpdated),
          ),
        })}
      </p>
    </li>
  );
}
