import { useScreenWords } from './applicant-words.js';
import { useParams } from '../lib/routing.js';
import type { LicenceStatus } from '../../contracts/case-licences-constants.js';
import { ErrorState, LoadingState } from '../ui/states.js';
import { applicantErrorText } from './applicant-errors.js';
import { useLicenceVerification } from './licence-verify-api.js';
import styles from './licence-verify-page.module.css';
import trackerStyles from './tracker-page.module.css';
import { formatDay } from '../lib/dates.js';

const toneOf: Record<LicenceStatus, string | undefined> = {
  valid: styles.valid,
  expired: styles.expired,
  revoked: styles.revoked,
};

/**
 * A licence's public verify page (issue 41, decision 037): valid, expired or revoked, with the public
 * fields the server gives and nothing else. Anyone holding the address may open it.
 */
export default function LicenceVerifyPage() {
  const credentialId = useParams().credentialId ?? '';
  const verification = useLicenceVerification(credentialId);
  const { t, language } = useScreenWords();
  const date = (iso: string) => formatDay(iso, language);

  return (
    <main className={trackerStyles.page}>
      <section className={trackerStyles.card} aria-labelledby="licence-heading">
        <h1 id="licence-heading" className={trackerStyles.title}>
          {t('titles.licenceVerify')}
        </h1>
        {verification.isPending ? (
          <LoadingState text={t('licenceVerify.loading')} />
        ) : verification.isError ? (
          <ErrorState
            message={applicantErrorText(verification.error, t, t('licenceVerify.failed'), (error) =>
              error.status === 404 || error.status === 400 ? t('licenceVerify.unknown') : null,
            )}
            onRetry={() => void verification.refetch()}
          />
        ) : (
          <>
            <p role="status" className={`${styles.verdict} ${toneOf[verification.data.status] ?? ''}`}>
              {t(`licenceVerify.status.${verification.data.status}`)}
            </p>
            <dl className={styles.fields}>
              <dt>{t('licenceVerify.holder')}</dt>
              <dd>{verification.data.holderName}</dd>
              <dt>{t('licenceVerify.authority')}</dt>
              <dd>{verification.data.authority}</dd>
              <dt>{t('licenceVerify.licenceType')}</dt>
              <dd>{verification.data.licenceType}</dd>
              <dt>{t('licenceVerify.issuedOn')}</dt>
              <dd>{date(verification.data.issuedOn)}</dd>
              <dt>{t('licenceVerify.expiresOn')}</dt>
              <dd>{date(verification.data.expiresOn)}</dd>
              {verification.data.revokedOn ? (
                <>
                  <dt>{t('licenceVerify.revokedOn')}</dt>
                  <dd>{date(verification.data.revokedOn)}</dd>
                </>
              ) : null}
              <dt>{t('licenceVerify.issuer')}</dt>
              <dd>{verification.data.issuer}</dd>
            </dl>
            {verification.data.status !== 'revoked' ? (
              <p className={trackerStyles.intro}>
                {t('licenceVerify.credentialIntro')}{' '}
                <a href={verification.data.credentialUrl}>{t('licenceVerify.credentialLink')}</a>
              </p>
            ) : null}
          </>
        )}
      </section>
    </main>
  );
}
