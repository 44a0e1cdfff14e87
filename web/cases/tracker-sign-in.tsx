import FileUp from 'lucide-react/icons/file-up';
import { useScreenWords } from './applicant-words.js';
import { Button } from '../ui/button.js';
import { FormError } from '../ui/states.js';
import { applicantErrorText } from './applicant-errors.js';
import { useApplicantAccess, type ProgressLookup } from './tracker-api.js';
import styles from './tracker-subscribe.module.css';

/** Offered after a lookup: a sign-in link to the case's address opens the page where documents are sent. */
export function TrackerSignIn({ lookup }: { lookup: ProgressLookup }) {
  const access = useApplicantAccess();
  const { t } = useScreenWords();
  return (
    <section id="send-documents" className={styles.box} aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading" className={styles.heading}>
        <FileUp aria-hidden="true" size={20} /> {t('signIn.heading')}
      </h2>
      {access.isSuccess ? (
        <p role="status">{t('signIn.done')}</p>
      ) : (
        <>
          <p>{t('signIn.intro')}</p>
          <Button onClick={() => access.mutate(lookup)} disabled={access.isPending}>
            {access.isPending ? t('signIn.sending') : t('signIn.button')}
          </Button>
        </>
      )}
      <FormError message={access.isError ? applicantErrorText(access.error, t, t('signIn.failed')) : null} />
    </section>
  );
}
