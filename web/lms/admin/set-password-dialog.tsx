import { useState, type FormEvent } from 'react';
import type { LmsUser } from '../../../contracts/lms.js';
import { errorMessage } from '../../lib/http.js';
import { Button } from '../../ui/button.js';
import { NewPasswordField } from '../../ui/field.js';
import { Modal, ModalActions } from '../../ui/modal.js';
import { FormError } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { useSetUserPassword } from './admin-api.js';
import { Form } from '../../ui/form.js';

/** An admin sets a user's password (a learner without an email cannot reset it alone); it signs the user out everywhere. */
export function SetPasswordDialog({ user, onClose }: { user: LmsUser | null; onClose: () => void }) {
  const notify = useToast();
  const [password, setPassword] = useState('');
  const save = useSetUserPassword();
  function close() {
    setPassword('');
    save.reset();
    onClose();
  }
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!user) return;
    save.mutate(
      { id: user.id, password },
      {
        onSuccess: () => {
          notify(`Password of ${user.username} set; they are signed out everywhere`);
          close();
        },
      },
    );
  }
  return (
    <Modal title={`Set the password of ${user?.username ?? ''}`} open={user !== null} onClose={close}>
      <Form onSubmit={onSubmit}>
        <FormError message={save.isError ? errorMessage(save.error, 'Could not set the password. Please try again.') : null} />
        <NewPasswordField
          label="New password"
          name="new-password"
          hint="At least 8 characters. Tell it to the user in person."
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <ModalActions>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Set password'}
          </Button>
        </ModalActions>
      </Form>
    </Modal>
  );
}
