import type { ReactNode, SubmitEvent } from 'react';
import { Button } from './button.js';
import { Form } from './form.js';
import { Modal, ModalActions } from './modal.js';
import { FormError } from './states.js';

type Props = {
  title: string;
  open: boolean;
  onClose: () => void;
  /** Runs once the form's own checks pass, with the form (to read its fields: `formValues`). */
  onSubmit: (form: HTMLFormElement) => void;
  submitLabel: string;
  pendingLabel: string;
  busy: boolean;
  /** A refusal that belongs to no field, shown above the fields. */
  error: string | null;
  /** The fields. */
  children: ReactNode;
  /** Shown under the form, e.g. the record of earlier changes. */
  after?: ReactNode;
};

/**
 * A change made in a dialog: the fields checked in the app's words (web/ui/form.tsx), a refusal
 * above them, Cancel and the one action at the bottom. One pattern for every such dialog, so
 * they read and behave alike.
 */
export function FormDialog({
  title,
  open,
  onClose,
  onSubmit,
  submitLabel,
  pendingLabel,
  busy,
  error,
  children,
  after,
}: Props) {
  return (
    <Modal title={title} open={open} onClose={onClose}>
      <Form
        aria-label={title}
        onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
          event.preventDefault();
          onSubmit(event.currentTarget);
        }}
      >
        <FormError message={error} />
        {children}
        <ModalActions>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? pendingLabel : submitLabel}
          </Button>
        </ModalActions>
      </Form>
      {after}
    </Modal>
  );
}
