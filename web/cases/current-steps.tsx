import type { CaseService } from '../../contracts/cases.js';
import styles from './current-steps.module.css';

/** "12 days" / "1 day": how long a service has waited at its step. */
export const daysText = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/**
 * How far past its step's usual length an overdue service is, in whole days; hours past it (0 whole
 * days) are "less than a day", never a red "0 days".
 */
export const overdueDaysText = (days: number) => (days < 1 ? 'less than a day' : daysText(days));
/** "30 days over", as the desk's line per service says it. */
export const overdueText = (days: number) => `${overdueDaysText(days)} over`;

/**
 * One service's line as the desk reads it: "Work Visa · Employer Visa Request · 30 days over"
 * (issue 38), the wait only when the service is overdue (the Days at step column has the longest).
 */
export function serviceLine(service: CaseService): string {
  return [
    service.Service.name,
    service.current_step ?? 'Not started',
    service.overdue_days !== null ? overdueText(service.overdue_days) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Where a case is: one line per service, its name, its current step and, when overdue, by how
 * much ("Work Visa · Employer Visa Request · 30 days over", issue 38). On a phone's card a line
 * wraps; in the desk's table each is one line whose service and step names are cut with an
 * ellipsis (the service's beyond two fifths of the line), so no name widens the list into cards. The whole line is the
 * entry's tooltip, and its text as a screen reader reads it.
 */
export function CurrentSteps({ services }: { services: readonly CaseService[] }) {
  if (services.length === 0) return <span className={styles.none}>No services</span>;
  return (
    // The list's own place: how the services are laid out follows the column's width, not the window's.
    <div className={styles.place}>
      <ul className={styles.steps}>
        {services.map((service) => {
          const wait =
            service.days_at_step !== null ? daysText(service.days_at_step) : service.on_last_step ? 'done' : '';
          // The tooltip also says the wait of a service that is not overdue, which its line leaves to the Days at step column.
          const title =
            service.overdue_days !== null
              ? serviceLine(service)
              : [serviceLine(service), wait].filter(Boolean).join(' · ');
          return (
            <li key={service.id} className={service.overdue_days !== null ? styles.overdue : undefined} title={title}>
              <span className={styles.line}>
                <bdi className={styles.service}>{service.Service.name}</bdi>
                <span className={styles.separator}> · </span>
                {service.current_step !== null ? (
                  <bdi className={styles.step}>{service.current_step}</bdi>
                ) : (
                  <span className={`${styles.step} ${styles.none}`}>Not started</span>
                )}
              </span>
              {service.overdue_days !== null && (
                <span className={styles.wait}>
                  <span className={styles.separator}> · </span>
                  {overdueText(service.overdue_days)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
