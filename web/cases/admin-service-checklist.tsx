import { errorMessage } from '../lib/http.js';
import { useServices } from './admin-api.js';
import styles from './admin-pages.module.css';

type Props = { selected: number[]; onChange: (selected: number[]) => void; disabled?: boolean };

/** A labelled checkbox per service, from the service catalogue. */
export function ServiceChecklist({ selected, onChange, disabled }: Props) {
  const services = useServices();
  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...selected, id] : selected.filter((other) => other !== id));
  return (
    <fieldset className={styles.checklist} disabled={disabled}>
      <legend>Services</legend>
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
