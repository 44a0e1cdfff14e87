import { useEffect, useSyncExternalStore } from 'react';
import { connectionState, probeNow, subscribeToConnection } from '../lib/connection.js';
import { Button } from './button.js';
import styles from './connection-banner.module.css';

// Screens that say themselves what happens while the service is away (the exam's offline queue)
// hide the shared banner meanwhile, so it never lies over the controls they keep working.
let ownStatusScreens = 0;
const ownStatusListeners = new Set<() => void>();
const subscribeToOwnStatus = (listener: () => void) => {
  ownStatusListeners.add(listener);
  return () => ownStatusListeners.delete(listener);
};

/** For a screen that shows its own connection status while `showing` is true. */
export function useOwnConnectionStatus(showing: boolean): void {
  useEffect(() => {
    if (!showing) return;
    ownStatusScreens += 1;
    ownStatusListeners.forEach((listener) => listener());
    return () => {
      ownStatusScreens -= 1;
      ownStatusListeners.forEach((listener) => listener());
    };
  }, [showing]);
}

/** The banner's words; English unless a translated screen gives its own (useConnectionWords). */
export type ConnectionWords = { unreachable: string; tryAgain: string };
const englishWords: ConnectionWords = {
  unreachable: 'We cannot reach the service. We will keep trying and reload what you see once it is back.',
  tryAgain: 'Try again now',
};
let screenWords: ConnectionWords | null = null;
const wordsListeners = new Set<() => void>();
const subscribeToWords = (listener: () => void) => {
  wordsListeners.add(listener);
  return () => wordsListeners.delete(listener);
};
const setScreenWords = (words: ConnectionWords | null) => {
  screenWords = words;
  wordsListeners.forEach((listener) => listener());
};

/**
 * For a translated screen (the applicant's, in Arabic or Hindi): the banner, drawn above every
 * area, says the screen's words while it is shown (issue 38: it stayed English on an Arabic page).
 */
export function useConnectionWords(unreachable: string, tryAgain: string): void {
  useEffect(() => {
    setScreenWords({ unreachable, tryAgain });
    return () => setScreenWords(null);
  }, [unreachable, tryAgain]);
}

/**
 * Says, above whatever is on screen, that the service cannot be reached and that the app keeps
 * trying; the page underneath stays as it was. It goes by itself once the service answers again.
 */
const reachable = () => 'reachable' as const;
const nothing = () => false;
const noWords = () => null;

export function ConnectionBanner() {
  // On the server (web/entry-server.tsx) and while hydrating: the service answered, no screen has spoken yet.
  const state = useSyncExternalStore(subscribeToConnection, connectionState, reachable);
  const screenSaysItself = useSyncExternalStore(subscribeToOwnStatus, () => ownStatusScreens > 0, nothing);
  const words = useSyncExternalStore(subscribeToWords, () => screenWords, noWords) ?? englishWords;
  if (screenSaysItself) return null;
  return (
    <div role="status" aria-live="polite" className={styles.region}>
      {state === 'unreachable' && (
        <div className={styles.banner}>
          <span>{words.unreachable}</span>
          <Button variant="secondary" size="small" onClick={probeNow}>
            {words.tryAgain}
          </Button>
        </div>
      )}
    </div>
  );
}
