import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LOOKUP_FIELD_MAX } from '../../contracts/cases-constants.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/field.js';
import { FormError } from '../ui/states.js';
import { applicantErrorText } from './applicant-errors.js';
import { CaseProgressTracker } from './case-progress-tracker.js';
import { useProgressLookup } from './tracker-api.js';
import { TrackerSignIn } from './tracker-sign-in.js';
import { TrackerSubscribe } from './tracker-subscribe.js';
import styles from './tracker-page.module.css';

/** Track Your Application: the public lookup by case number and passport number. */
export default function TrackerPage() {
  // The emails link here with the case number filled in (never the passport number).
  const [searchParams] = useSearchParams();
  const [caseNumber, setCaseNumber] = useState(() => searchParams.get('case') ?? '');
  const [passportNumber, setPassportNumber] = useState('');
  const [fieldProblem, setFieldProblem] = useState<'bothFields' | 'caseNumberTooLong' | 'passportNumberTooLong' | null>(null);
  const lookup = useProgressLookup();
  const { t } = useTranslation();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    lookup.reset();
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
    lookup.mutate({ caseNumber: caseNumber.trim(), passportNumber: passportNumber.trim() });
  }

  const error = fieldProblem
    ? t(`tracker.${fieldProblem}`, { max: LOOKUP_FIELD_MAX })
    : lookup.isError
      ? applicantErrorText(lookup.error, t, t('tracker.notFound'))
      : null;

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="track-heading">
        <h1 id="track-heading" className={styles.title}>
          {t('tracker.title')}
        </h1>
        <p className={styles.intro}>{t('tracker.intro')}</p>
        {/* noValidate: the page explains a missing field in its own words instead of the browser's bubble. */}
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField
            label={t('tracker.caseNumber')}
            name="caseNumber"
            autoComplete="off"
            value={caseNumber}
            onChange={(event) => setCaseNumber(event.target.value)}
            aria-required="true"
          />
          <TextField
            label={t('tracker.passportNumber')}
            name="passportNumber"
            autoComplete="off"
            value={passportNumber}
            onChange={(event) => setPassportNumber(event.target.value)}
            aria-required="true"
          />
          <Button type="submit" className={styles.submit} disabled={lookup.isPending}>
            {lookup.isPending ? t('tracker.searching') : t('tracker.check')}
          </Button>
        </form>
        <FormError message={error} />
      </section>
      {lookup.data && <CaseProgressTracker progress={lookup.data} />}
      {lookup.data && lookup.variables && <TrackerSignIn key={`sign-in-${lookup.data.caseNumber}`} lookup={lookup.variables} />}
      {lookup.data && lookup.variables && <TrackerSubscribe key={lookup.data.caseNumber} lookup={lookup.variables} />}
    </main>
  );
}
