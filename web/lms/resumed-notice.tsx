import { formatTimeLeft } from './labels.js';
import styles from './lms.module.css';

/** "Your exam is in progress: 2 h 41 min left", for a sitting picked up again after a reload or on another device. */
export function ResumedNotice({ remainingSeconds }: { remainingSeconds: number }) {
  return (
    <p className={styles.notice} role="status">
      Your exam is in progress: {formatTimeLeft(remainingSeconds)} left.
    </p>
  );
}
