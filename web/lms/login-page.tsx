import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from '../lib/routing.js';
import { ApiError } from '../lib/api-error.js';
import { api, unwrap } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/field.js';
import { formValues, useSentWithoutScript } from '../ui/form.js';
import { FormError } from '../ui/states.js';
import { claimExamsOnDevice } from './exam-on-device.js';
import styles from './lms.module.css';
import { decodeToken, homeFor, lmsToken, useLmsSession } from './session.js';

const LOGIN_FAILED = 'Login failed. Please check your credentials.';

export default function LoginPage() {
  const navigate = useNavigate();
  const { user } = useLmsSession();
  // The fields are the browser's (uncontrolled), read on submit: on a slow phone the learner may type
  // before the JavaScript has run, and a controlled field would be set back to its state at the next render.
  const [error, setError] = useState<string | null>(null);
  const sentWithoutScript = useSentWithoutScript();
  const [busy, setBusy] = useState(false);

  if (user && !busy) return <Navigate to={homeFor(user)} replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // What the form holds, typed before its JavaScript ran included.
    const { username, password } = formValues(event.currentTarget, ['username', 'password']);
    setBusy(true);
    setError(null);
    try {
      const { token } = await unwrap(api.POST('/auth/login', { body: { username, password } }));
      const payload = decodeToken(token);
      if (!payload) throw new Error('undecodable token');
      claimExamsOnDevice(payload.id);
      lmsToken.set(token);
      navigate(homeFor(payload), { replace: true });
    } catch (caught) {
      // Rate limiting says when to try again; everything else is the spec's one message.
      setError(caught instanceof ApiError && caught.status === 429 ? caught.message : LOGIN_FAILED);
      setBusy(false);
    }
  }

  return (
    <main className={styles.narrow}>
      <h1>Welcome Back!</h1>
      <p className={styles.muted}>Sign in to your learning and mock exam account.</p>
      {/* A POST: sent by the browser itself (no JavaScript at all), the password stays out of the address. */}
      <form method="post" onSubmit={onSubmit} noValidate={false}>
        <FormError message={error ?? sentWithoutScript?.message} lang={error ? undefined : sentWithoutScript?.lang} />
        <TextField label="Username" name="username" autoComplete="username" required />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
        <Button type="submit" disabled={busy} style={{ width: '100%' }}>
          {busy ? 'Signing in...' : 'Login'}
        </Button>
      </form>
      <p>
        <Link to="/lms-system/forgot-password">Forgot password?</Link>
      </p>
      <p>
        New here? <Link to="/lms-system/register">Create an account</Link>
      </p>
    </main>
  );
}
