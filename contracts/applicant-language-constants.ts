/**
 * The applicant screens' languages, zod-free: the server picks the tracker's first page's language
 * with these (web/entry-server.tsx), the emails' too (server/cases/applicant-language.ts).
 */
export const applicantLanguageCodes = ['en', 'ar', 'hi'] as const;
export type ApplicantLanguageCode = (typeof applicantLanguageCodes)[number];

/**
 * The cookie the language switcher writes beside local storage, so the server renders the
 * applicant's next first page in the language chosen (decision 032).
 */
export const LANGUAGE_COOKIE = 'pathway.language';

/** Arabic is written right to left; English and Hindi left to right. */
export const directionOf = (language: ApplicantLanguageCode): 'ltr' | 'rtl' => (language === 'ar' ? 'rtl' : 'ltr');

export const isApplicantLanguage = (code: string | null | undefined): code is ApplicantLanguageCode =>
  applicantLanguageCodes.some((known) => known === code);

/** The first supported language of an `Accept-Language` header by its weights, else English. */
export function acceptedLanguage(acceptLanguage: string | undefined): ApplicantLanguageCode {
  const ranked = (acceptLanguage ?? '')
    .slice(0, 500)
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const weight = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { base: tag.toLowerCase().split('-')[0], q: weight === undefined ? 1 : Number(weight), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isApplicantLanguage) ?? 'en';
}

/** The value of the language cookie in a `Cookie` header, if it names a supported language. */
export function cookieLanguage(cookieHeader: string | undefined): ApplicantLanguageCode | undefined {
  for (const pair of (cookieHeader ?? '').slice(0, 4096).split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === LANGUAGE_COOKIE && isApplicantLanguage(value)) return value;
  }
  return undefined;
}
