import { useScreenWords } from './applicant-words.js';
import type { ApplicantLicence } from '../../contracts/case-licences.js';
import { FormError } from '../ui/states.js';
import { useShowLicenceOnProfile } from './applicant-case-api.js';
import { applicantErrorText } from './applicant-errors.js';
import styles from './applicant-case-page.module.css';
import trackerStyles from './tracker-page.module.css';
import { formatDay } from '../lib/dates.js';

/**
 * The licences the case produced (issue 41), each with the applicant's own choice to show it on her
 * network profile. A case without a licence shows nothing: most have none yet.
 */
export function ApplicantLicences({ licences }: { licences: readonly ApplicantLicence[] }) {
  const { t } = useScreenWords();
  if (licences.length === 0) return null;
  return (
    <section className={trackerStyles.card} aria-labelledby="licences-heading">
      <h2 id="licences-heading" className={trackerStyles.title}>
        {t('licences.title')}
      </h2>
      <ul className={styles.licences}>
        {licences.map((licence) => (
          <LicenceEntry key={licence.id} licence={licence} />
        ))}
      </ul>
    </section>
  );
}

function LicenceEntry({ licence }: { licence: ApplicantLicence }) {
  const { t, language } = useScreenWords();
  const show = useShowLicenceOnProfile();
  const expires = formatDay(licence.expiresOn, language);
  const name = `${licence.authority} ${licence.licenceType}`;
  // Only a valid licence can go on the profile; one shown can always be taken off.
  const canChange = licence.status === 'valid' || licence.shownOnProfile;
  return (
    <li aria-label={name} className={styles.licence}>
      <strong dir="auto">{name}</strong>
      <span>
        {t(`licences.status.${licence.status}`)} · {t('licences.expires', { date: expires })}
      </span>
      <label className={styles.licenceSwitch}>
        <input
          type="checkbox"
          role="switch"
          checked={licence.shownOnProfile}
          disabled={!canChange || show.isPending}
          onChange={(event) => show.mutate({ id: licence.id, show: event.target.checked })}
        />
        {t('licences.showOnProfile')}
      </label>
      {show.isError && (
        <FormError
          message={applicantErrorText(show.error, t, t('licences.failed'), (error) =>
            error.code === 'NO_LINKED_MEMBER'
              ? t('licences.noMember')
              : error.code === 'LICENCE_NOT_VALID'
                ? t('licences.notValid')
                : null,
          )}
        />
      )}
    </li>
  );
}
