import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { forgetExamsOnDevice } from './exam-on-device.js';
import styles from './lms.module.css';
import { lmsToken, signOutOnServer, useLmsSession } from './session.js';

/** Logout removes the token and what exams keep on the device at once, goes to the LMS login, and ends the sign-in on the server. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    const token = lmsToken.get();
    lmsToken.clear();
    queryClient.removeQueries({ queryKey: ['lms'] });
    // The exam's form and answers kept on the device go too: the next person on it must not read them.
    forgetExamsOnDevice();
    void signOutOnServer(token);
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
