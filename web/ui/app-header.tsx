import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from '../lib/routing.js';
import styles from './app-header.module.css';
import { DarkModeToggle } from './dark-mode-toggle.js';

type AppHeaderProps = {
  /** Where the logo leads, inside the area. */
  homeTo: string;
  /** The area's name next to the logo, e.g. "Learning". */
  areaName: string;
  /** Accessible name of the area's navigation landmark. */
  navLabel: string;
  /** The area's own links and actions. */
  children?: ReactNode;
};

/** The header each area builds its shell from: logo, area name, the area's links, dark mode. */
export function AppHeader({ homeTo, areaName, navLabel, children }: AppHeaderProps) {
  return (
    <header className={styles.header}>
      <Link to={homeTo} className={styles.brand} aria-label={`Pathway ${areaName}`}>
        <img src="/images/logo.svg" alt="" width={32} height={32} />
        <span className={styles.brandText}>
          Pathway <span className={styles.area}>{areaName}</span>
        </span>
      </Link>
      <nav aria-label={navLabel} className={styles.nav}>
        {children}
      </nav>
      <DarkModeToggle />
    </header>
  );
}

/** A link in an area header: icon plus label (under the icon below desktop widths). */
export const headerLinkClass = styles.link;
export const headerLabelClass = styles.label;

/** A link in an area header, marked as the current page where it leads. */
export function HeaderLink({ to, icon: Icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <NavLink to={to} className={styles.link}>
      <Icon aria-hidden="true" size={18} />
      <span className={styles.label}>{label}</span>
    </NavLink>
  );
}
