import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { preloadScreenWords, useApplicantWords, withScreenWords } from './applicant-words.js';
import { useSearchParams } from '../lib/routing.js';
import { LOOKUP_FIELD_MAX } from '../../contracts/cases-constants.js';
import type { TrackerFormLookup } from '../../contracts/cases.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/field.js';
import { lazyPart, PartUnavailable } from '../ui/lazy-part.js';
import { formValues } from '../ui/form.js';
import { FormError, LoadingState } from '../ui/states.js';
import { applicantErrorText } from './applicant-errors.js';
import { formLookupKey, useProgressLookup } from './tracker-api.js';
import styles from './tracker-page.module.css';

// The result (progress, sign-in, subscription) is most of the page's code and shows only after a
// lookup: it is downloaded while the lookup runs, not with the first page, and so are its words.
const loadResult = withScreenWords(() => import('./tracker-result.js'));
const TrackerResult = lazyPart(loadResult, {
  loading: () => <Searching />,
  failed: (_props, retry) => <ResultUnavailable retry={retry} />,
});

function Searching() {
  const { t } = useApplicantWords();
  return <LoadingState text={t('tracker.searching')} />;
}

/** The result's code could not be downloaded: said in the applicant's language, the form stays. */
function ResultUnavailable({ retry }: { retry: () => void }) {
  const { t } = useApplicantWords();
  return <PartUnavailable message={t('connection.unreachable')} retryLabel={t('connection.tryAgain')} retry={retry} />;
}

/** Track Your Application: the public lookup by case number and passport number. */
export default function TrackerPage() {
  // The emails link here with the case number filled in (never the passport number).
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  // A lookup sent as a plain form, before or without this page's JavaScript: drawn until the next one.
  const [formLookup, setFormLookup] = useState(() => queryClient.getQueryData<TrackerFormLookup>(formLookupKey));
  // The fields are the browser's (uncontrolled): on a slow phone the applicant may type before the
  // JavaScript has run, and a controlled field would be set back to its state at the next render.
  const [initialCaseNumber] = useState(() => formLookup?.caseNumber ?? searchParams.get('case') ?? '');
  const [initialPassportNumber] = useState(() =>
    formLookup && 'progress' in formLookup ? formLookup.passportNumber : '',
  );
  const [fieldProblem, setFieldProblem] = useState<'bothFields' | 'caseNumberTooLong' | 'passportNumberTooLong' | null>(
    null,
  );
  const lookup = useProgressLookup();
  const { t } = useApplicantWords();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The form's own values: on a slow phone the applicant may type before the JavaScript has run.
    const { caseNumber, passportNumber } = formValues(event.currentTarget, ['caseNumber', 'passportNumber']);
    lookup.reset();
    setFormLookup(undefined);
    queryClient.removeQueries({ queryKey: formLookupKey });
    // Said here, in the page's language, rather than sent for the server's English refusal.
    const problem =
      !caseNumber.trim() || !passportNumber.trim()
        ? 'bothFields'
        : caseNumber.trim().length > LOOKUP_FIELD_MAX
          ? 'caseNumberTooLong'
          : passportNumber.trim().length > LOOKUP_FIELD_MAX
            ? 'passportNumberTooLong'
            : null;
    setFieldProblem(problem);
    if (problem) return;
    // A failure here is met again, and shown, when the result renders.
    loadResult().catch(() => {});
    preloadScreenWords();
    lookup.mutate({ caseNumber: caseNumber.trim(), passportNumber: passportNumber.trim() });
  }

  const error = fieldProblem
    ? t(`tracker.${fieldProblem}`, { max: LOOKUP_FIELD_MAX })
    : lookup.isError
      ? applicantErrorText(lookup.error, t, t('tracker.notFound'))
      : formLookup && 'problem' in formLookup
        ? formLookup.problem === 'tooMany' || formLookup.problem === 'serverFault'
          ? t(`errors.${formLookup.problem}`)
          : t(`tracker.${formLookup.problem}`, { max: LOOKUP_FIELD_MAX })
        : null;
  const result =
    lookup.data && lookup.variables
      ? { progress: lookup.data, lookup: lookup.variables }
      : formLookup && 'progress' in formLookup
        ? {
            progress: formLookup.progress,
            lookup: { caseNumber: formLookup.caseNumber, passportNumber: formLookup.passportNumber },
          }
        : null;

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="track-heading">
        <h1 id="track-heading" className={styles.title}>
          {t('tracker.title')}
        </h1>
        <p className={styles.intro}>{t('tracker.intro')}</p>
        {/* noValidate: the page explains a missing field in its own words instead of the browser's bubble. */}
        {/* method="post": before its JavaScript has run, or without it, the browser sends the form to
            POST /casetracking, which answers this page with the result; a POST, so the passport number
            stays out of the address. Once hydrated, onSubmit looks up without leaving the page. */}
        <form className={styles.form} method="post" action="/casetracking" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('tracker.caseNumber')}
            name="caseNumber"
            autoComplete="off"
            defaultValue={initialCaseNumber}
            aria-required="true"
          />
          <TextField
            label={t('tracker.passportNumber')}
            name="passportNumber"
            autoComplete="off"
            defaultValue={initialPassportNumber}
            aria-required="true"
          />
          <Button type="submit" className={styles.submit} disabled={lookup.isPending}>
            {lookup.isPending ? t('tracker.searching') : t('tracker.check')}
          </Button>
        </form>
        <FormError message={error} />
      </section>
      {result && <TrackerResult progress={result.progress} lookup={result.lookup} />}
    </main>
  );
}
