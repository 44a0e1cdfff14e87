import type { CaseService } from '../../contracts/cases.js';
import styles from './current-steps.module.css';

/** "12 days" / "1 day": how long a service has waited at its step. */
export const daysText = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/**
 * Where a case is: each service's current step side by side (the service named to screen readers
 * and in the title, with its wait), and how far past its step's usual length an overdue one is,
 * "9 days over" (issue 38). A long step name wraps within its share of the column, so it never
 * widens the list into cards.
 */
export function CurrentSteps({ services }: { services: readonly CaseService[] }) {
  if (services.length === 0) return <span className={styles.none}>No services</span>;
  return (
    // The list's own place: how the services are laid out follows the column's width, not the window's.
    <div className={styles.place}>
      <ul className={styles.steps}>
        {services.map((service) => {
          const step = service.current_step ?? 'Not started';
          // Only an overdue service says its wait on the line; the Days at step column has the longest.
          const waiting = service.overdue_days !== null ? `${daysText(service.overdue_days)} over` : '';
          const wait =
            service.days_at_step !== null ? daysText(service.days_at_step) : service.on_last_step ? 'done' : '';
          return (
            <li
              key={service.id}
              className={service.overdue_days !== null ? styles.overdue : undefined}
              title={[service.Service.name, step, waiting || wait].filter(Boolean).join(' · ')}
            >
              <span className={styles.line}>
                {/* The service is named to screen readers and on hover: the step is what a recruiter scans. */}
                <span className="visually-hidden">{service.Service.name}: </span>
                {service.current_step ?? <span className={styles.none}>Not started</span>}
              </span>
              {waiting && <span className={styles.wait}>{waiting}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
