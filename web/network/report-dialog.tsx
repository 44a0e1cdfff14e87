import { useId, useState, type FormEvent } from 'react';
import {
  MAX_REPORT_NOTE_LENGTH,
  reportReasons,
  type ReportReason,
} from '../../contracts/network-moderation-constants.js';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { Modal, ModalActions } from '../ui/modal.js';
import { FormError } from '../ui/states.js';
import { useToast } from '../ui/toast.js';
import { useReportPost } from './moderation-api.js';
import styles from './network.module.css';

const reasonLabels: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or abuse',
  misinformation: 'False or misleading information',
  other: 'Something else',
};

/** "Report post": a reason (required), an optional note, sent to the moderators. */
export function ReportDialog({ postId, open, onClose }: { postId: string; open: boolean; onClose: () => void }) {
  const notify = useToast();
  const noteId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const report = useReportPost(postId);

  function close() {
    setReason(null);
    setNote('');
    report.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return;
    report.mutate(
      { reason, note: note.trim() || undefined },
      {
        onSuccess: () => {
          notify('Thanks: the moderators will review this post.');
          close();
        },
      },
    );
  }

  return (
    <Modal title="Report post" open={open} onClose={close}>
      <form onSubmit={submit} className={styles.form}>
        <FormError
          message={report.isError ? errorMessage(report.error, 'Could not send the report. Please try again.') : null}
        />
        <fieldset className={styles.reasons}>
          <legend>Why are you reporting this post?</legend>
          {reportReasons.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="reason"
                value={value}
                required
                checked={reason === value}
                onChange={() => setReason(value)}
              />{' '}
              {reasonLabels[value]}
            </label>
          ))}
        </fieldset>
        <label htmlFor={noteId}>Anything the moderators should know? (optional)</label>
        <textarea
          id={noteId}
          className={styles.textarea}
          rows={3}
          maxLength={MAX_REPORT_NOTE_LENGTH}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <ModalActions>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={!reason || report.isPending}>
            {report.isPending ? 'Sending...' : 'Send report'}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
