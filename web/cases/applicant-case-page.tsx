import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ChecklistItem } from '../../contracts/case-documents.js';
import { DOCUMENT_ACCEPT } from '../../contracts/cases-constants.js';
import { ApiError } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { EmptyState, ErrorState, FormError, LoadingState } from '../ui/states.js';
import { useApplicantCase, useOpenSession, useSendDocument, useSignOut } from './applicant-case-api.js';
import { applicantErrorText } from './applicant-errors.js';
import panelStyles from './admin-case-documents-panel.module.css';
import styles from './applicant-case-page.module.css';
import { CaseProgressTracker } from './case-progress-tracker.js';
import trackerStyles from './tracker-page.module.css';

// Phones offer the camera for `image/*`; PDFs come from files.

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
  const { t } = useTranslation();

  const usedToken = useRef<string | null>(null);
  useEffect(() => {
    // Once per token: a second try (React's development double run) would find it used up.
    if (!linkToken || usedToken.current === linkToken) return;
    usedToken.current = linkToken;
    // The token works once; it leaves the address bar (and the history) as soon as it is used.
    openSession(linkToken, { onSettled: () => navigate('/casetracking/case', { replace: true }) });
  }, [linkToken, openSession, navigate]);

  const notSignedIn =
    (applicantCase.error instanceof ApiError && applicantCase.error.status === 401) || session.isError;

  return (
    <main className={trackerStyles.page}>
      <section className={trackerStyles.card} aria-labelledby="case-heading">
        <div className={styles.toolbar}>
          <h1 id="case-heading" className={trackerStyles.title}>
            {t('caseView.title')}
          </h1>
          {applicantCase.isSuccess && (
            <Button
              variant="secondary"
              disabled={signOut.isPending}
              onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate('/casetracking') })}
            >
              {t('caseView.signOut')}
            </Button>
          )}
        </div>
        {notSignedIn ? (
          <>
            <FormError message={session.isError ? t('caseView.invalidLink') : t('caseView.notSignedIn')} />
            <p>
              <Link to="/casetracking">{t('caseView.lookUp')}</Link> {t('caseView.howToSignIn')}
            </p>
          </>
        ) : !signedIn || applicantCase.isPending ? (
          <LoadingState text={t('caseView.opening')} />
        ) : applicantCase.isError ? (
          <ErrorState message={t('caseView.loadFailed')} onRetry={() => void applicantCase.refetch()} />
        ) : (
          <p className={trackerStyles.intro}>{t('caseView.intro')}</p>
        )}
      </section>
      {applicantCase.isSuccess && (
        <>
          <section className={trackerStyles.card} aria-labelledby="checklist-heading">
            <h2 id="checklist-heading">{t('caseView.documents')}</h2>
            {applicantCase.data.documents.length === 0 ? (
              <EmptyState>{t('caseView.noDocuments')}</EmptyState>
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
  const { t, i18n } = useTranslation();
  return (
    <li className={styles.item} aria-label={item.name}>
      <h3>{item.name}</h3>
      {item.description && <p>{item.description}</p>}
      <p>
        <span className={`${panelStyles.status} ${item.status === 'requested' ? '' : panelStyles[item.status]}`}>
          {t(`caseView.status.${item.status}`)}
        </span>
        {item.uploadedAt && (
          <>
            {' '}
            <time dateTime={item.uploadedAt}>
              {t('caseView.sentOn', {
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
                  new Date(item.uploadedAt),
                ),
              })}
            </time>
          </>
        )}
      </p>
      {item.status === 'rejected' && item.reason && (
        <p className={styles.reason}>{t('caseView.reason', { reason: item.reason })}</p>
      )}
      {item.status !== 'accepted' && (
        <div className={styles.upload}>
          <label htmlFor={inputId}>
            {item.status === 'requested'
              ? t('caseView.send', { name: item.name })
              : t('caseView.sendAgain', { name: item.name })}
          </label>
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
          {send.isPending && <p role="status">{t('caseView.sending')}</p>}
          {send.isSuccess && !send.isPending && <p role="status">{t('caseView.sent')}</p>}
          <FormError
            message={
              send.isError
                ? applicantErrorText(send.error, t, t('caseView.sendFailed'), (error) =>
                    error.status === 413
                      ? t('caseView.fileTooLarge')
                      : error.status === 429
                        ? t('caseView.tooManyFiles')
                        : error.status === 400
                          ? t('caseView.fileRefused')
                          : null,
                  )
                : null
            }
          />
        </div>
      )}
    </li>
  );
}
