import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from '../lib/routing.js';
import { errorMessage } from '../lib/http.js';
import styles from '../ui/account-recovery.module.css';
import { ErrorState, LoadingState } from '../ui/states.js';
import { unsubscribeEmailDigest } from './api.js';

/**
 * `/notifications/digest/unsubscribe?token=…`: where the digest's "Stop these emails" link lands.
 * The page, not the link, makes the change (a POST), so mail scanners that open links unsubscribe
 * nobody; following it twice is harmless, so React's development double effect is too.
 */
export default function DigestUnsubscribePage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const stop = useMutation({ mutationFn: unsubscribeEmailDigest });
  const { mutate } = stop;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="digest-unsubscribe-title">
        <h1 id="digest-unsubscribe-title" className={styles.title}>
          Stop the daily email
        </h1>
        {!token ? (
          <ErrorState message="This link is incomplete. Please open the link from the email again." />
        ) : stop.isError ? (
          <ErrorState
            message={errorMessage(stop.error, 'Could not unsubscribe you. Please try again.')}
            onRetry={() => mutate(token)}
          />
        ) : stop.isSuccess ? (
          <p className={styles.success} role="status">
            {stop.data.message}
          </p>
        ) : (
          <LoadingState text="Unsubscribing..." />
        )}
        <p className={styles.text}>
          <Link to="/settings">Your settings</Link>
        </p>
      </section>
    </main>
  );
}
