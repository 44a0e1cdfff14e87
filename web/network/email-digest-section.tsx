import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { errorMessage } from '../lib/http.js';
import { ErrorState, FormError, LoadingState } from '../ui/states.js';
import { emailDigestQuery, useSetEmailDigest } from './api.js';
import styles from './network.module.css';

/** The settings page's switch for the daily email of unread notifications (off by default). */
export function EmailDigestSection({ hasEmail }: { hasEmail: boolean }) {
  const setting = useQuery(emailDigestQuery());
  const change = useSetEmailDigest();
  const boxId = useId();
  const hintId = useId();
  return (
    <section className={styles.card} aria-labelledby="settings-digest">
      <h2 id="settings-digest" className={styles.cardTitle}>
        Email notifications
      </h2>
      {setting.isPending ? (
        <LoadingState />
      ) : setting.isError ? (
        <ErrorState message="Could not load your email settings." onRetry={() => void setting.refetch()} />
      ) : (
        <>
          <FormError
            message={
              change.isError ? errorMessage(change.error, 'Could not save this setting. Please try again.') : null
            }
          />
          <div className={styles.checkboxRow}>
            <input
              id={boxId}
              type="checkbox"
              aria-describedby={hintId}
              checked={change.isPending ? change.variables : setting.data.enabled}
              disabled={change.isPending || !hasEmail}
              onChange={(event) => change.mutate(event.target.checked)}
            />
            <label htmlFor={boxId}>Email me a daily summary of my unread notifications</label>
          </div>
          <p id={hintId} className={styles.muted}>
            {hasEmail
              ? 'Once a day, only when something is unread, to your verified address. Every email has a link to stop them.'
              : 'Your account has no email address to send it to.'}
          </p>
        </>
      )}
    </section>
  );
}
