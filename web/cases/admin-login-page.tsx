import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from '../lib/routing.js';
import { errorMessage } from '../lib/api-error.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/field.js';
import { FormError } from '../ui/states.js';
import { loginAdmin } from './admin-api.js';
import { adminToken, signIn, wasSessionExpired } from './admin-session.js';
import styles from './admin-login-page.module.css';
import { Form, formValues, useSentWithoutScript } from '../ui/form.js';

export default function AdminLoginPage() {
  const navigate = useNavigate();
  const token = adminToken.useToken();
  // The fields are the browser's (uncontrolled), read on submit: on a slow phone the admin may type
  // before the JavaScript has run, and a controlled field would be set back to its state at the next render.
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sentWithoutScript = useSentWithoutScript();

  if (token && !busy) return <Navigate to="/caseadmin/dashboard" replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // What the form holds, typed before its JavaScript ran included.
    const { email, password } = formValues(event.currentTarget, ['email', 'password']);
    setBusy(true);
    setError(null);
    try {
      const { token: issued } = await loginAdmin(email, password);
      signIn(issued);
      navigate('/caseadmin/dashboard');
    } catch (failure) {
      setError(errorMessage(failure, 'Invalid credentials. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <main className={styles.page}>
      {/* A POST: sent by the browser itself (no JavaScript at all), the password stays out of the address. */}
      <Form className={styles.card} method="post" onSubmit={(event) => void onSubmit(event)}>
        <h1 className={styles.title}>Admin Login</h1>
        {wasSessionExpired() && !error && <p className={styles.notice}>Your session has ended. Please log in again.</p>}
        <FormError message={error ?? sentWithoutScript?.message} lang={error ? undefined : sentWithoutScript?.lang} />
        <TextField label="Email" type="email" name="email" autoComplete="username" required />
        <TextField label="Password" type="password" name="password" autoComplete="current-password" required />
        <Button type="submit" className={styles.submit} disabled={busy}>
          {busy ? 'Logging in...' : 'Login'}
        </Button>
        <p className={styles.notice}>
          <Link to="/caseadmin/forgot-password">Forgot password?</Link>
        </p>
      </Form>
    </main>
  );
}
