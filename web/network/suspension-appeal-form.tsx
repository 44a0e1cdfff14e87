import { useState, type FormEvent } from 'react';
import { MAX_APPEAL_LENGTH } from '../../contracts/network-moderation-constants.js';
import { errorMessage } from '../lib/api-error.js';
import { Button } from '../ui/button.js';
import { TextareaField } from '../ui/field.js';
import { FormError } from '../ui/states.js';
import { useAppealSuspension } from './moderation-api.js';
import styles from './network.module.css';

/** The suspended member's one appeal, behind a button (suspension-banner.tsx loads it when it shows). */
export default function AppealForm() {
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
