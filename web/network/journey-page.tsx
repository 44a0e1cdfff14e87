import { JourneyView } from '../ui/journey-view.js';
import { memberJourney } from './api.js';
import styles from './network.module.css';
import { useSignedInMember } from './signed-in.js';

/** The member's journey (issue 41): their readiness, cases and licences, through their linked accounts. */
export default function JourneyPage() {
  const { member, instead } = useSignedInMember();
  if (!member) return instead;
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
