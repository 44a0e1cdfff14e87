import { useQueryClient } from '@tanstack/react-query';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import Newspaper from 'lucide-react/icons/newspaper';
import SearchCheck from 'lucide-react/icons/search-check';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from '../lib/routing.js';
import { errorMessage } from '../lib/api-error.js';
import { usePublicConfig } from '../lib/public-config.js';
import { Button, buttonClassName } from '../ui/button.js';
import { DarkModeToggle } from '../ui/dark-mode-toggle.js';
import { TextField } from '../ui/field.js';
import { FormError, LoadingState } from '../ui/states.js';
import { landingPath, networkKeys, useAuthenticate, useMe } from './api.js';
import { clearSessionEnded, wasSessionEnded } from './ended-session.js';
import styles from './network.module.css';
import { signInWithPopup } from './oidc-popup.js';
import { Form, formValues, useSentWithoutScript } from '../ui/form.js';

/** The public home `/`: the network's sign-in and sign-up, and the doors to tracking and learning. */
export default function SignInPage() {
  const me = useMe();
  const config = usePublicConfig();
  const client = useQueryClient();
  const navigate = useNavigate();
  const signupOpen = config.data?.networkSignup !== 'closed';
  // The mode is in the address: `?mode=signin` (the links of the recovery pages, the emails and
  // Sign Out) or `?mode=signup`; `/` alone opens sign-up, or sign-in for a member whose session ended.
  const [params, setParams] = useSearchParams();
  const requested = params.get('mode');
  const effectiveMode =
    signupOpen && (requested === 'signup' || (requested !== 'signin' && !wasSessionEnded())) ? 'sign-up' : 'sign-in';
  const setMode = (next: 'sign-up' | 'sign-in') =>
    setParams({ mode: next === 'sign-up' ? 'signup' : 'signin' }, { replace: true });
  // The fields are the browser's (uncontrolled), read on submit: on a slow phone the visitor may type
  // before the JavaScript has run, and a controlled field would be set back to its state at the next render.
  const [providerError, setProviderError] = useState<string | null>(null);
  const authenticate = useAuthenticate();
  const sentWithoutScript = useSentWithoutScript();
  const busy = authenticate.isPending;

  if (me.data) return <Navigate to={landingPath(me.data)} replace />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // What the form holds, typed before its JavaScript ran included.
    const { email, password } = formValues(event.currentTarget, ['email', 'password']);
    setProviderError(null);
    authenticate.mutate(
      { mode: effectiveMode, body: { email, password } },
      { onSuccess: ({ user }) => void (user && navigate(landingPath(user), { replace: true })) },
    );
  }

  const error = authenticate.isError
    ? errorMessage(
        authenticate.error,
        effectiveMode === 'sign-up'
          ? 'Could not create the account. Please try again.'
          : 'Could not sign in. Please try again.',
      )
    : providerError;

  async function withProvider() {
    setProviderError(null);
    authenticate.reset();
    const result = await signInWithPopup();
    if (!result.ok && result.error) {
      setProviderError(result.error);
      return;
    }
    clearSessionEnded();
    await client.invalidateQueries({ queryKey: networkKeys.me });
  }

  const providerName = config.data?.oidcProviderName ?? 'Google';
  const oidcReady = config.data?.oidcConfigured === true;

  return (
    <main className={styles.signInPage}>
      <header className={styles.signInHeader}>
        <img src="/images/logo.svg" alt="" width={44} height={44} />
        <strong>Pathway</strong>
        <DarkModeToggle className={styles.headerToggle} />
      </header>
      <div className={styles.signInColumns}>
        <section className={styles.welcome}>
          <p className={styles.welcomeText}>Welcome to your professional community</p>
          <h1 className={styles.tagline}>
            Unlock new opportunities, excel in your career, join the largest HR network
          </h1>
          <ul className={styles.benefits}>
            <li>
              <Newspaper aria-hidden="true" size={22} />
              <span>
                <strong>Your HR feed.</strong> Share posts, photos and videos with people who hire for a living.
              </span>
            </li>
            <li>
              <SearchCheck aria-hidden="true" size={22} />
              <span>
                <strong>Application tracking.</strong> Applicants follow each step of their case, no account needed.
              </span>
            </li>
            <li>
              <GraduationCap aria-hidden="true" size={22} />
              <span>
                <strong>Learning for health professionals.</strong> Courses and timed mock exams with feedback.
              </span>
            </li>
          </ul>
          <nav className={styles.doors} aria-label="Get started">
            <Link className={buttonClassName('secondary')} to="/casetracking">
              Track Your Application
            </Link>
            <Link className={buttonClassName('secondary')} to="/lms-system/login">
              Learning and mock exams
            </Link>
          </nav>
        </section>
        <section className={styles.signInCard} aria-labelledby="sign-in-title">
          <h2 id="sign-in-title" className={styles.cardTitle}>
            {effectiveMode === 'sign-up' ? 'Create your account' : 'Sign in'}
          </h2>
          {me.isPending ? (
            <LoadingState />
          ) : (
            <>
              {wasSessionEnded() && !error && (
                <p className={styles.hint} role="status">
                  Your session has ended. Please sign in again.
                </p>
              )}
              <FormError
                message={error ?? sentWithoutScript?.message}
                lang={error ? undefined : sentWithoutScript?.lang}
              />
              {/* A POST: sent by the browser itself (no JavaScript at all), the password stays out of the address. */}
              <Form method="post" onSubmit={submit} className={styles.form}>
                <TextField label="Email" type="email" name="email" autoComplete="email" required />
                <TextField
                  label="Password"
                  type="password"
                  name="password"
                  autoComplete={effectiveMode === 'sign-up' ? 'new-password' : 'current-password'}
                  required
                  minLength={effectiveMode === 'sign-up' ? 8 : undefined}
                />
                <Button type="submit" disabled={busy}>
                  {effectiveMode === 'sign-up' ? 'Create Account' : 'Sign In'}
                </Button>
              </Form>
              {effectiveMode === 'sign-in' && (
                <p className={styles.toggle}>
                  <Link to="/forgot-password">Forgot password?</Link>
                </p>
              )}
              <p className={styles.toggle}>
                {!signupOpen ? (
                  'Only Authorized Person Can Access'
                ) : effectiveMode === 'sign-up' ? (
                  <button type="button" className={styles.linkButton} onClick={() => setMode('sign-in')}>
                    Already a member? Sign In
                  </button>
                ) : (
                  <button type="button" className={styles.linkButton} onClick={() => setMode('sign-up')}>
                    New to Pathway? Create Account
                  </button>
                )}
              </p>
              {/* Only a way in that works is offered: without a configured provider there is no button. */}
              {oidcReady && (
                <>
                  <div className={styles.divider}>or</div>
                  <Button variant="secondary" onClick={withProvider}>
                    Sign in with {providerName}
                  </Button>
                </>
              )}
            </>
          )}
        </section>
      </div>
    </main>
  );
}
