import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { useDarkMode } from '../lib/dark-mode.js';
import styles from './top-nav.module.css';

// The spec's entries; only Home leads somewhere, the others are static.
const staticEntries = ['Network', 'Recruitment', 'Messages', 'Notifications', 'Invest'];

// Network code, loaded only on the pages that show the profile entry.
const ProfileMenu = lazy(() => import('../network/profile-menu.js'));

export function TopNav({ profileMenu = false }: { profileMenu?: boolean }) {
  const [dark, toggleDark] = useDarkMode();
  return (
    <header className={styles.nav}>
      <Link to="/Home" className={styles.logo} aria-label="Pathway home">
        <img src="/images/logo.svg" alt="" />
      </Link>
      <input className={styles.search} type="search" placeholder="Search" aria-label="Search" />
      <nav aria-label="Main" className={styles.menu}>
        <ul className={styles.items}>
          <li>
            <NavLink to="/Home" className={styles.item}>
              Home
            </NavLink>
          </li>
          {staticEntries.map((entry) => (
            <li key={entry}>
              <span className={styles.item}>{entry}</span>
            </li>
          ))}
        </ul>
      </nav>
      <button type="button" className={styles.toggle} onClick={toggleDark} aria-pressed={dark}>
        Dark mode
      </button>
      {profileMenu && (
        <Suspense fallback={null}>
          <ProfileMenu />
        </Suspense>
      )}
    </header>
  );
}
