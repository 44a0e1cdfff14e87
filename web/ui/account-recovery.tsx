import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '../lib/routing.js';
import { ApiError, errorMessage } from '../lib/http.js';
import styles from './account-recovery.module.css';
import { Button } from './button.js';
import { NewPasswordField, TextField } from './field.js';
import { FormError } from './states.js';
import { Form } from './form.js';

type Page = { title: string; backTo: string; backLabel: string };

/** What an emailed link's page says when the server refuses its token. */
export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired. Please ask for a new one.';

/** A token the server refused before looking it up (cut short, too long, garbled): to the person, a bad link like any other. */
const isMalformedToken = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && error.field === 'token';

function RecoveryCard({ title, backTo, backLabel, children }: Page & { children: ReactNode }) {
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="recovery-title">
        <h1 id="recovery-title" className={styles.title}>
          {title}
        </h1>
        {children}
        <p className={styles.text}>
          <Link to={backTo}>{backLabel}</Link>
        </p>
      </section>
    </main>
  );
}

/**
 * "Forgot password?": asks for the address and says a link is on its way. The server answers the
 * same whether or not an account has the address, and so does this screen.
 */
export function ForgotPasswordScreen({
  send,
  ...page
}: Page & { send: (email: string) => Promise<{ message: string }> }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setSent((await send(email)).message);
    } catch (caught) {
      setError(errorMessage(caught, 'Could not send the email. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <RecoveryCard {...page}>
      {sent ? (
        <p className={styles.success} role="status">
          {sent}
        </p>
      ) : (
        <Form onSubmit={(event) => void onSubmit(event)} className={styles.form}>
          <p className={styles.text}>
            Enter the email address of your account and we will send you a link to set a new password.
          </p>
          <FormError message={error} />
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" className={styles.submit} disabled={busy}>
            {busy ? 'Sending...' : 'Send reset link'}
          </Button>
        </Form>
      )}
    </RecoveryCard>
  );
}

/** The page an emailed reset link opens: a new password, set once with the link's token. */
export function ResetPasswordScreen({
  token,
  save,
  signInTo,
  ...page
}: Page & { token: string | null; save: (token: string, password: string) => Promise<unknown>; signInTo: string }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    if (password !== confirmation) {
      setError('The two passwords are not the same.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await save(token, password);
      setDone(true);
    } catch (caught) {
      setError(
        isMalformedToken(caught)
          ? INVALID_LINK_MESSAGE
          : errorMessage(caught, 'Could not set the new password. Please try again.'),
      );
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <RecoveryCard {...page}>
        <FormError message="This link is incomplete. Please open the link from the email again, or ask for a new one." />
      </RecoveryCard>
    );
  }
  return (
    <RecoveryCard {...page}>
      {done ? (
        <p className={styles.success} role="status">
          Your password has been changed, and every device that was signed in has been signed out.{' '}
          <Link to={signInTo}>Sign in with the new password</Link>.
        </p>
      ) : (
        <Form onSubmit={(event) => void onSubmit(event)} className={styles.form}>
          <FormError message={error} />
          <NewPasswordField
            label="New password"
            name="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            hint="At least 8 characters."
          />
          <NewPasswordField
            label="Repeat the new password"
            name="confirm-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          <Button type="submit" className={styles.submit} disabled={busy}>
            {busy ? 'Saving...' : 'Set new password'}
          </Button>
        </Form>
      )}
    </RecoveryCard>
  );
}
