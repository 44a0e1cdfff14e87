import { useSyncExternalStore } from 'react';
import { connectionState, probeNow, subscribeToConnection } from '../lib/connection.js';
import { Button } from './button.js';
import styles from './connection-banner.module.css';

/**
 * Says, above whatever is on screen, that the service cannot be reached and that the app keeps
 * trying; the page underneath stays as it was. It goes by itself once the service answers again.
 */
export function ConnectionBanner() {
  const state = useSyncExternalStore(subscribeToConnection, connectionState);
  return (
    <div role="status" aria-live="polite" className={styles.region}>
      {state === 'unreachable' && (
        <div className={styles.banner}>
          <span>We cannot reach the service. We will keep trying and reload what you see once it is back.</span>
          <Button variant="secondary" size="small" onClick={probeNow}>
            Try again now
          </Button>
        </div>
      )}
    </div>
  );
}
