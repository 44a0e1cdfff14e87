import { useState, type FormEvent } from 'react';
import { MAX_APPEAL_LENGTH } from '../../contracts/network-moderation-constants.js';
import { errorMessage } from '../lib/api-error.js';
import { Button } from '../ui/button.js';
import { TextareaField } from '../ui/field.js';
import { FormError } from '../ui/states.js';
import { useAppealRemoval, useAppealSuspension } from './moderation-api.js';
import styles from './network.module.css';

const words = {
  suspension: {
    open: 'Appeal this suspension',
    label: 'Why should a moderator lift or shorten it? (you can appeal once)',
  },
  removal: {
    open: 'Appeal this removal',
    label: 'Why should a moderator put your post back? (you can appeal once)',
  },
};

/**
 * The member's one appeal, behind a button: of their running suspension (from the suspension
 * banner), or of a removal without a suspension (`removalId`, from its notice). Each loads it when
 * it shows, so the moderation calls stay off every other page (issue 42).
 */
export default function AppealForm({ removalId }: { removalId?: string }) {
  return removalId ? <RemovalAppeal removalId={removalId} /> : <SuspensionAppeal />;
}

function SuspensionAppeal() {
  return <AppealFormOf kind="suspension" appeal={useAppealSuspension()} />;
}

function RemovalAppeal({ removalId }: { removalId: string }) {
  return <AppealFormOf kind="removal" appeal={useAppealRemoval(removalId)} />;
}

function AppealFormOf({ kind, appeal }: { kind: keyof typeof words; appeal: ReturnType<typeof useAppealSuspension> }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  if (!open) {
    return (
      <p>
        <Button variant="secondary" size="small" onClick={() => setOpen(true)}>
          {words[kind].open}
        </Button>
      </p>
    );
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    appeal.mutate({ text });
  }
  return (
    <form className={styles.appealForm} onSubmit={submit} aria-label={words[kind].open}>
      <TextareaField
        label={words[kind].label}
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
