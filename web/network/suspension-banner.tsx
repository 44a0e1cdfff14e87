import { lazyPart } from '../ui/lazy-part.js';
import { dateTimeWithZone } from './date-time.js';
import styles from './network.module.css';
import { useSuspension } from './suspension.js';

// Only a suspended member who has not appealed sees the form: its code (and the moderation calls)
// loads with the banner that shows it, not with every network page (issue 42). The notifications
// page defines its own (the browser downloads the module once for both): were it imported from
// here, this file would become a chunk of its own on the feed's first page, 0.2 KB over its budget.
const AppealForm = lazyPart(() => import('./appeal-form.js'));

/**
 * While suspended, the member sees why and until when on every network page (the server refuses
 * their writes), and may appeal once: the moderators see the appeal in their queue. The suspension's
 * notification links here (`#suspension`).
 */
export function SuspensionBanner({ signedIn }: { signedIn: boolean }) {
  const suspension = useSuspension(signedIn).data;
  if (!suspension) return null;
  return (
    <section id="suspension" className={styles.suspendedBanner} role="status" aria-label="Your account is suspended">
      <p>
        <strong>Your account is suspended until {dateTimeWithZone(suspension.endsAt)}.</strong> Until then you cannot
        post, comment, like or report. Reason: {suspension.reason}
      </p>
      {suspension.appeal ? (
        <p>
          You appealed on {dateTimeWithZone(suspension.appeal.createdAt)}.{' '}
          {suspension.appeal.decided
            ? 'A moderator answered it: see your notifications.'
            : 'A moderator will answer it; you will find the answer in your notifications.'}
        </p>
      ) : (
        <AppealForm />
      )}
    </section>
  );
}
