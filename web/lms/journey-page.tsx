import { JourneyView } from '../ui/journey-view.js';
import { learnerJourney } from './api.js';
import { LearnerHeader } from './learner-header.js';
import styles from './lms.module.css';

/** The learner's journey (issue 41): their readiness, cases and licences, through their linked accounts. */
export default function JourneyPage() {
  return (
    <main className={styles.page}>
      <LearnerHeader title="My Journey" />
      <div className={styles.sections}>
        <JourneyView queryKey={['lms', 'user', 'journey']} load={learnerJourney} cardClassName={styles.card} />
      </div>
    </main>
  );
}
