import { useId, useState } from 'react';
import type { Step } from '../../contracts/cases.js';
import { TextField } from '../ui/field.js';
import fieldStyles from '../ui/field.module.css';
import { FormDialog } from '../ui/form-dialog.js';
import { useUpdateStep } from './admin-api.js';
import { serverFieldErrors } from './server-field-errors.js';
import { translationDraft, translationsBody, TranslationFields } from './admin-translation-fields.js';

/** A multi-line field in the shared field look. */
export function DescriptionField({
  value,
  onChange,
  disabled,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  error?: string | null;
}) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        Description (public)
      </label>
      <textarea
        id={id}
        name="description"
        className={fieldStyles.control}
        rows={3}
        maxLength={1000}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <span className={fieldStyles.hint}>
        What happens during this step and what the applicant may need to do. Shown on the tracker and in emails.
      </span>
      {error && (
        <span id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </span>
      )}
    </div>
  );
}

/** Edits a step's name, public description, expected days and their Arabic and Hindi words. */
export function StepExplanationDialog({
  step,
  onClose,
  onSaved,
}: {
  step: Step;
  onClose: () => void;
  onSaved: () => void;
}) {
  const update = useUpdateStep(step.service_id);
  const [name, setName] = useState(step.name);
  const [description, setDescription] = useState(step.description ?? '');
  const [translations, setTranslations] = useState(() => translationDraft(step.translations));
  const [expectedDays, setExpectedDays] = useState(step.expected_days === null ? '' : String(step.expected_days));
  const failure = serverFieldErrors(update.error, ['name', 'description', 'expected_days'], 'Could not save the step.');
  return (
    <FormDialog
      title={`Edit "${step.name}"`}
      open
      onClose={onClose}
      onSubmit={() =>
        update.mutate(
          {
            id: step.id,
            name,
            description,
            expected_days: expectedDays,
            translations: translationsBody(translations, true),
          },
          { onSuccess: onSaved },
        )
      }
      submitLabel="Save"
      pendingLabel="Saving..."
      busy={update.isPending}
      error={failure.formError}
    >
      <TextField
        label="Step Name"
        name="name"
        autoComplete="off"
        required
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={failure.messageFor('name')}
        hint="Renaming keeps the history: past moves keep the name they were made under."
      />
      <DescriptionField
        value={description}
        onChange={setDescription}
        disabled={update.isPending}
        error={failure.messageFor('description')}
      />
      <TextField
        label="Expected days"
        name="expected_days"
        type="number"
        min={0}
        max={3650}
        step={1}
        error={failure.messageFor('expected_days')}
        inputMode="numeric"
        value={expectedDays}
        onChange={(event) => setExpectedDays(event.target.value)}
        hint="How long this step usually takes. Leave empty if unknown: the tracker then shows no estimate."
      />
      <TranslationFields
        what="step"
        nameMax={100}
        descriptionMax={1000}
        value={translations}
        onChange={setTranslations}
        disabled={update.isPending}
      />
    </FormDialog>
  );
}
