import type { CaseService } from '../../contracts/cases.js';
import styles from './current-steps.module.css';

/** "12 days" / "1 day": how long a service has waited at its step. */
export const daysText = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/**
 * Where a case is: one line per service, "Work Visa · Medical Fitness Examination · 12 days", and
 * how far past its step's usual length an overdue one is (issue 38). A line longer than its column
 * ends in an ellipsis (the whole line is its title), so one long step name never widens the list.
 */
export function CurrentSteps({ services }: { services: readonly CaseService[] }) {
  if (services.length === 0) return <span className={styles.none}>No services</span>;
  return (
    <ul className={styles.steps}>
      {services.map((service) => {
        const step = service.current_step ?? 'Not started';
        const waiting =
          service.overdue_days !== null
            ? `${daysText(service.overdue_days)} over`
            : service.days_at_step !== null
              ? daysText(service.days_at_step)
              : service.on_last_step
                ? 'done'
                : '';
        return (
          <li
            key={service.id}
            className={service.overdue_days !== null ? styles.overdue : undefined}
            title={[service.Service.name, step, waiting].filter(Boolean).join(' · ')}
          >
            <span className={styles.line}>
              <span className={styles.service}>{service.Service.name}</span>
              <span aria-hidden="true"> · </span>
              <span className="visually-hidden">: </span>
              {service.current_step ?? <span className={styles.none}>Not started</span>}
            </span>
            {waiting && <span className={styles.wait}>{waiting}</span>}
          </li>
        );
      })}
    </ul>
  );
}
