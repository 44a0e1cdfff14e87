import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { applicantLanguages, switchLanguage, type ApplicantLanguage } from './applicant-i18n.js';

/** The applicant's language, kept in local storage for the next visit. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <span className={className}>
      <label htmlFor={id} className="visually-hidden">
        {t('shell.language')}
      </label>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => void switchLanguage(event.target.value as ApplicantLanguage)}
      >
        {applicantLanguages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </span>
  );
}
