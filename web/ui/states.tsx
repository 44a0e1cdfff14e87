import { useSyncExternalStore, type ReactNode } from 'react';
import { directionOf, type ApplicantLanguageCode } from '../../contracts/applicant-language-constants.js';
import { connectionState, subscribeToConnection } from '../lib/connection.js';
import { UNREACHABLE_MESSAGE } from '../lib/api-error.js';
import { Button } from './button.js';
import styles from './states.module.css';

export function LoadingState({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className={styles.state} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      {text}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className={styles.state}>{children}</div>;
}

/**
 * A screen's failure to load. While the service cannot be reached it says so, whatever the screen's
 * own text ("Could not load the feed", "This post is not available"), so nobody is told a thing is
 * missing when it only could not be asked for.
 */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const unreachable = useSyncExternalStore(subscribeToConnection, connectionState, () => 'reachable') === 'unreachable';
  return (
    <div className={`${styles.state} ${styles.error}`} role="alert">
      <p>{unreachable ? UNREACHABLE_MESSAGE : message}</p>
      {onRetry && (
        <Button variant="secondary" size="small" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/**
 * An inline error message above a form; `lang` when it is not in the page's language (a sign-in
 * page's answer to a form sent without JavaScript speaks the visitor's), with its direction.
 */
export function FormError({
  message,
  lang,
}: {
  message: string | null | undefined;
  lang?: ApplicantLanguageCode | undefined;
}) {
  if (!message) return null;
  return (
    <div className={styles.alert} role="alert" {...(lang ? { lang, dir: directionOf(lang) } : {})}>
      {message}
    </div>
  );
}
