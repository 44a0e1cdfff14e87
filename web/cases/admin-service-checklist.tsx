import { useId } from 'react';
import { errorMessage } from '../lib/http.js';
import fieldStyles from '../ui/field.module.css';
import { useServices } from './admin-api.js';
import styles from './admin-pages.module.css';

type Props = {
  selected: number[];
  onChange: (selected: number[]) => void;
  disabled?: boolean;
  /** What is wrong with the choice (none chosen), shown in the group and read with it. */
  error?: string | null;
};

/** A labelled checkbox per service, from the service catalogue. */
export function ServiceChecklist({ selected, onChange, disabled, error }: Props) {
  const services = useServices();
  const errorId = useId();
  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...selected, id] : selected.filter((other) => other !== id));
  return (
    <fieldset className={styles.checklist} disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend>Services</legend>
      {error && (
        <p id={errorId} className={fieldStyles.error} role="alert">
          {error}
        </p>
      )}
      {services.isPending && <p className={styles.muted}>Loading services...</p>}
      {services.isError && <p role="alert">{errorMessage(services.error, 'Could not fetch services.')}</p>}
      {services.data?.length === 0 && <p className={styles.muted}>No services yet. Add them under Manage Services.</p>}
      {services.data?.map((service) => (
        <label key={service.id}>
          <input
            type="checkbox"
            checked={selected.includes(service.id)}
            onChange={(event) => toggle(service.id, event.target.checked)}
          />
          {service.name}
        </label>
      ))}
    </fieldset>
  );
}
