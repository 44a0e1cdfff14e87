import { useEffect, useId, useRef, useState } from 'react';
import { useScreenWords } from './applicant-words.js';
import { Link, useNavigate, useSearchParams } from '../lib/routing.js';
import type { ChecklistItem } from '../../contracts/case-documents.js';
import { inLanguage } from '../../contracts/case-languages.js';
import { DOCUMENT_ACCEPT } from '../../contracts/cases-constants.js';
import { ApiError } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { EmptyState, ErrorState, FormError, LoadingState } from '../ui/states.js';
import { useApplicantCase, useOpenSession, useSendDocument, useSignOut } from './applicant-case-api.js';
import { ApplicantLicences } from './applicant-licences.js';
import { ApplicantLinkedAccounts } from './applicant-linked-accounts.js';
import { applicantErrorText } from './applicant-errors.js';
import panelStyles from './admin-case-documents-panel.module.css';
import styles from './applicant-case-page.module.css';
import { CaseNextStep } from './case-next-step.js';
import { CaseProgressTracker } from './case-progress-tracker.js';
import { usePublicConfig } from '../lib/public-config.js';
import trackerStyles from './tracker-page.module.css';
import { formatDayAndTime } from '../lib/dates.js';

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
  const { t } = useScreenWords();

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
            {t('titles.caseView')}
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
          <CaseNextStep
            status={applicantCase.data.status}
            owner={applicantCase.data.owner}
            documents={applicantCase.data.documentsSummary}
            sendFrom="case page"
          />
          <Checklist items={applicantCase.data.documents} />
          <ApplicantLicences licences={applicantCase.data.licences} />
          <CaseProgressTracker progress={applicantCase.data} />
          <ApplicantLinkedAccounts readinessShared={applicantCase.data.readinessSharedWithStaff} />
        </>
      )}
    </main>
  );
}

/** Required first, then optional, each in the order staff listed them (issue 38). */
const byRequired = (items: readonly ChecklistItem[]) =>
  [...items].sort((a, b) => Number(b.required) - Number(a.required));

/**
 * The document checklist. The page opens at it (the applicant came to send documents), and after a
 * file is sent it stays where it is: the sent document's new status is announced, and focus moves
 * on to the next document still needed (issue 38: the page used to scroll to the progress below).
 */
