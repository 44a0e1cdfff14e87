import { useCallback, useSyncExternalStore } from 'react';

const STORAGE_KEY = 'darkMode';
const listeners = new Set<() => void>();

const systemDark = () => window.matchMedia?.('(prefers-color-scheme: dark)');

/** The member's own choice ('true' or 'false') wins; until there is one, the system's setting does. */
function isDark(): boolean {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage refused (private mode): the system decides
  }
  if (stored === 'true' || stored === 'false') return stored === 'true';
  return systemDark()?.matches ?? false;
}

/**
 * Applies the choice (or the system's setting) before the first render, so the page does not
 * flash, and follows the system when it changes while no choice was made.
 */
export function applyStoredDarkMode(): void {
  document.documentElement.classList.toggle('dark', isDark());
}

export function followSystemDarkMode(): void {
  systemDark()?.addEventListener('change', () => {
    applyStoredDarkMode();
    listeners.forEach((listener) => listener());
  });
}

export function useDarkMode(): [boolean, () => void] {
  const dark = useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    isDark,
    // The server cannot know (the head's script sets the class before paint, see
    // server/platform/head-script.ts); hydration draws light first, then the real state.
    () => false,
  );
  const toggle = useCallback(() => {
    localStorage.setItem(STORAGE_KEY, String(!isDark()));
    applyStoredDarkMode();
    listeners.forEach((listener) => listener());
  }, []);
  return [dark, toggle];
}
