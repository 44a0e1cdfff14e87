import type { CaseService } from '../../contracts/cases.js';
import styles from './current-steps.module.css';

/**
 * Where a case is: each service's current step, side by side while the column has room (one line
 * per case keeps a dense list dense), wrapping whole names when it has not. The step names are
 * what a recruiter scans; each service is named to screen readers and on hover.
 */
export function CurrentSteps({ services }: { services: readonly CaseService[] }) {
  if (services.length === 0) return <span className={styles.none}>No services</span>;
  return (
    <ul className={styles.steps}>
      {services.map((service) => (
        <li key={service.id} title={`${service.Service.name}: ${service.current_step ?? 'not started'}`}>
          <span className="visually-hidden">{service.Service.name}: </span>
          {service.current_step ?? <span className={styles.none}>Not started</span>}
        </li>
      ))}
    </ul>
  );
}
