import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useNavigate } from '../lib/routing.js';
import { forgetExamsOnDevice, somethingWaitsOnDevice } from './exam-on-device.js';
import styles from './lms.module.css';
import { lmsToken, signOutOnServer, useLmsSession } from './session.js';

// Downloaded only when something waits, so the sign-in page's first JavaScript carries none of it.
const loadUnsent = () => import('./unsent-answers.js');

type AskProps = { onSignOut: () => void; onStay: () => void; onSignedOutByServer: () => void };

/** Offline before the sending code was ever downloaded: the browser's own question (OK signs out). */
function AskWithoutTheDialog({ onSignOut, onStay }: AskProps) {
  useEffect(() => {
    if (window.confirm('Answers have not reached the server yet. OK: sign out and lose them. Cancel: stay signed in.'))
      onSignOut();
    else onStay();
  }, [onSignOut, onStay]);
  return null;
}

const UnsentAnswersLogout = lazy<ComponentType<AskProps>>(() =>
  loadUnsent().then(
    (module) => ({ default: module.UnsentAnswersLogout }),
    () => ({ default: AskWithoutTheDialog }),
  ),
);

/**
 * Logout removes the token and what exams keep on the device, goes to the LMS login, and ends the
 * sign-in on the server. Answers and flags still waiting for the server are sent first; when they
 * cannot go (offline), the learner is asked whether to stay signed in to send them or to sign out
 * and lose them (`unsentPrompt`, which the caller draws: unsent-answers.tsx), never dropped without
 * a word.
 */
export function useLogout(): { logout: () => void; unsentPrompt: ReactNode } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);

  // Answers waiting from before this page (a reload, a crash): the sending code is fetched while the
  // connection is there, so an offline Logout can still send or ask.
  useEffect(() => {
    if (somethingWaitsOnDevice()) loadUnsent().catch(() => {});
  }, []);

  const toLogin = () => {
    setAsking(false);
    queryClient.removeQueries({ queryKey: ['lms'] });
    void navigate('/lms-system/login', { replace: true });
  };
  const signOut = () => {
    const token = lmsToken.get();
    lmsToken.clear();
    // The exam's form and answers kept on the device go too: the next person on it must not read them.
    forgetExamsOnDevice();
    void signOutOnServer(token);
    toLogin();
  };
  const logout = () => {
    if (somethingWaitsOnDevice()) setAsking(true);
    else signOut();
  };
  const unsentPrompt = asking ? (
    <Suspense fallback={null}>
      <UnsentAnswersLogout onSignOut={signOut} onStay={() => setAsking(false)} onSignedOutByServer={toLogin} />
    </Suspense>
  ) : null;
  return { logout, unsentPrompt };
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
