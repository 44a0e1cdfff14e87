import { useSuspension } from './moderation-api.js';
import styles from './network.module.css';

/** While suspended, the member sees why and until when on every network page (the server refuses their writes). */
export function SuspensionBanner({ signedIn }: { signedIn: boolean }) {
  const suspension = useSuspension(signedIn).data;
  if (!suspension) return null;
  return (
    <section className={styles.suspendedBanner} role="status" aria-label="Your account is suspended">
      <p>
        <strong>Your account is suspended until {new Date(suspension.endsAt).toLocaleString()}.</strong> Until then you
        cannot post, comment, like or report. Reason: {suspension.reason}
      </p>
    </section>
  );
}
