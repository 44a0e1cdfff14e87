import { useEffect, useRef } from 'react';
import { securityMessages, type SecurityEvent } from '../../contracts/lms-constants.js';
import { lmsApi } from './session.js';

/**
 * While the exam is on screen: copy and paste are blocked, leaving full screen or the tab is
 * called out, and every such event goes to the attempt's exam log on the server.
 */
export function useExamSecurity(active: boolean, onAlert: (message: string) => void) {
  const alertRef = useRef(onAlert);
  useEffect(() => {
    alertRef.current = onAlert;
  });

  useEffect(() => {
    if (!active) return;
    const report = (event: SecurityEvent) => {
      alertRef.current(securityMessages[event]);
      // The log is best effort: a failed write must not interrupt the candidate.
      lmsApi.POST('/user/exam/events', { body: { event } }).catch(() => {});
    };
    const onCopy = (event: ClipboardEvent) => {
      event.preventDefault();
      report('copy');
    };
    const onPaste = (event: ClipboardEvent) => {
      event.preventDefault();
      report('paste');
    };
    // A reload or closing the page hides it too (pagehide comes first); that is not a tab switch.
    let unloading = false;
    const onPageHide = () => {
      unloading = true;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && !unloading) report('tab-switch');
    };
    const onFullscreen = () => {
      if (!document.fullscreenElement) report('fullscreen-exit');
    };
    document.addEventListener('copy', onCopy);
    document.addEventListener('cut', onCopy);
    document.addEventListener('paste', onPaste);
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('cut', onCopy);
      document.removeEventListener('paste', onPaste);
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      document.removeEventListener('fullscreenchange', onFullscreen);
    };
  }, [active]);
}

export function requestFullScreen(): void {
  // Browsers may refuse (no gesture, not allowed); the exam goes on and leaving is still logged.
  document.documentElement.requestFullscreen?.().catch(() => {});
}

export function leaveFullScreen(): void {
  if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
}
