import { useQuery } from '@tanstack/react-query';
import { SelectField } from '../ui/field.js';
import { caseAdminsQuery } from './admin-api.js';

/**
 * Who owns a case, as the forms send it: '' leaves the server's default (on create: whoever creates
 * it; on edit: unchanged), 'none' is nobody, otherwise an admin's id.
 */
export type OwnerChoice = string;

export const ownerIdOf = (choice: OwnerChoice): number | null | undefined =>
  choice === '' ? undefined : choice === 'none' ? null : Number(choice);

export function OwnerField({
  value,
  onChange,
  defaultLabel,
  error,
}: {
  value: OwnerChoice;
  onChange: (value: OwnerChoice) => void;
  defaultLabel: string;
  error?: string | null;
}) {
  const staff = useQuery(caseAdminsQuery());
  return (
    <SelectField
      label="Owner"
      name="ownerId"
      value={value}
      error={error}
      hint={staff.isError ? 'Could not load the staff list.' : undefined}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{defaultLabel}</option>
      <option value="none">Nobody yet</option>
      {(staff.data ?? []).map((admin) => (
        <option key={admin.id} value={String(admin.id)}>
          {admin.email}
        </option>
      ))}
    </SelectField>
  );
}
