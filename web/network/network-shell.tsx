import Bell from 'lucide-react/icons/bell';
import House from 'lucide-react/icons/house';
import Settings from 'lucide-react/icons/settings';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import Search from 'lucide-react/icons/search';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type FormEvent } from 'react';
import { Link, NavLink, Outlet, useNavigate, useSearchParams } from '../lib/routing.js';
import { DarkModeToggle } from '../ui/dark-mode-toggle.js';
import styles from './network-shell.module.css';
import { forgetMember, useMe, useUnreadCount } from './api.js';
import { useLiveFeed } from './live-feed.js';
import { onSessionEnded } from './ended-session.js';
import ProfileMenu from './profile-menu.js';
import { SuspensionBanner } from './suspension-banner.js';

/**
 * The HR network's frame: only entries that lead somewhere (the spec's static Network,
 * Recruitment, Messages and Invest entries went), each with its label under its icon at every
 * width, and a real search box.
 */
export function NetworkShell() {
  const client = useQueryClient();
  // A session ended elsewhere: the member is forgotten, and the page sends them to sign in.
  useEffect(() => onSessionEnded(() => forgetMember(client)), [client]);
  // One live stream for every network page: the feed's events and the bell's.
  const me = useMe();
  useLiveFeed(me.data);
  const unread = useUnreadCount(Boolean(me.data)).data ?? 0;
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    if (q) void navigate(`/search?q=${encodeURIComponent(q)}`);
  };
  return (
    <>
      <header className={styles.nav}>
        <Link to="/Home" className={styles.logo} aria-label="Pathway home">
          <img src="/images/logo.svg" alt="" width={36} height={36} />
        </Link>
        <form role="search" className={styles.search} onSubmit={onSearch}>
          <Search aria-hidden="true" size={16} />
          <input
            type="search"
            name="q"
            placeholder="Search"
            aria-label="Search posts and members"
            maxLength={200}
            defaultValue={searchParams.get('q') ?? ''}
            key={searchParams.get('q') ?? ''}
          />
        </form>
        <nav aria-label="Main" className={styles.menu}>
          <ul className={styles.items}>
            <li>
              <NavLink to="/Home" className={styles.item}>
                <House aria-hidden="true" size={20} />
                <span className={styles.label}>Home</span>
              </NavLink>
            </li>
            {me.data && (
              <li>
                <NavLink
                  to="/notifications"
                  className={styles.item}
                  aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
                >
                  <span className={styles.bell}>
                    <Bell aria-hidden="true" size={20} />
                    {unread > 0 && (
                      <span className={styles.badge} aria-hidden="true" data-testid="unread-count">
                        {unread > 99 ? '99+' : unread}
                      </span>
                    )}
                  </span>
                  <span className={styles.label}>Notifications</span>
                </NavLink>
              </li>
            )}
            {me.data?.isAdmin && (
              <li>
                <NavLink to="/moderation" className={styles.item}>
                  <ShieldAlert aria-hidden="true" size={20} />
                  <span className={styles.label}>Moderation</span>
                </NavLink>
              </li>
            )}
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
      <SuspensionBanner signedIn={Boolean(me.data)} />
      <Outlet />
    </>
  );
}
