/**
 * The applicants' languages and the staff's words in them, without zod (the front end imports this).
 *
 * Staff write a service's name, a step's name and description, a document's name and description and
 * a refusal reason in English (the fallback) and, field by field, in each other language applicants
 * read. An applicant screen or email shows the words in its language where staff wrote them, and the
 * English where they did not (issue 38: Arabic pages showed every staff-written word in English).
 */

/** Every language an applicant reads their screens and emails in; English first, the fallback. */
export const applicantLanguages = ['en', 'ar', 'hi'] as const;
export type ApplicantLanguage = (typeof applicantLanguages)[number];

/** The languages staff translate their words into (English is the field itself). */
export const translatedLanguages = ['ar', 'hi'] as const;
export type TranslatedLanguage = (typeof translatedLanguages)[number];

/** How staff screens name each language. */
export const languageNames: Record<ApplicantLanguage, string> = { en: 'English', ar: 'Arabic', hi: 'Hindi' };

/** The fields staff translate: a name (a service's, a step's, a document's, a refusal reason's text) and a description. */
export type TranslatedFields = { name?: string; description?: string };
/** A thing's words in the other languages; a language or field left out falls back to English. */
export type Translations = Partial<Record<TranslatedLanguage, TranslatedFields>>;

/**
 * The words to show in `language`: the translation when staff wrote one, else the English.
 * `fallback` says the English was used, so a screen can mark the words `lang="en"`.
 */
export function inLanguage(
  english: string,
  translations: Translations | null | undefined,
  language: string,
  field: keyof TranslatedFields = 'name',
): { text: string; fallback: boolean } {
  if (language === 'en') return { text: english, fallback: false };
  const translated = translations?.[language as TranslatedLanguage]?.[field]?.trim();
  return translated ? { text: translated, fallback: false } : { text: english, fallback: true };
}

/**
 * Which translations are missing: for each other language, the fields that have English words but
 * none in that language. Staff screens show it ("Arabic: name, description missing").
 */
export function missingTranslations(
  english: Partial<Record<keyof TranslatedFields, string | null | undefined>>,
  translations: Translations | null | undefined,
): Record<TranslatedLanguage, (keyof TranslatedFields)[]> {
  const missing = { ar: [], hi: [] } as Record<TranslatedLanguage, (keyof TranslatedFields)[]>;
  for (const language of translatedLanguages)
    for (const field of ['name', 'description'] as const)
      if (english[field]?.trim() && !translations?.[language]?.[field]?.trim()) missing[language].push(field);
  return missing;
}

const arabicIndic = 0x0660;
const easternArabicIndic = 0x06f0;
const devanagari = 0x0966;

/**
 * Arabic-Indic (٠١٢…), Eastern Arabic-Indic (۰۱۲…) and Devanagari (०१२…) digits as ASCII digits: a
 * passport or case number typed on an Arabic or Hindi keyboard is the same number (issue 38).
 */
export function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = code >= devanagari ? devanagari : code >= easternArabicIndic ? easternArabicIndic : arabicIndic;
    return String(code - zero);
  });
}

/**
 * A case number as the lookup compares it: ASCII digits, upper case, without spaces or dashes (any
 * dash: a phone's keyboard may type "–"). "pw 2026 k7m2qx" and "PW-2026-K7M2QX" are one case.
 */
export const compactCaseNumber = (text: string) =>
  asciiDigits(text)
    .toUpperCase()
    .replace(/[\s\u2010-\u2015-]+/g, '');

/** A passport number as the lookup compares it: ASCII digits, upper case, no spaces, dashes or dots. */
export const compactPassportNumber = (text: string) =>
  asciiDigits(text)
    .toUpperCase()
    .replace(/[\s\u2010-\u2015.-]+/g, '');
