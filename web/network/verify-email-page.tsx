import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import styles from '../ui/account-recovery.module.css';
import { errorMessage } from '../lib/http.js';
import { ErrorState, LoadingState } from '../ui/states.js';
import { networkKeys, verifyEmail } from './api.js';

/** `/verify-email?token=…`: the verification link's page; it confirms the address once, on arrival. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const client = useQueryClient();
  const verification = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => client.invalidateQueries({ queryKey: networkKeys.me }),
  });
  // The link works once: React's development double effects must not spend it twice.
  const sent = useRef(false);
  useEffect(() => {
    if (token && !sent.current) {
      sent.current = true;
      verification.mutate(token);
    }
  }, [token, verification]);

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="verify-title">
        <h1 id="verify-title" className={styles.title}>
          Verify your email address
        </h1>
        {!token ? (
          <ErrorState message="This link is incomplete. Please open the link from the email again." />
        ) : verification.isError ? (
          <ErrorState message={errorMessage(verification.error, 'Could not verify your address. Please try again.')} />
        ) : verification.isSuccess ? (
          <p className={styles.success} role="status">
            Your email address is verified. Thank you!
          </p>
        ) : (
          <LoadingState text="Verifying your address..." />
        )}
        <p className={styles.text}>
          <Link to="/Home">Go to your feed</Link>
        </p>
      </section>
    </main>
  );
}
