import { Navigate } from 'react-router';
import { JourneyView } from '../ui/journey-view.js';
import { ErrorState, LoadingState } from '../ui/states.js';
import { memberJourney, SIGN_IN_PATH, useMe } from './api.js';
import styles from './network.module.css';

/** The member's journey (issue 41): their readiness, cases and licences, through their linked accounts. */
export default function JourneyPage() {
  const me = useMe();
  if (me.isPending) return <LoadingState />;
  if (me.isLoadingError) return <ErrorState message="Could not load your account." onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate to={SIGN_IN_PATH} replace />;
  return (
    <main className={styles.narrowPage}>
      <h1 className={styles.pageTitle}>My journey</h1>
      <JourneyView
        queryKey={['network', 'me', 'journey']}
        load={memberJourney}
        cardClassName={styles.card}
        titleClassName={styles.cardTitle}
      />
    </main>
  );
}
