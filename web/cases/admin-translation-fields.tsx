import {
  languageNames,
  translatedLanguages,
  type TranslatedLanguage,
  type Translations,
} from '../../contracts/case-languages.js';
import { TextField } from '../ui/field.js';
import styles from './admin-pages.module.css';

/**
 * What staff type for the applicants' other languages (issue 38): a name and, where the thing has
 * one, a description per language. English stays the thing's own required field; these are optional,
 * and an applicant whose language is left empty reads the English.
 */
export type TranslationDraft = Record<TranslatedLanguage, { name: string; description: string }>;

export const emptyTranslationDraft = (): TranslationDraft => ({
  ar: { name: '', description: '' },
  hi: { name: '', description: '' },
});

/** The stored translations as the form's fields. */
export function translationDraft(translations: Translations | null | undefined): TranslationDraft {
  const draft = emptyTranslationDraft();
  for (const language of translatedLanguages) {
    draft[language].name = translations?.[language]?.name ?? '';
    draft[language].description = translations?.[language]?.description ?? '';
  }
  return draft;
}

/**
 * The request's `translations`: every field sent, so a field emptied removes that translation on an
 * edit (the server's mergeTranslations) and is simply absent on a create.
 */
export function translationsBody(
  draft: TranslationDraft,
  withDescription: boolean,
): Record<TranslatedLanguage, { name: string; description?: string }> {
  const body = {} as Record<TranslatedLanguage, { name: string; description?: string }>;
  for (const language of translatedLanguages)
    body[language] = withDescription
      ? { name: draft[language].name.trim(), description: draft[language].description.trim() }
      : { name: draft[language].name.trim() };
  return body;
}

/** Arabic is written right to left; each field says its language so screen readers pronounce it. */
const direction: Record<TranslatedLanguage, 'rtl' | 'ltr'> = { ar: 'rtl', hi: 'ltr' };

/** The Arabic and Hindi fields of a form, beside its English ones. */
export function TranslationFields({
  value,
  onChange,
  what,
  nameMax,
  descriptionMax,
  disabled,
}: {
  value: TranslationDraft;
  onChange: (draft: TranslationDraft) => void;
  /** What is translated, lower case: "service", "step", "document". */
  what: string;
  nameMax: number;
  /** Set when the thing has a description to translate. */
  descriptionMax?: number;
  disabled?: boolean;
}) {
  const set = (language: TranslatedLanguage, field: 'name' | 'description', text: string) =>
    onChange({ ...value, [language]: { ...value[language], [field]: text } });
  return (
    <fieldset className={styles.translations}>
      <legend>The {what} in Arabic and Hindi (optional: where a field is empty, applicants read the English)</legend>
      {translatedLanguages.map((language) => (
        <div key={language} className={styles.translationLanguage}>
          <TextField
            label={`Name in ${languageNames[language]}`}
            name={`translations.${language}.name`}
            autoComplete="off"
            lang={language}
            dir={direction[language]}
            maxLength={nameMax}
            disabled={disabled}
            value={value[language].name}
            onChange={(event) => set(language, 'name', event.target.value)}
          />
          {descriptionMax !== undefined && (
            <TextField
              label={`Description in ${languageNames[language]}`}
              name={`translations.${language}.description`}
              autoComplete="off"
              lang={language}
              dir={direction[language]}
              maxLength={descriptionMax}
              disabled={disabled}
              value={value[language].description}
              onChange={(event) => set(language, 'description', event.target.value)}
            />
          )}
        </div>
      ))}
    </fieldset>
  );
}
