import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { errorMessage } from '../lib/http.js';
import { ErrorState, LoadingState } from '../ui/states.js';
import { useSubscriptionLink } from './tracker-api.js';
import styles from './tracker-page.module.css';

/**
 * Where the emails' confirm and unsubscribe links land. The page, not the link, makes the change
 * (a POST), so mail scanners that open links do not confirm or unsubscribe anyone.
 */
export default function TrackerSubscriptionPage() {
  const action = useLocation().pathname.endsWith('/unsubscribe') ? 'unsubscribe' : 'confirm';
  const token = useSearchParams()[0].get('token') ?? '';
  const link = useSubscriptionLink(action);
  const { mutate } = link;
  const { t } = useTranslation();

  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  const title = action === 'confirm' ? t('subscription.confirmTitle') : t('subscription.stopTitle');
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="subscription-heading">
        <h1 id="subscription-heading" className={styles.title}>
          {title}
        </h1>
        {!token ? (
          <ErrorState message={t('subscription.incomplete')} />
        ) : link.isError ? (
          <ErrorState message={errorMessage(link.error, t('subscription.failed'))} onRetry={() => mutate(token)} />
        ) : link.isSuccess ? (
          <p role="status">{link.data.message}</p>
        ) : (
          <LoadingState text={action === 'confirm' ? t('subscription.confirming') : t('subscription.unsubscribing')} />
        )}
        <p>
          <Link to="/casetracking">{t('subscription.back')}</Link>
        </p>
      </section>
    </main>
  );
}
