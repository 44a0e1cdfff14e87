import { useDrawnAt } from '../lib/drawn-at.js';
import { dateTimeWithZone } from './date-time.js';
import styles from './moment.module.css';
import { relativeTime } from './relative-time.js';

/**
 * A moment as the network shows it (issue 39): how long ago ("5 min ago"), with the full date,
 * time and time zone (`dateTimeWithZone`, the network's one format) on hover and on keyboard
 * focus. Inside a button or a link (`focusable={false}`) the control's focus shows it.
 *
 * Drawn on the server (the feed, issue 42), "how long ago" counts from the moment the page was
 * drawn, on the server and while the browser hydrates alike, and the full date, in the reader's
 * zone and language, which only the browser knows, comes right after hydration (web/lib/drawn-at.ts).
 */
export function Moment({ iso, className, focusable = true }: { iso: string; className?: string; focusable?: boolean }) {
  const drawnAt = useDrawnAt();
  return (
    <time
      dateTime={iso}
      title={drawnAt ? undefined : dateTimeWithZone(iso)}
      className={className ? `${styles.moment} ${className}` : styles.moment}
      {...(focusable ? { tabIndex: 0 } : {})}
    >
      {relativeTime(iso, drawnAt, Boolean(drawnAt))}
    </time>
  );
}
