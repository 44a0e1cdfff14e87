import { useCallback, useSyncExternalStore } from 'react';

const STORAGE_KEY = 'darkMode';
const listeners = new Set<() => void>();

function isDark(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Applies the stored choice before the first render, so the page does not flash. */
export function applyStoredDarkMode(): void {
  document.documentElement.classList.toggle('dark', isDark());
}

export function useDarkMode(): [boolean, () => void] {
  const dark = useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    isDark,
  );
  const toggle = useCallback(() => {
    localStorage.setItem(STORAGE_KEY, String(!isDark()));
    applyStoredDarkMode();
    listeners.forEach((listener) => listener());
  }, []);
  return [dark, toggle];
}
