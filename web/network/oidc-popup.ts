import type { OidcPopupMessage } from '../../contracts/network.js';

/**
 * Opens the provider's sign-in in a popup and resolves when it reports back (or is closed).
 * Only messages from our own origin count.
 */
export function signInWithPopup(): Promise<OidcPopupMessage> {
  return new Promise((resolve) => {
    const width = 500;
    const height = 650;
    const left = window.screenX + (window.outerWidth - width) / 2;
    const top = window.screenY + (window.outerHeight - height) / 2;
    const popup = window.open(
      '/api/network/auth/oidc/start',
      'pathway-oidc',
      `popup,width=${width},height=${height},left=${left},top=${top}`,
    );
    if (!popup) {
      resolve({
        type: 'pathway-oidc',
        ok: false,
        error: 'The sign-in window was blocked. Please allow pop-ups for this site.',
      });
      return;
    }
    let settled = false;
    const finish = (message: OidcPopupMessage) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      clearInterval(watch);
      resolve(message);
    };
    const onMessage = (event: MessageEvent) => {
      const data = event.data as Partial<OidcPopupMessage> | undefined;
      if (event.origin !== window.location.origin || data?.type !== 'pathway-oidc') return;
      finish({ type: 'pathway-oidc', ok: Boolean(data.ok), error: data.error });
      popup.close();
    };
    window.addEventListener('message', onMessage);
    // A closed popup without a message: the member closed it, or it closed itself because this page
    // never took its message (it waits 10 s); the caller re-checks the session.
    const watch = setInterval(() => {
      if (popup.closed) finish({ type: 'pathway-oidc', ok: true });
    }, 500);
  });
}
