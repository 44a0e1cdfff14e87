import BellRing from 'lucide-react/icons/bell-ring';
import { useState, type FormEvent } from 'react';
import { useScreenWords } from './applicant-words.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/field.js';
import { FormError } from '../ui/states.js';
import { applicantErrorText } from './applicant-errors.js';
import { useSubscribe, type ProgressLookup } from './tracker-api.js';
import styles from './tracker-subscribe.module.css';

/** Offered after a successful lookup: the numbers just checked go along with the address. */
export function TrackerSubscribe({ lookup }: { lookup: ProgressLookup }) {
  const [email, setEmail] = useState('');
  const subscribe = useSubscribe();
  const { t } = useScreenWords();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    subscribe.mutate({ ...lookup, email: email.trim() });
  }

  return (
    <section className={styles.box} aria-labelledby="subscribe-heading">
      <h2 id="subscribe-heading" className={styles.heading}>
        <BellRing aria-hidden="true" size={20} /> {t('subscribe.heading')}
      </h2>
      {subscribe.isSuccess ? (
        <p role="status">{t('subscribe.done')}</p>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField
            label={t('subscribe.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            hint={t('subscribe.hint')}
          />
          <Button type="submit" disabled={subscribe.isPending || !email.trim()}>
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
