import { formatDay, formatTime } from '../lib/dates.js';
import { useScreenWords } from './applicant-words.js';
import { LinkedAccounts, type LinkedAccountsTexts } from '../ui/linked-accounts.js';
import { FormError } from '../ui/states.js';
import { applicantLinks, useShareReadiness } from './applicant-case-api.js';
import styles from './applicant-case-page.module.css';
import { applicantErrorText } from './applicant-errors.js';
import trackerStyles from './tracker-page.module.css';

/**
 * The applicant's linked accounts (issue 41), on her case page in its language: the case links
 * with her network account by the address her sign-in proved, or with any account by a code.
 */
export function ApplicantLinkedAccounts({ readinessShared }: { readinessShared: boolean }) {
  const { t, language } = useScreenWords();
  const texts: LinkedAccountsTexts = {
    title: t('links.title'),
    intro: t('links.intro'),
    loading: t('links.loading'),
    loadFailed: t('links.loadFailed'),
    none: t('links.none'),
    areas: { network: t('links.areas.network'), lms: t('links.areas.lms'), cases: t('links.areas.cases') },
    thisAccount: t('links.thisAccount'),
    linkedOn: (date) => t('links.linkedOn', { date }),
    remove: t('links.remove'),
    removeMessage: (label) => t('links.removeMessage', { label }),
    keep: t('links.keep'),
    removing: t('links.removing'),
    removeFailed: t('links.removeFailed'),
    byAddress: () => t('links.byAddress'),
    codeTitle: t('links.codeTitle'),
    codeHelp: t('links.codeHelp'),
    getCode: t('links.getCode'),
    yourCode: (code, until) => t('links.yourCode', { code, until }),
    codeFailed: t('links.codeFailed'),
    codeLabel: t('links.codeLabel'),
    link: t('links.link'),
    linking: t('links.linking'),
    linkFailed: t('links.linkFailed'),
    journey: t('links.journey'),
  };
  return (
    <>
      <LinkedAccounts
        client={applicantLinks}
        byAddress={['network']}
        texts={texts}
        language={language}
        // In the zone every applicant screen writes, named (web/lib/dates.ts), not the phone's unnamed one.
        dates={{ day: (iso) => formatDay(iso, language, 'medium'), time: (iso) => formatTime(iso, language) }}
        className={trackerStyles.card}
        titleClassName={trackerStyles.title}
        journeyHref="/casetracking/journey"
        describeError={(error, fallback) =>
          applicantErrorText(error, t, fallback, (refusal) =>
            refusal.code === 'NO_ACCOUNT_WITH_THIS_EMAIL'
              ? t('links.noMember')
              : refusal.code === 'LINK_CODE_INVALID' || refusal.code === 'LINK_CODE_SELF'
                ? t('links.badCode')
                : null,
          )
        }
      />
      <ReadinessSharing shared={readinessShared} />
    </>
  );
}

/**
 * The applicant's consent for staff to see her linked learning account's readiness (issue 41): off
 * until she turns it on, and taken back as easily.
 */
function ReadinessSharing({ shared }: { shared: boolean }) {
  const { t } = useScreenWords();
  const share = useShareReadiness();
  return (
    <section className={trackerStyles.card} aria-labelledby="readiness-sharing-heading">
      <h2 id="readiness-sharing-heading" className={trackerStyles.title}>
        {t('links.sharingTitle')}
      </h2>
      <p>{t('links.sharingHelp')}</p>
      <label className={styles.licenceSwitch}>
        <input
          type="checkbox"
          role="switch"
          checked={shared}
          disabled={share.isPending}
          onChange={(event) => share.mutate(event.target.checked)}
        />
        {t('links.sharingSwitch')}
      </label>
      {share.isError && <FormError message={applicantErrorText(share.error, t, t('links.sharingFailed'))} />}
    </section>
  );
}
