import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../ui/button.js';
import styles from './lms.module.css';
import { lmsToken, signOutOnServer, useLmsSession } from './session.js';

/** Logout removes the token at once, goes to the LMS login, and ends the sign-in on the server. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    const token = lmsToken.get();
    lmsToken.clear();
    queryClient.removeQueries({ queryKey: ['lms'] });
    void signOutOnServer(token);
    void navigate('/lms-system/login', { replace: true });
  };
}

export function LearnerHeader({ title }: { title: string }) {
  const { user } = useLmsSession();
  const logout = useLogout();
  const [bellOpen, setBellOpen] = useState(false);
  return (
    <header className={styles.header}>
      <div>
        <h1>{title}</h1>
        {user && <p className={styles.muted} style={{ margin: 0 }}>Welcome, {user.username}!</p>}
      </div>
      <nav aria-label="Learning" className={styles.actions}>
        <Link to="/lms-system/dashboard">Dashboard</Link>
        <Link to="/courses">Courses</Link>
        <Link to="/lmsprofile">Profile</Link>
        <div className={styles.bell}>
          <Button variant="ghost" size="small" aria-expanded={bellOpen} aria-controls="lms-notifications" onClick={() => setBellOpen((open) => !open)}>
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
              <path d="M13.7 21a2 2 0 0 1-3.4 0" />
            </svg>{' '}
            Notifications
          </Button>
          {bellOpen && (
            <div id="lms-notifications" className={styles.bellPanel}>
              <strong>Notifications</strong>
              <p className={styles.muted}>You are all caught up. New courses and exam dates appear on your dashboard.</p>
            </div>
          )}
        </div>
        <Button variant="secondary" size="small" onClick={logout}>
          Logout
        </Button>
      </nav>
    </header>
  );
}
