import Moon from 'lucide-react/icons/moon';
import Sun from 'lucide-react/icons/sun';
import { useDarkMode } from '../lib/dark-mode.js';
import styles from './app-header.module.css';

/** The dark-mode switch every area's header carries; the choice is kept under `darkMode`. */
export function DarkModeToggle({ className }: { className?: string }) {
  const [dark, toggleDark] = useDarkMode();
  const Icon = dark ? Sun : Moon;
  return (
    <button
      type="button"
      className={`${styles.toggle} ${className ?? ''}`}
      onClick={toggleDark}
      aria-pressed={dark}
      aria-label="Dark mode"
      title="Dark mode"
    >
      <Icon aria-hidden="true" size={18} />
    </button>
  );
}
