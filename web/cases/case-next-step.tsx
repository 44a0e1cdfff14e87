import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import { useScreenWords } from './applicant-words.js';
import type { CaseProgress, DocumentsSummary } from '../../contracts/cases.js';
import { usePublicConfig } from '../lib/public-config.js';
import styles from './case-next-step.module.css';

/**
 * What the applicant should know first (issue 38), at the top of the tracker's result and of their
 * case page: a finished case says so and what comes next; otherwise whether anything is needed from
 * them ("Action needed": documents missing or refused, with the way to send them), and who to ask.
 */
export function CaseNextStep({
  status,
  owner,
  documents,
  sendFrom,
}: {
  status: CaseProgress['status'];
  owner: CaseProgress['owner'];
  documents: DocumentsSummary;
  /**
   * Where the applicant sends documents: on the tracker they sign in first; on their case page they
   * are signed in, and the link takes them to the checklist (never "Sign in" to someone signed in).
   */
  sendFrom: 'tracker' | 'case page';
}) {
  const { t, language } = useScreenWords();
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  const actionNeeded = documents.missing > 0 || documents.rejected > 0;
  // Completed with documents still to send (a one-step service) is not finished for the applicant.
  const finished = isFinished(status, documents);
  const contact = usePublicConfig().data?.caseContact;
  const hasContact = Boolean(owner || contact?.phone || contact?.whatsapp || contact?.email);
  // Nothing to say (no documents asked for, nobody to name): nothing drawn.
  if (!finished && !actionNeeded && documents.required === 0 && !hasContact) return null;
  return (
    <section
      className={styles.summary}
      aria-labelledby={finished || actionNeeded ? 'next-step-heading' : undefined}
      aria-label={finished || actionNeeded ? undefined : t('progress.contactHeading')}
    >
      {finished ? (
        <div className={`${styles.notice} ${styles.finished}`}>
          <CircleCheck aria-hidden="true" size={22} className={styles.icon} />
          <div>
            <h2 id="next-step-heading">{t('progress.finishedHeading')}</h2>
            <p>{t('progress.finishedText')}</p>
          </div>
        </div>
      ) : actionNeeded ? (
        <div className={`${styles.notice} ${styles.action}`}>
          <CircleAlert aria-hidden="true" size={22} className={styles.icon} />
          <div>
            <h2 id="next-step-heading">{t('progress.actionHeading')}</h2>
            <ul>
              {documents.missing > 0 && <li>{t('progress.actionMissing', { count: number(documents.missing) })}</li>}
              {documents.rejected > 0 && <li>{t('progress.actionRejected', { count: number(documents.rejected) })}</li>}
            </ul>
            {sendFrom === 'tracker' ? (
              <a className={styles.cta} href="#send-documents">
                {t('progress.actionSignIn')}
              </a>
            ) : (
              <a className={styles.cta} href="#checklist-heading">
                {t('progress.actionSend')}
              </a>
            )}
          </div>
        </div>
      ) : null}
      {documents.required > 0 && (
        <p className={styles.facts}>
          {t('progress.requiredAccepted', {
            accepted: number(documents.requiredAccepted),
            total: number(documents.required),
          })}
          {documents.awaitingReview > 0 && (
            <>
              {' · '}
              {t('progress.awaitingReview', { count: number(documents.awaitingReview) })}
            </>
          )}
        </p>
      )}
      <CaseContact owner={owner} />
    </section>
  );
}

/** Every service done and nothing left to send or review: the case is finished for the applicant. */
export const isFinished = (status: CaseProgress['status'], documents: DocumentsSummary) =>
  status === 'Completed' && documents.missing + documents.rejected + documents.awaitingReview === 0;

/** The case officer's name and the agency's phone, WhatsApp and email (operator settings). */
export function CaseContact({ owner }: { owner: CaseProgress['owner'] }) {
  const { t } = useScreenWords();
  const contact = usePublicConfig().data?.caseContact;
  if (!owner && !contact?.phone && !contact?.whatsapp && !contact?.email) return null;
  return (
    <div className={styles.contact}>
      <h3>{t('progress.contactHeading')}</h3>
      {owner && <p dir="auto">{t('progress.owner', { name: owner.name })}</p>}
      <ul>
        {contact?.phone && (
          <li>
            {t('progress.phone')}:{' '}
            <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
              {contact.phone}
            </a>
          </li>
        )}
        {contact?.whatsapp && (
          <li>
            {t('progress.whatsapp')}:{' '}
            <a href={`https://wa.me/${contact.whatsapp}`} dir="ltr">
              +{contact.whatsapp}
            </a>
          </li>
        )}
        {contact?.email && (
          <li>
            {t('progress.email')}:{' '}
            <a href={`mailto:${contact.email}`} dir="ltr">
              {contact.email}
            </a>
          </li>
        )}
      </ul>
    </div>
  );
}
