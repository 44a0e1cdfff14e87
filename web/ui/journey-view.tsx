import { useQuery } from '@tanstack/react-query';
import type { ReadyToWorkEstimate } from '../../contracts/cases.js';
import type { CaseJourney, JourneyAnswer, LearnerReadinessSummary } from '../../contracts/person-links.js';
import { errorMessage } from '../lib/http.js';
import styles from './linked-accounts.module.css';
import { QueryState } from './query-state.js';
import { formatDay } from '../lib/dates.js';

/*
 * One person, one journey (issue 41): the page each area shows its signed-in person, with their exam
 * readiness, each linked case's progress, documents and licences, and when they may be ready to
 * work. The answer is read by the area's own signed-in route; each part comes from the area that
 * owns it (decision 039). Where the area is translated it gives its words.
 */

export const journeyTexts = {
  loading: 'Loading your journey...',
  loadFailed: 'Could not load your journey.',
  readinessTitle: 'Exam readiness',
  noLearner: 'No learning account is linked with this one. Link it in your settings to see your readiness here.',
  passChance: (percent: string, answers: string) =>
    `${percent} chance of passing today, from ${answers} practice answers`,
  noEstimate: (answers: string) => `Not enough practice yet for a pass estimate (${answers} answers so far)`,
  latestResults: 'Latest exams',
  noResults: 'No finished exams yet.',
  result: (date: string, correct: string, questions: string) => `${date}: ${correct} of ${questions} correct`,
  casesTitle: 'Cases',
  noCase: 'No case is linked with this account. Link your case in your settings to follow it here.',
  caseTitle: (caseNumber: string) => `Case ${caseNumber}`,
  status: { 'Under Review': 'Under review', 'In Progress': 'In progress', Completed: 'Completed' } as Record<
    CaseJourney['status'],
    string
  >,
  readyBy: (p50: string, p80: string) => `Ready to work by about ${p50} (by ${p80} in eight cases out of ten)`,
  /** What the dates rest on (contracts/cases.ts, readyToWorkEstimate); numbers already written. */
  readyBasis: (estimate: ReadyToWorkEstimate, number: (value: number) => string) =>
    estimate.measuredSteps === 0 || estimate.fewestCases === null
      ? `Steps left: ${number(estimate.remainingSteps)}, estimated from the agency's usual times (too few cases yet to measure them).`
      : `Steps left: ${number(estimate.remainingSteps)}. Estimated from real cases: ${number(estimate.measuredSteps)} (at least ${number(estimate.fewestCases)} cases each)${estimate.measuredSteps < estimate.remainingSteps ? "; the rest from the agency's usual times" : ''}.`,
  /** A service's name and current step as the page's reader reads them (the applicant's page: her language). */
  names: (service: CaseJourney['services'][number]) => ({ service: service.serviceName, step: service.currentStep }),
  readyUnknown: 'Ready-to-work date: not estimated yet',
  completed: 'This case is completed.',
  step: (service: string, step: string) => `${service}: ${step}`,
  noStep: 'not started',
  estimate: (date: string) => `expected by ${date}`,
  delayed: 'taking longer than usual',
  documents: (accepted: string, required: string) => `Documents: ${accepted} of ${required} required accepted`,
  documentsNeeded: (missing: string, rejected: string) => `${missing} still to send, ${rejected} to send again`,
  licencesTitle: 'Licences',
  licence: (name: string, status: string, expires: string) => `${name}: ${status}, expires ${expires}`,
  licenceStatus: { valid: 'valid', expired: 'expired', revoked: 'revoked' } as Record<
    CaseJourney['licences'][number]['status'],
    string
  >,
};
export type JourneyTexts = typeof journeyTexts;

