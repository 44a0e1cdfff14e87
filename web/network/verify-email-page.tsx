import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from '../lib/routing.js';
import { ApiError, errorMessage } from '../lib/http.js';
import { INVALID_LINK_MESSAGE } from '../ui/account-recovery.js';
import styles from '../ui/account-recovery.module.css';
import { ErrorState, LoadingState } from '../ui/states.js';
import { fetchMe, networkKeys, verifyEmail } from './api.js';

// The request carries only the token: any 400 means the link is used, expired or garbled.
const linkRefused = (error: unknown) => error instanceof ApiError && error.status === 400;

/**
 * Follows the link. A refused link is no failure when the member signed in here has a verified
 * address already (the link opened a second time, or an older one): nothing is left to do.
 */
async function verify(token: string): Promise<'verified' | 'already verified'> {
  try {
    await verifyEmail(token);
    return 'verified';
  } catch (error) {
    if (linkRefused(error) && (await fetchMe().catch(() => null))?.emailVerified) return 'already verified';
    throw error;
  }
}

/** `/verify-email?token=…`: the verification link's page; it confirms the address once, on arrival. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const client = useQueryClient();
  const verification = useMutation({
    mutationFn: verify,
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
          <ErrorState
            message={
              linkRefused(verification.error)
                ? INVALID_LINK_MESSAGE
                : errorMessage(verification.error, 'Could not verify your address. Please try again.')
            }
          />
        ) : verification.isSuccess ? (
          <p className={styles.success} role="status">
            {verification.data === 'verified'
              ? 'Your email address is verified. Thank you!'
              : 'Your email address is already verified.'}
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
