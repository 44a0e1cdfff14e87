import { useState } from 'react';
import { timeMultipliers } from '../../../contracts/lms-constants.js';
import type { Accommodation, LmsUser } from '../../../contracts/lms.js';
import { formatDateTime } from '../../lib/format.js';
import { errorMessage, fieldError } from '../../lib/http.js';
import { choiceOf } from '../../lib/choices.js';
import { SelectField, TextField } from '../../ui/field.js';
import { FormDialog } from '../../ui/form-dialog.js';
import { Pagination } from '../../ui/pagination.js';
import { ErrorState, LoadingState } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import styles from '../lms.module.css';
import { useAccommodation, useSetAccommodation } from './admin-api.js';

/** "1.5 × time, +10 min, 1 extra attempt", or "None". */
export function accommodationText(accommodation: Accommodation | undefined): string {
  if (!accommodation) return 'None';
  const parts = [
    accommodation.timeMultiplier !== null ? `${accommodation.timeMultiplier} × time` : null,
    accommodation.extraMinutes !== null ? `+${accommodation.extraMinutes} min` : null,
    accommodation.extraAttempts > 0
      ? `${accommodation.extraAttempts} extra attempt${accommodation.extraAttempts === 1 ? '' : 's'}`
      : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'None';
}

type UserWithAccommodation = LmsUser & { accommodation?: Accommodation | undefined };

/** Extra time and extra attempts for a learner entitled to them, with every change recorded (who, when, what). */
export function AccommodationDialog({ user, onClose }: { user: UserWithAccommodation | null; onClose: () => void }) {
  // A fresh form per learner, filled from their current accommodation.
  return user ? <AccommodationForm key={user.id} user={user} onClose={onClose} /> : null;
}

const accommodationFields = ['timeMultiplier', 'extraMinutes', 'extraAttempts'] as const;

function AccommodationForm({ user, onClose }: { user: UserWithAccommodation; onClose: () => void }) {
  const notify = useToast();
  const current = user.accommodation;
  const [multiplier, setMultiplier] = useState(
    current?.timeMultiplier === null || !current ? '' : String(current.timeMultiplier),
  );
  const [minutes, setMinutes] = useState(current?.extraMinutes ? String(current.extraMinutes) : '');
  const [attempts, setAttempts] = useState(String(current?.extraAttempts ?? 0));
  const [page, setPage] = useState(1);
  const history = useAccommodation(user.id, page);
  const save = useSetAccommodation();
  const invalid = fieldError(save.error, accommodationFields);
  const errorOf = (field: (typeof accommodationFields)[number]) => (invalid?.field === field ? invalid.message : null);

  function onSubmit() {
    save.mutate(
      {
        id: user.id,
        body: {
          timeMultiplier: choiceOf(timeMultipliers, Number(multiplier)) ?? null,
          extraMinutes: minutes.trim() === '' ? null : Number(minutes),
          extraAttempts: Number(attempts),
        },
      },
      {
        onSuccess: (saved) => {
          notify(`Accommodation of ${user.username}: ${accommodationText(saved)}`);
          onClose();
        },
      },
    );
  }

  return (
    <FormDialog
      title={`Accommodation of ${user.username}`}
      open
      onClose={onClose}
      submitLabel="Save accommodation"
      pendingLabel="Saving..."
      busy={save.isPending}
      error={
        save.isError && !invalid
          ? errorMessage(save.error, 'Could not save the accommodation. Please try again.')
          : null
      }
      onSubmit={onSubmit}
      after={
        <section aria-label="Changes">
          <h3>Changes</h3>
          {history.isPending && <LoadingState />}
          {history.isError && (
            <ErrorState message="The changes could not be loaded." onRetry={() => void history.refetch()} />
          )}
          {history.data && history.data.data.changes.length === 0 && <p className={styles.muted}>No changes yet.</p>}
          {history.data && history.data.data.changes.length > 0 && (
            <>
              <ul className={styles.list}>
                {history.data.data.changes.map((change) => (
                  <li key={change.id}>
                    {formatDateTime(change.changedAt)}, {change.changedBy}: {accommodationText(change)}
                  </li>
                ))}
              </ul>
              <Pagination
                label="Change pages"
                page={page}
                pageSize={20}
                total={history.data.total}
                onPageChange={setPage}
              />
            </>
          )}
        </section>
      }
    >
      <p className={styles.muted}>
        Applies from the learner&apos;s next attempt. Time is multiplied first, then the extra minutes are added.
      </p>
      <SelectField
        label="Time multiplier"
        value={multiplier}
        onChange={(e) => setMultiplier(e.target.value)}
        error={errorOf('timeMultiplier')}
      >
        <option value="">None</option>
        {timeMultipliers.map((m) => (
          <option key={m} value={String(m)}>
            {m} × the time
          </option>
        ))}
      </SelectField>
      <TextField
        label="Extra minutes"
        hint="Empty for none; 1 to 600."
        type="number"
        min={1}
        max={600}
        step={1}
        value={minutes}
        onChange={(e) => setMinutes(e.target.value)}
        error={errorOf('extraMinutes')}
      />
      <TextField
        label="Extra attempts past the retake wait"
        type="number"
        min={0}
        max={10}
        step={1}
        required
        value={attempts}
        onChange={(e) => setAttempts(e.target.value)}
        error={errorOf('extraAttempts')}
      />
    </FormDialog>
  );
}
