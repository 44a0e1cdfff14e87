import FileUp from 'lucide-react/icons/file-up';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { FormError } from '../ui/states.js';
import { useApplicantAccess, type ProgressLookup } from './tracker-api.js';
import styles from './tracker-subscribe.module.css';

/** Offered after a lookup: a sign-in link to the case's address opens the page where documents are sent. */
export function TrackerSignIn({ lookup }: { lookup: ProgressLookup }) {
  const access = useApplicantAccess();
  return (
    <section className={styles.box} aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading" className={styles.heading}>
        <FileUp aria-hidden="true" size={20} /> Send your documents
      </h2>
      {access.isSuccess ? (
        <p role="status">{access.data.message}</p>
      ) : (
        <>
          <p>We email a sign-in link to the address on your case. It opens your checklist, where you can send each document from your phone's camera or a file.</p>
          <Button onClick={() => access.mutate(lookup)} disabled={access.isPending}>
            {access.isPending ? 'Sending...' : 'Sign in to send documents'}
          </Button>
        </>
      )}
      <FormError message={access.isError ? errorMessage(access.error, 'Could not send the link. Please try again.') : null} />
    </section>
  );
}
