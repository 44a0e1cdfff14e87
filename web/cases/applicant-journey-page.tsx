import type { WordValues } from '../../contracts/words.js';
import { useScreenWords } from './applicant-words.js';
import type { ScreenCatalogue } from './locales/screens/en.js';
import { Link } from '../lib/routing.js';
import { api, ApiError, unwrap } from '../lib/http.js';
import { JourneyView, type JourneyTexts } from '../ui/journey-view.js';
import { inLanguage } from '../../contracts/case-languages.js';
import { applicantErrorText } from './applicant-errors.js';
import { readyBasis } from './ready-to-work.js';
import { useReadyWords } from './ready-to-work-words.js';
import trackerStyles from './tracker-page.module.css';

const loadJourney = () => unwrap(api.GET('/api/applicant/journey'));

/**
 * The applicant's journey (issue 41), in her language: her readiness, cases and licences through
 * her linked accounts. Signed out, it says how to sign in (the case page's emailed link).
 */
export default function ApplicantJourneyPage() {
  const { t, language } = useScreenWords();
  const ready = useReadyWords();
  const words = (key: keyof ScreenCatalogue['journey'], values?: WordValues) => t(`journey.${key}`, values);
  const texts: JourneyTexts = {
    loading: words('loading'),
    loadFailed: words('loadFailed'),
    readinessTitle: words('readinessTitle'),
    noLearner: words('noLearner'),
    passChance: (percent, answers) => words('passChance', { percent, answers }),
    noEstimate: (answers) => words('noEstimate', { answers }),
    latestResults: words('latestResults'),
    noResults: words('noResults'),
    result: (date, correct, questions) => words('result', { date, correct, questions }),
    casesTitle: words('casesTitle'),
    noCase: words('noCase'),
    caseTitle: (caseNumber) => words('caseTitle', { caseNumber }),
    status: {
      'Under Review': t('progress.caseStatus.underReview'),
      'In Progress': t('progress.caseStatus.inProgress'),
      Completed: t('progress.caseStatus.completed'),
    },
    readyBy: (p50, p80) => ready('journeyReadyBy', { p50, p80 }),
    readyBasis: (estimate) => readyBasis(estimate, ready, language),
    // The staff's words in her language where they translated them (issue 41), else the English.
    names: (service) => {
      const current = service.steps.find((step) => step.name === service.currentStep);
      return {
        service: inLanguage(service.serviceName, service.translations, language).text,
        step: current ? inLanguage(current.name, current.translations, language).text : service.currentStep,
      };
    },
    readyUnknown: words('readyUnknown'),
    completed: words('completed'),
    step: (service, step) => words('step', { service, step }),
    noStep: words('noStep'),
    estimate: (date) => words('estimate', { date }),
    delayed: words('delayed'),
    documents: (accepted, required) => words('documents', { accepted, required }),
    documentsNeeded: (missing, rejected) => words('documentsNeeded', { missing, rejected }),
    licencesTitle: words('licencesTitle'),
    licence: (name, status, expires) => words('licence', { name, status, expires }),
    licenceStatus: {
      valid: t('licences.status.valid'),
      expired: t('licences.status.expired'),
      revoked: t('licences.status.revoked'),
    },
  };
  return (
    <main className={trackerStyles.page}>
      <section className={trackerStyles.card} aria-labelledby="journey-heading">
        <h1 id="journey-heading" className={trackerStyles.title}>
          {t('titles.journey')}
        </h1>
        <p>
          <Link to="/casetracking/case">{t('titles.caseView')}</Link>
        </p>
      </section>
      <JourneyView
        queryKey={['applicant', 'journey']}
        load={loadJourney}
        texts={texts}
        language={language}
        cardClassName={trackerStyles.card}
        titleClassName={trackerStyles.title}
        describeError={(error, fallback) =>
          error instanceof ApiError && error.status === 401 ? words('signIn') : applicantErrorText(error, t, fallback)
        }
      />
    </main>
  );
}
