import { useSyncExternalStore } from 'react';

/** A bearer token kept in local storage under `key`, observable by components. */
export function createTokenStore(key: string) {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const read = () => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => event.key === key && listener();
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };
  return {
    get: read,
    /** Called whenever the token is set or cleared (here or in another tab); returns the unsubscribe. */
    subscribe,
    set(token: string) {
      localStorage.setItem(key, token);
      notify();
    },
    clear() {
      localStorage.removeItem(key);
      notify();
    },
    useToken: () => useSyncExternalStore(subscribe, read, () => null),
  };
}
