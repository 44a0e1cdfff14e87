import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PREMIUM_REQUEST_NOTE_MAX, programLabel } from '../../contracts/lms-constants.js';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/field.js';
import { FormError } from '../ui/states.js';
import { formatDay } from './labels.js';
import styles from './lms.module.css';
import { latestPremiumRequestQuery, useAskForPremium, useDismissPremiumNotice } from './premium-api.js';

/**
 * "Ask for premium" on a locked card, for a learner with no agency to give them a code: one open
 * request at a time, so once asked it says when instead of offering the button again.
 */
export function RequestPremium() {
  const latest = useQuery(latestPremiumRequestQuery());
  const ask = useAskForPremium();
  const [writing, setWriting] = useState(false);
  const [note, setNote] = useState('');
  // Without the latest request the button could offer a second one; the code form still works.
  if (!latest.isSuccess) return null;
  const request = latest.data.request;
  if (request?.status === 'open') {
    return (
      <p className={styles.muted} role="status">
        Requested on {formatDay(request.created_at)}. An LMS administrator will answer it.
      </p>
    );
  }
  if (!writing) {
    return (
      <div className={styles.redeemForm}>
        <Button variant="secondary" onClick={() => setWriting(true)}>
          Ask for premium
        </Button>
      </div>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate(note.trim());
  };
  return (
    <form onSubmit={onSubmit} aria-label="Ask for premium" className={styles.redeemForm}>
      <TextField
        label="Note to the administrator (optional)"
        value={note}
        maxLength={PREMIUM_REQUEST_NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
        hint="For example which exam you are preparing for"
      />
      <Button type="submit" disabled={ask.isPending}>
        {ask.isPending ? 'Sending...' : 'Send request'}
      </Button>
      <FormError message={ask.isError ? errorMessage(ask.error, 'The request could not be sent.') : null} />
    </form>
  );
}

/** On the dashboard: the administrator's answer to the learner's request, until dismissed. */
export function PremiumDecisionNotice() {
  const latest = useQuery(latestPremiumRequestQuery());
  const dismiss = useDismissPremiumNotice();
  const request = latest.data?.request;
  if (!request || request.status === 'open' || latest.data?.noticeSeen) return null;
  const what = request.programs.map(programLabel).join(' and ');
  return (
    <section className={styles.notice} aria-label="Your premium request">
      <p>
        {request.status === 'granted'
          ? `Your premium request was granted${request.decided_at ? ` on ${formatDay(request.decided_at)}` : ''}: ${what} ${request.programs.length > 1 ? 'are' : 'is'} open now.`
          : 'Your premium request was declined. You may ask again later, or redeem an access code.'}
      </p>
      <Button variant="secondary" size="small" onClick={() => dismiss.mutate(request.id)} disabled={dismiss.isPending}>
        Dismiss
      </Button>
    </section>
  );
}
