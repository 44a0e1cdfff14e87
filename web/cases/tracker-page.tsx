import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/field.js';
import { FormError } from '../ui/states.js';
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
  const [missingFields, setMissingFields] = useState(false);
  const lookup = useProgressLookup();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    lookup.reset();
    if (!caseNumber.trim() || !passportNumber.trim()) {
      setMissingFields(true);
      return;
    }
    setMissingFields(false);
    lookup.mutate({ caseNumber: caseNumber.trim(), passportNumber: passportNumber.trim() });
  }

  const error = missingFields
    ? 'Please fill in both fields'
    : lookup.isError
      ? errorMessage(lookup.error, 'Case details not found. Please verify your information.')
      : null;

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="track-heading">
        <h1 id="track-heading" className={styles.title}>
          Track Your Application
        </h1>
        <p className={styles.intro}>Enter the case number you were given and your passport number to see how your application is progressing.</p>
        {/* noValidate: the page explains a missing field in its own words instead of the browser's bubble. */}
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField
            label="Case Number"
            name="caseNumber"
            autoComplete="off"
            value={caseNumber}
            onChange={(event) => setCaseNumber(event.target.value)}
            aria-required="true"
          />
          <TextField
            label="Passport Number"
            name="passportNumber"
            autoComplete="off"
            value={passportNumber}
            onChange={(event) => setPassportNumber(event.target.value)}
            aria-required="true"
          />
          <Button type="submit" className={styles.submit} disabled={lookup.isPending}>
            {lookup.isPending ? 'Searching...' : 'Check Status'}
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
