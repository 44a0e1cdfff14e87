import BellRing from 'lucide-react/icons/bell-ring';
import { useState, type FormEvent } from 'react';
import { useScreenWords } from './applicant-words.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/field.js';
import { formValues } from '../ui/form.js';
import { FormError } from '../ui/states.js';
import { applicantErrorText } from './applicant-errors.js';
import { useSubscribe, type ProgressLookup } from './tracker-api.js';
import styles from './tracker-subscribe.module.css';

/** Offered after a successful lookup: the numbers just checked go along with the address. */
export function TrackerSubscribe({ lookup }: { lookup: ProgressLookup }) {
  const [noAddress, setNoAddress] = useState(false);
  const subscribe = useSubscribe();
  const { t } = useScreenWords();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The form's own value, as the tracker's form reads its own: a result drawn on the server (a
    // lookup sent as a plain form) shows this field before its JavaScript has run, and what is typed
    // there stays in the field through hydration without reaching a state (decision 032).
    const email = formValues(event.currentTarget, ['email']).email.trim();
    setNoAddress(!email);
    if (email) subscribe.mutate({ ...lookup, email });
  }

  return (
    <section className={styles.box} aria-labelledby="subscribe-heading">
      <h2 id="subscribe-heading" className={styles.heading}>
        <BellRing aria-hidden="true" size={20} /> {t('subscribe.heading')}
      </h2>
      {subscribe.isSuccess ? (
        <p role="status">{t('subscribe.done')}</p>
      ) : (
        // The field is the browser's (uncontrolled) and the button never waits for a state to say
        // something was typed: a controlled field set back to its empty state, and a button disabled
        // until a keystroke reached React, made an address typed before hydration unsendable.
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField
            label={t('subscribe.email')}
            name="email"
            type="email"
            autoComplete="email"
            hint={t('subscribe.hint')}
            error={noAddress ? t('subscribe.invalidEmail') : null}
          />
          <Button type="submit" disabled={subscribe.isPending}>
            {subscribe.isPending ? t('subscribe.sending') : t('subscribe.button')}
          </Button>
        </form>
      )}
      <FormError
        message={
          subscribe.isError
            ? applicantErrorText(subscribe.error, t, t('subscribe.failed'), (error) =>
                error.status === 404
                  ? t('tracker.notFound')
                  : error.field === 'email'
                    ? t('subscribe.invalidEmail')
                    : null,
              )
            : null
        }
      />
    </section>
  );
}
