import type { LucideIcon } from 'lucide-react';
import LogOut from 'lucide-react/icons/log-out';
import type { ReactNode } from 'react';
import { Link, NavLink } from '../lib/routing.js';
import styles from './admin-shell.module.css';
import { DarkModeToggle } from './dark-mode-toggle.js';

export type AdminShellLink = {
  to: string;
  label: string;
  Icon: LucideIcon;
  /** Also current on the pages under it (a service's steps under Manage Services). */
  prefix?: boolean;
};

type Props = {
  /** The area's admin title, e.g. "Pathway Case Admin". */
  title: string;
  /** Where the title leads: the area's admin home. */
  homeTo: string;
  /** Accessible name of the sidebar's navigation landmark. */
  navLabel: string;
  links: readonly AdminShellLink[];
  onSignOut: () => void;
  children: ReactNode;
};

/**
 * The frame both staff areas (case admin, LMS admin) work in: a sidebar with the area's title,
 * dark mode, its pages and sign-out, and a content column as wide as the screen allows. One
 * component, so the two admin areas look and behave alike; below 1280 px the sidebar becomes a
 * bar above the content so tables keep their width.
 */
export function AdminShell({ title, homeTo, navLabel, links, onSignOut, children }: Props) {
  return (
    <div className={styles.frame}>
      {/* The first stop of Tab: past the sidebar to the page's own content (issue 38). */}
      <a href="#admin-content" className={styles.skipLink}>
        Skip to content
      </a>
      <aside className={styles.sidebar}>
        <div className={styles.titleRow}>
          <Link to={homeTo} className={styles.title}>
            <img src="/images/logo.svg" alt="" width={24} height={24} />
            {title}
          </Link>
          <DarkModeToggle />
        </div>
        <nav aria-label={navLabel}>
          <ul className={styles.links}>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={styles.link} end={!link.prefix}>
                  <link.Icon aria-hidden="true" size={16} /> {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" className={styles.signOut} onClick={onSignOut}>
          <LogOut aria-hidden="true" size={16} /> Sign out
        </button>
      </aside>
      <main id="admin-content" tabIndex={-1} className={styles.content}>
        {children}
      </main>
    </div>
  );
}
