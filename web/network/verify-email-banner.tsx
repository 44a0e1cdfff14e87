import { useMutation } from '@tanstack/react-query';
import type { NetworkUser } from '../../contracts/network.js';
import { errorMessage } from '../lib/api-error.js';
import { Button } from '../ui/button.js';
import { resendVerificationEmail } from './api.js';
import styles from './network.module.css';

/** Until the address is verified the account works, and this asks to verify it (with a resend). */
export function VerifyEmailBanner({ user }: { user: NetworkUser }) {
  const resend = useMutation({ mutationFn: resendVerificationEmail });
  if (user.emailVerified || !user.email) return null;
  return (
    <section className={styles.verifyBanner} aria-label="Verify your email address">
      <p>
        Please verify your email address: we sent a link to <strong>{user.email}</strong>.
      </p>
      <Button
        variant="secondary"
        size="small"
        onClick={() => resend.mutate()}
        disabled={resend.isPending || resend.isSuccess}
      >
        {resend.isPending ? 'Sending...' : resend.isSuccess ? 'Email sent' : 'Resend email'}
      </Button>
      <span role="status" className={resend.isError ? styles.errorText : styles.muted}>
        {resend.isError
          ? errorMessage(resend.error, 'Could not send the email. Please try again.')
          : resend.isSuccess
            ? resend.data.message
            : ''}
      </span>
    </section>
  );
}
