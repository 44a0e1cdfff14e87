import Check from 'lucide-react/icons/check';
import { useEffect, useRef, type ReactNode } from 'react';
import { useScreenWords } from './applicant-words.js';
import { inLanguage } from '../../contracts/case-languages.js';
import type { CaseProgress, StepStatus } from '../../contracts/cases.js';
import { EmptyState } from '../ui/states.js';
import { CaseStatusBadge } from './case-status-badge.js';
import { ReadyToWork } from './ready-to-work.js';
import { ServiceOutlook } from './service-outlook.js';
import styles from './case-progress-tracker.module.css';
import { formatDayAndTime } from '../lib/dates.js';

type ServiceProgress = CaseProgress['servicesSubscribed'][number];

// The spec treats any status other than completed and active as pending.
const normalized = (status: string): StepStatus => (status === 'completed' || status === 'active' ? status : 'pending');

const caseStatusKey = { 'Under Review': 'underReview', 'In Progress': 'inProgress', Completed: 'completed' } as const;

/** The Case Progress Tracker: one card per subscribed service, with its steps in order. */
// The applicant's own case page has no passport number to show: the sign-in was the check.
export function CaseProgressTracker({
  progress,
  focusOnResult = false,
  lead,
}: {
  progress: Pick<CaseProgress, 'caseNumber' | 'status' | 'servicesSubscribed' | 'readyToWork'> & {
    passportNumber?: string;
  };
  /** A lookup's result takes focus; the applicant's case page keeps them at its checklist (issue 38). */
  focusOnResult?: boolean;
  /** Shown first under the case's facts: what is needed from the applicant (CaseNextStep). */
  lead?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { t } = useScreenWords();
  // A new result moves focus (and the view, on a phone the form fills the screen) to the result.
  useEffect(() => {
    const at = heading.current;
    if (!focusOnResult || !at) return;
    // Not back from where the applicant already is, past the heading: a result drawn on the server
    // (a lookup sent as a plain form) is hydrated with this, and they may be typing their address
    // in the form below by then; the focus moved would send their next keystrokes nowhere.
    const active = document.activeElement;
    if (active && active !== document.body && at.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING)
      return;
    at.focus({ preventScroll: true });
    at.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [progress, focusOnResult]);
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
      {lead}
      {progress.readyToWork && <ReadyToWork estimate={progress.readyToWork} />}
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
  const { t, language } = useScreenWords();
  // Staff's words in the page's language where they wrote them, else the English (marked as such).
  const steps = service.steps.map((step) => ({
    ...inLanguage(step.name, step.translations, language),
    status: normalized(step.status),
  }));
  const done = steps.filter((step) => step.status === 'completed').length;
  const serviceName = inLanguage(service.serviceName, service.translations, language);
  const current = service.steps.find((step) => step.name === service.currentStep);
  const currentName = current ? inLanguage(current.name, current.translations, language) : null;
  return (
    <li className={styles.card} aria-label={serviceName.text || t('progress.service')}>
      <div className={styles.cardHeader}>
        <h3 className={styles.serviceName} dir="auto" lang={serviceName.fallback ? 'en' : undefined}>
          {serviceName.text || t('progress.notAvailable')}
        </h3>
        <p className={styles.current}>
          {t('progress.currentStep')}{' '}
          <strong dir="auto" lang={currentName?.fallback ? 'en' : undefined}>
            {currentName?.text ?? service.currentStep ?? t('progress.notAvailable')}
          </strong>
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
                <span className={styles.stepName} dir="auto" lang={step.fallback ? 'en' : undefined}>
                  {step.text}
                  <span className="visually-hidden"> ({t(`progress.stepStatus.${step.status}`)})</span>
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
      <p className={styles.updated}>
        {t('progress.lastUpdated', {
          date: formatDayAndTime(service.lastUpdated, language),
        })}
      </p>
    </li>
  );
}