export function JourneyView({
  queryKey,
  load,
  texts = journeyTexts,
  language,
  describeError = errorMessage,
  cardClassName,
  titleClassName,
}: {
  queryKey: readonly unknown[];
  load: () => Promise<JourneyAnswer>;
  texts?: JourneyTexts;
  /** For dates, numbers and percentages; the browser's when unset. */
  language?: string;
  describeError?: (error: unknown, fallback: string) => string;
  cardClassName?: string;
  titleClassName?: string;
}) {
  const journey = useQuery({ queryKey, queryFn: load });
  const day = (iso: string) => formatDay(iso, language, 'medium');
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  const percent = (value: number) =>
    new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(value);

  return (
    <QueryState query={journey} loading={texts.loading} error={(failure) => describeError(failure, texts.loadFailed)}>
      {({ readiness, cases }) => (
        <>
          <section className={cardClassName} aria-labelledby="journey-readiness">
            <h2 id="journey-readiness" className={titleClassName}>
              {texts.readinessTitle}
            </h2>
            {readiness.length === 0 ? (
              <p className={styles.muted}>{texts.noLearner}</p>
            ) : (
              <ul className={styles.identities}>
                {readiness.map((learner) => (
                  <Readiness key={learner.username} learner={learner} texts={texts} format={{ day, number, percent }} />
                ))}
              </ul>
            )}
          </section>
          <section className={cardClassName} aria-labelledby="journey-cases">
            <h2 id="journey-cases" className={titleClassName}>
              {texts.casesTitle}
            </h2>
            {cases.length === 0 ? (
              <p className={styles.muted}>{texts.noCase}</p>
            ) : (
              <ul className={styles.identities}>
                {cases.map((journeyCase) => (
                  <CaseEntry
                    key={journeyCase.caseNumber}
                    journeyCase={journeyCase}
                    texts={texts}
                    format={{ day, number, percent }}
                  />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </QueryState>
  );
}

type Format = { day: (iso: string) => string; number: (value: number) => string; percent: (value: number) => string };

function Readiness({
  learner,
  texts,
  format,
}: {
  learner: LearnerReadinessSummary;
  texts: JourneyTexts;
  format: Format;
}) {
  return (
    <li aria-label={learner.username}>
      <p>
        <strong>
          <bdi>{learner.username}</bdi>
        </strong>
        {' · '}
        {learner.passChance === null
          ? texts.noEstimate(format.number(learner.answers))
          : texts.passChance(format.percent(learner.passChance), format.number(learner.answers))}
      </p>
      <p className={styles.muted}>{texts.latestResults}</p>
      {learner.latestResults.length === 0 ? (
        <p className={styles.muted}>{texts.noResults}</p>
      ) : (
        <ul>
          {learner.latestResults.map((result) => (
            <li key={result.finishedAt}>
              {texts.result(
                format.day(result.finishedAt),
                format.number(result.correct),
                format.number(result.questions),
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function CaseEntry({ journeyCase, texts, format }: { journeyCase: CaseJourney; texts: JourneyTexts; format: Format }) {
  const { documents } = journeyCase;
  return (
    <li aria-label={texts.caseTitle(journeyCase.caseNumber)}>
      <h3 className={styles.subtitle}>
        <bdi>{texts.caseTitle(journeyCase.caseNumber)}</bdi> · {texts.status[journeyCase.status]}
      </h3>
      <p>
        <strong>
          {journeyCase.status === 'Completed'
            ? texts.completed
            : journeyCase.readyToWork
              ? texts.readyBy(format.day(journeyCase.readyToWork.p50), format.day(journeyCase.readyToWork.p80))
              : texts.readyUnknown}
        </strong>
      </p>
      {journeyCase.status !== 'Completed' && journeyCase.readyToWork && (
        <p className={styles.muted}>{texts.readyBasis(journeyCase.readyToWork, format.number)}</p>
      )}
      <ul>
        {journeyCase.services.map((service) => (
          <li key={service.serviceName}>
            {texts.step(texts.names(service).service, texts.names(service).step ?? texts.noStep)}
            {service.estimatedCompletion && ` · ${texts.estimate(format.day(service.estimatedCompletion))}`}
            {service.delayed && ` · ${texts.delayed}`}
          </li>
        ))}
      </ul>
      {documents.required > 0 && (
        <p className={styles.muted}>
          {texts.documents(format.number(documents.requiredAccepted), format.number(documents.required))}
          {(documents.missing > 0 || documents.rejected > 0) &&
            ` · ${texts.documentsNeeded(format.number(documents.missing), format.number(documents.rejected))}`}
        </p>
      )}
      {journeyCase.licences.length > 0 && (
        <>
          <p className={styles.muted}>{texts.licencesTitle}</p>
          <ul>
            {journeyCase.licences.map((licence) => (
              <li key={licence.id}>
                {texts.licence(
                  `${licence.authority} ${licence.licenceType}`,
                  texts.licenceStatus[licence.status],
                  format.day(`${licence.expiresOn}T00:00:00Z`),
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </li>
  );
}
