import { useState } from 'react';
import type { LmsUser } from '../../../contracts/lms.js';
import { errorMessage, fieldError } from '../../lib/http.js';
import { NewPasswordField, TextField } from '../../ui/field.js';
import { FormDialog } from '../../ui/form-dialog.js';
import { useToast } from '../../ui/toast.js';
import { useSetUserPassword } from './admin-api.js';

/**
 * An admin sets a user's password (a learner without an email cannot reset it alone); it signs the
 * user out everywhere and goes into the account log. An admin's password also asks for the acting
 * admin's own, so a token left signed in somewhere cannot take an admin account over.
 */
export function SetPasswordDialog({ user, onClose }: { user: LmsUser | null; onClose: () => void }) {
  const notify = useToast();
  const [password, setPassword] = useState('');
  const [adminPassword, setAdminPassword] = useState('');
  const save = useSetUserPassword();
  const invalid = fieldError(save.error, ['password']);
  const wrongOwn = fieldError(save.error, ['adminPassword']);
  const ofAdmin = user?.role === 'admin';
  function close() {
    setPassword('');
    setAdminPassword('');
    save.reset();
    onClose();
  }
  return (
    <FormDialog
      title={`Set the password of ${user?.username ?? ''}`}
      open={user !== null}
      onClose={close}
      submitLabel="Set password"
      pendingLabel="Saving..."
      busy={save.isPending}
      error={
        save.isError && !invalid && !wrongOwn
          ? errorMessage(save.error, 'Could not set the password. Please try again.')
          : null
      }
      onSubmit={() => {
        if (!user) return;
        save.mutate(
          { id: user.id, password, ...(ofAdmin ? { adminPassword } : {}) },
          {
            onSuccess: () => {
              notify(`Password of ${user.username} set; they are signed out everywhere`);
              close();
            },
          },
        );
      }}
    >
      <NewPasswordField
        label="New password"
        name="new-password"
        hint="At least 8 characters. Tell it to the user in person."
        value={password}
        error={invalid?.message}
        onChange={(event) => setPassword(event.target.value)}
      />
      {ofAdmin && (
        <TextField
          label="Your own password"
          name="admin-password"
          type="password"
          autoComplete="current-password"
          required
          hint={`${user.username} is an admin: confirm it is you.`}
          value={adminPassword}
          error={wrongOwn?.message}
          onChange={(event) => setAdminPassword(event.target.value)}
        />
      )}
    </FormDialog>
  );
}
