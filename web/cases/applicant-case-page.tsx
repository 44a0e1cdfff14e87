import { useEffect, useId, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ChecklistItem } from '../../contracts/case-documents.js';
import { formatDateTime } from '../lib/format.js';
import { ApiError, errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { EmptyState, ErrorState, FormError, LoadingState } from '../ui/states.js';
import { useApplicantCase, useOpenSession, useSendDocument, useSignOut } from './applicant-case-api.js';
import styles from './applicant-case-page.module.css';
import { CaseProgressTracker } from './case-progress-tracker.js';
import { DocumentStatusBadge } from './document-status.js';
import trackerStyles from './tracker-page.module.css';

// Phones offer the camera for `image/*`; PDFs come from files.
const DOCUMENT_ACCEPT = 'image/*,application/pdf';

/** The applicant's own case: opened by the emailed link (its token is traded for a cookie), then by that cookie. */
export default function ApplicantCasePage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const linkToken = searchParams.get('token');
  const session = useOpenSession();
  const { mutate: openSession } = session;
  const signedIn = linkToken === null;
  const applicantCase = useApplicantCase(signedIn);
  const signOut = useSignOut();

  const usedToken = useRef<string | null>(null);
  useEffect(() => {
    // Once per token: a second try (React's development double run) would find it used up.
    if (!linkToken || usedToken.current === linkToken) return;
    usedToken.current = linkToken;
    // The token works once; it leaves the address bar (and the history) as soon as it is used.
    openSession(linkToken, { onSettled: () => navigate('/casetracking/case', { replace: true }) });
  }, [linkToken, openSession, navigate]);

  const notSignedIn = (applicantCase.error instanceof ApiError && applicantCase.error.status === 401) || session.isError;

  return (
    <main className={trackerStyles.page}>
      <section className={trackerStyles.card} aria-labelledby="case-heading">
        <div className={styles.toolbar}>
          <h1 id="case-heading" className={trackerStyles.title}>
            Your case
          </h1>
          {applicantCase.isSuccess && (
            <Button variant="secondary" disabled={signOut.isPending} onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate('/casetracking') })}>
              Sign out
            </Button>
          )}
        </div>
        {notSignedIn ? (
          <>
            <FormError message={session.isError ? errorMessage(session.error, 'This sign-in link is not valid any more.') : 'You are not signed in, or your sign-in has ended.'} />
            <p>
              <Link to="/casetracking">Look up your case</Link> and choose “Sign in to send documents” to get a new link by email.
            </p>
          </>
        ) : !signedIn || applicantCase.isPending ? (
          <LoadingState text="Opening your case..." />
        ) : applicantCase.isError ? (
          <ErrorState message="Could not load your case." onRetry={() => void applicantCase.refetch()} />
        ) : (
          <p className={trackerStyles.intro}>Send each document below. We review it and tell you here, and by email, if we need another one.</p>
        )}
      </section>
      {applicantCase.isSuccess && (
        <>
          <section className={trackerStyles.card} aria-labelledby="checklist-heading">
            <h2 id="checklist-heading">Documents</h2>
            {applicantCase.data.documents.length === 0 ? (
              <EmptyState>No documents are needed for your case.</EmptyState>
            ) : (
              <ul className={styles.items}>
                {applicantCase.data.documents.map((item) => (
                  <ChecklistEntry key={`${item.serviceId}-${item.documentId}`} item={item} />
                ))}
              </ul>
            )}
          </section>
          <CaseProgressTracker progress={applicantCase.data} />
        </>
      )}
    </main>
  );
}

function ChecklistEntry({ item }: { item: ChecklistItem }) {
  const send = useSendDocument();
  const inputId = useId();
  return (
    <li className={styles.item} aria-label={item.name}>
      <h3>{item.name}</h3>
      {item.description && <p>{item.description}</p>}
      <p>
        <DocumentStatusBadge status={item.status} />
        {item.uploadedAt && (
          <>
            {' '}
            sent <time dateTime={item.uploadedAt}>{formatDateTime(item.uploadedAt)}</time>
          </>
        )}
      </p>
      {item.status === 'rejected' && item.reason && <p className={styles.reason}>Why we could not accept it: {item.reason}</p>}
      {item.status !== 'accepted' && (
        <div className={styles.upload}>
          <label htmlFor={inputId}>{item.status === 'requested' ? `Send ${item.name}` : `Send ${item.name} again`}</label>
          <input
            id={inputId}
            type="file"
            accept={DOCUMENT_ACCEPT}
            disabled={send.isPending}
            onChange={(event) => {
              const input = event.currentTarget;
              const file = input.files?.[0];
              if (!file) return;
              send.mutate({ documentId: item.documentId, file }, { onSettled: () => (input.value = '') });
            }}
          />
          {send.isPending && <p role="status">Sending...</p>}
          {send.isSuccess && !send.isPending && <p role="status">Sent. We will review it soon.</p>}
          <FormError message={send.isError ? errorMessage(send.error, 'Could not send the file. Please try again.') : null} />
        </div>
      )}
    </li>
  );
}
