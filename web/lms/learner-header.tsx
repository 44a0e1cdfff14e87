import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import styles from './lms.module.css';
import { lmsToken, useLmsSession } from './session.js';

/** Logout removes the token and goes to the LMS login. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    lmsToken.clear();
    queryClient.removeQueries({ queryKey: ['lms'] });
    void navigate('/lms-system/login', { replace: true });
  };
}

/** A learner page's heading with the welcome line; the links live in the learner shell's header. */
export function LearnerHeader({ title }: { title: string }) {
  const { user } = useLmsSession();
  return (
    <header className={styles.header}>
      <div>
        <h1>{title}</h1>
        {user && (
          <p className={styles.muted} style={{ margin: 0 }}>
            Welcome, {user.username}!
          </p>
        )}
      </div>
    </header>
  );
}
