import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '../lib/routing.js';
import { forgetMember, SIGN_IN_PATH, signOut, useMe } from './api.js';
import { Avatar } from './avatar.js';
import styles from './network.module.css';

/** The top navigation's profile entry: photo or default icon, username or "Me", Settings and Sign Out. */
export default function ProfileMenu() {
  const me = useMe();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  async function handleSignOut() {
    setOpen(false);
    try {
      await signOut();
    } catch (error) {
      // The spec only logs a failed sign-out; the local state is cleared either way.
      console.warn('sign-out failed', error);
    }
    // One render for both: the feed's guard never sees a signed-out member on the feed's address.
    // The new address renders in a microtask, so nothing may wait between the two.
    navigate(SIGN_IN_PATH, { replace: true });
    forgetMember(client);
  }

  const user = me.data;
  return (
    <div className={styles.profileMenu} ref={root}>
      <button
        type="button"
        className={styles.profileButton}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar src={user?.photoURL} size={28} />
        <span className={styles.profileName} title={user?.username ?? undefined}>
          {user?.username || 'Me'}
        </span>
      </button>
      {open && (
        <div className={styles.profileDropdown} role="menu">
          <Link to="/settings" role="menuitem" className={styles.menuItem} onClick={() => setOpen(false)}>
            Settings
          </Link>
          <button type="button" role="menuitem" className={styles.menuItem} onClick={handleSignOut}>
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}
