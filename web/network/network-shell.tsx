import House from 'lucide-react/icons/house';
import Settings from 'lucide-react/icons/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { DarkModeToggle } from '../ui/dark-mode-toggle.js';
import styles from './network-shell.module.css';
import { forgetMember } from './api.js';
import { onSessionEnded } from './ended-session.js';
import ProfileMenu from './profile-menu.js';

/**
 * The HR network's frame: only entries that lead somewhere (the spec's static Network,
 * Recruitment, Messages, Notifications and Invest entries and the inert search box went), each
 * with its label under its icon at every width.
 */
export function NetworkShell() {
  const client = useQueryClient();
  // A session ended elsewhere: the member is forgotten, and the page sends them to sign in.
  useEffect(() => onSessionEnded(() => forgetMember(client)), [client]);
  return (
    <>
      <header className={styles.nav}>
        <Link to="/Home" className={styles.logo} aria-label="Pathway home">
          <img src="/images/logo.svg" alt="" width={36} height={36} />
        </Link>
        <nav aria-label="Main" className={styles.menu}>
          <ul className={styles.items}>
            <li>
              <NavLink to="/Home" className={styles.item}>
                <House aria-hidden="true" size={20} />
                <span className={styles.label}>Home</span>
              </NavLink>
            </li>
            <li>
              <NavLink to="/settings" className={styles.item}>
                <Settings aria-hidden="true" size={20} />
                <span className={styles.label}>Settings</span>
              </NavLink>
            </li>
          </ul>
        </nav>
        <DarkModeToggle />
        <ProfileMenu />
      </header>
      <Outlet />
    </>
  );
}
