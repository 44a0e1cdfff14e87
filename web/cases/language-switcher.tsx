import { useId } from 'react';
import { applicantLanguages, switchLanguage, useApplicantWords, type ApplicantLanguage } from './applicant-words.js';

/** The applicant's language, kept in local storage for the next visit. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, language } = useApplicantWords();
  const id = useId();
  return (
    <span className={className}>
      <label htmlFor={id} className="visually-hidden">
        {t('shell.language')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => void switchLanguage(event.target.value as ApplicantLanguage)}
      >
        {applicantLanguages.map((choice) => (
          <option key={choice.code} value={choice.code} lang={choice.code}>
            {choice.name}
          </option>
        ))}
      </select>
    </span>
  );
}
