import { useState, type FormEvent } from 'react';
import { MAX_APPEAL_LENGTH } from '../../contracts/network-moderation-constants.js';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { TextareaField } from '../ui/field.js';
import { FormError } from '../ui/states.js';
import { dateTimeWithZone } from './date-time.js';
import { useAppealSuspension, useSuspension } from './moderation-api.js';
import styles from './network.module.css';

/**
 * While suspended, the member sees why and until when on every network page (the server refuses
 * their writes), and may appeal once: the moderators see the appeal in their queue.
 */
export function SuspensionBanner({ signedIn }: { signedIn: boolean }) {
  const suspension = useSuspension(signedIn).data;
  if (!suspension) return null;
  return (
    <section className={styles.suspendedBanner} role="status" aria-label="Your account is suspended">
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

function AppealForm() {
  const appeal = useAppealSuspension();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  if (!open) {
    return (
      <p>
        <Button variant="secondary" size="small" onClick={() => setOpen(true)}>
          Appeal this suspension
        </Button>
      </p>
    );
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    appeal.mutate({ text });
  }
  return (
    <form className={styles.appealForm} onSubmit={submit} aria-label="Appeal this suspension">
      <TextareaField
        label="Why should a moderator lift or shorten it? (you can appeal once)"
        required
        maxLength={MAX_APPEAL_LENGTH}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <FormError
        message={appeal.isError ? errorMessage(appeal.error, 'Could not send your appeal. Please try again.') : null}
      />
      <div className={styles.appealActions}>
        <Button type="submit" disabled={appeal.isPending || !text.trim()}>
          {appeal.isPending ? 'Sending...' : 'Send appeal'}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
