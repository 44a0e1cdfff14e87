import { useEffect } from 'react';
import { useScreenWords } from './applicant-words.js';
import { Link, useLocation, useSearchParams } from '../lib/routing.js';
import { SUBSCRIPTION_LINK_INVALID } from '../../contracts/cases-constants.js';
import { ErrorState, LoadingState } from '../ui/states.js';
import { applicantErrorText } from './applicant-errors.js';
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
  const { t } = useScreenWords();

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
          <ErrorState
            message={applicantErrorText(link.error, t, t('subscription.failed'), (error) =>
              // A token the form refused (400 on `token`) is as invalid as one the server does not know.
              error.code === SUBSCRIPTION_LINK_INVALID || error.field === 'token'
                ? t('subscription.invalidLink')
                : null,
            )}
            onRetry={() => mutate(token)}
          />
        ) : link.isSuccess ? (
          <p role="status">
            {link.data.code === 'SUBSCRIPTION_CONFIRMED'
              ? t('subscription.confirmed', { caseNumber: link.data.caseNumber })
              : t('subscription.unsubscribed', { caseNumber: link.data.caseNumber })}
          </p>
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
