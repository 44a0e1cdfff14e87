import { dateTimeWithZone } from './date-time.js';
import styles from './moment.module.css';
import { relativeTime } from './relative-time.js';

/**
 * A moment as the network shows it (issue 39): how long ago ("5 min ago"), with the full date,
 * time and time zone (`dateTimeWithZone`, the network's one format) on hover and on keyboard
 * focus. Inside a button or a link (`focusable={false}`) the control's focus shows it.
 */
export function Moment({ iso, className, focusable = true }: { iso: string; className?: string; focusable?: boolean }) {
  const full = dateTimeWithZone(iso);
  return (
    <time
      dateTime={iso}
      title={full}
      className={className ? `${styles.moment} ${className}` : styles.moment}
      {...(focusable ? { tabIndex: 0 } : {})}
    >
      {relativeTime(iso)}
    </time>
  );
}