function Checklist({ items }: { items: readonly ChecklistItem[] }) {
  const { t } = useScreenWords();
  const heading = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const ordered = byRequired(items);
  const refs = useRef(new Map<string, HTMLLIElement>());
  const keyOf = (item: ChecklistItem) => `${item.serviceId}-${item.documentId}`;
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
  }, []);
  const onSent = (sent: ChecklistItem, name: string) => {
    setAnnouncement(t('caseView.nowStatus', { name, status: t('caseView.status.uploaded') }));
    const next = ordered.find(
      (item) => keyOf(item) !== keyOf(sent) && (item.status === 'requested' || item.status === 'rejected'),
    );
    // Focus without scrolling the page: the next entry is focused where it is.
    if (next) refs.current.get(keyOf(next))?.focus({ preventScroll: true });
  };
  return (
    <section className={trackerStyles.card} aria-labelledby="checklist-heading">
      <h2 id="checklist-heading" ref={heading} tabIndex={-1}>
        {t('caseView.documents')}
      </h2>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      {ordered.length === 0 ? (
        <EmptyState>{t('caseView.noDocuments')}</EmptyState>
      ) : (
        <ul className={styles.items}>
          {ordered.map((item) => (
            <ChecklistEntry
              key={keyOf(item)}
              item={item}
              onSent={onSent}
              ref={(element) => {
                if (element) refs.current.set(keyOf(item), element);
                else refs.current.delete(keyOf(item));
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

const formatSize = (bytes: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
    bytes / 1_000_000,
  );

function ChecklistEntry({
  item,
  onSent,
  ref,
}: {
  item: ChecklistItem;
  onSent: (item: ChecklistItem, name: string) => void;
  ref: (element: HTMLLIElement | null) => void;
}) {
  const send = useSendDocument();
  const cameraId = useId();
  const fileId = useId();
  const { t, language } = useScreenWords();
  const maxBytes = usePublicConfig().data?.caseDocumentMaxBytes;
  const [progress, setProgress] = useState<number | null>(null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ url: string | null; name: string } | null>(null);
  useEffect(() => () => void (preview?.url && URL.revokeObjectURL(preview.url)), [preview]);
  const name = inLanguage(item.name, item.translations, language);
  const description = item.description
    ? inLanguage(item.description, item.translations, language, 'description')
    : null;
  const reason = item.reason ? inLanguage(item.reason, item.reasonTranslations, language) : null;
  const choose = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    // Checked before sending: a phone's 20 MB photo is refused at once, not after a long upload.
    if (maxBytes !== undefined && file.size > maxBytes) {
      setTooLarge(
        t('caseView.tooLargeBefore', {
          size: formatSize(file.size, language),
          max: formatSize(maxBytes, language),
        }),
      );
      input.value = '';
      return;
    }
    setTooLarge(null);
    setProgress(0);
    send.mutate(
      { documentId: item.documentId, file, onProgress: setProgress },
      {
        onSuccess: () => {
          setPreview({ url: file.type.startsWith('image/') ? URL.createObjectURL(file) : null, name: file.name });
          onSent(item, name.text);
        },
        onSettled: () => {
          input.value = '';
          setProgress(null);
        },
      },
    );
  };
  return (
    <li className={styles.item} aria-label={name.text} ref={ref} tabIndex={-1}>
      <h3 dir="auto" lang={name.fallback ? 'en' : undefined}>
        {name.text}{' '}
        <span className={item.required ? styles.required : styles.optional}>
          {item.required ? t('caseView.required') : t('caseView.optional')}
        </span>
      </h3>
      {description && (
        <p dir="auto" lang={description.fallback ? 'en' : undefined}>
          {description.text}
        </p>
      )}
      <p>
        <span className={`${panelStyles.status} ${item.status === 'requested' ? '' : panelStyles[item.status]}`}>
          {t(`caseView.status.${item.status}`)}
        </span>
        {item.uploadedAt && (
          <>
            {' '}
            <time dateTime={item.uploadedAt}>
              {t('caseView.sentOn', {
                date: formatDayAndTime(item.uploadedAt, language),
              })}
            </time>
          </>
        )}
      </p>
      {item.status === 'rejected' && reason && (
        <p className={styles.reason} dir="auto" lang={reason.fallback ? 'en' : undefined}>
          {t('caseView.reason', { reason: reason.text })}
        </p>
      )}
      {preview && (
        <p className={styles.sentFile}>
          {preview.url && <img src={preview.url} alt="" className={styles.thumbnail} />}
          <span dir="auto">{t('caseView.sentFile', { file: preview.name })}</span>
        </p>
      )}
      {item.status !== 'accepted' && (
        <div className={styles.upload}>
          <p className={styles.uploadLabel} id={`${fileId}-label`}>
            {item.status === 'requested'
              ? t('caseView.send', { name: name.text })
              : t('caseView.sendAgain', { name: name.text })}
          </p>
          <div className={styles.uploadButtons}>
            {/* Phones open the camera for `capture`; the label is the large control, the input is hidden. */}
            <label htmlFor={cameraId} className={styles.uploadButton} data-busy={send.isPending}>
              {t('caseView.takePhoto')}
            </label>
            <input
              id={cameraId}
              className="visually-hidden"
              type="file"
              accept="image/*"
              capture="environment"
              aria-describedby={`${fileId}-label ${fileId}-hint`}
              disabled={send.isPending}
              onChange={(event) => choose(event.currentTarget)}
            />
            <label
              id={`${fileId}-choose`}
              htmlFor={fileId}
              className={`${styles.uploadButton} ${styles.secondary}`}
              data-busy={send.isPending}
            >
              {t('caseView.chooseFile')}
            </label>
            <input
              id={fileId}
              className="visually-hidden"
              type="file"
              accept={DOCUMENT_ACCEPT}
              // Named "Send <document>, Choose a file": what it does, then the control's own words.
              aria-labelledby={`${fileId}-label ${fileId}-choose`}
              aria-describedby={`${fileId}-hint`}
              disabled={send.isPending}
              onChange={(event) => choose(event.currentTarget)}
            />
          </div>
          <p id={`${fileId}-hint`} className={styles.hint}>
            {t('caseView.formats', { size: maxBytes === undefined ? '…' : formatSize(maxBytes, language) })}
          </p>
          {progress !== null && (
            <progress
              className={styles.progress}
              max={1}
              value={progress}
              aria-label={t('caseView.progress', { name: name.text })}
            />
          )}
          {send.isPending && <p role="status">{t('caseView.sending')}</p>}
          <FormError message={tooLarge} />
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
