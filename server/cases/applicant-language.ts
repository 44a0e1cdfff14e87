import {
  acceptedLanguage,
  directionOf,
  isApplicantLanguage,
  type ApplicantLanguageCode,
} from '../../contracts/applicant-language-constants.js';
import { wordsOf, type Translate, type WordKey } from '../../contracts/words.js';
import { isolate } from '../platform/bidi.js';
import ar from './email-locales/ar.js';
import en, { type EmailCatalogue } from './email-locales/en.js';
import hi from './email-locales/hi.js';

export { isApplicantLanguage };

/**
 * The language of an applicant's request: the body's `language` when it names a supported one (the
 * pages send the one on screen), else the first supported language of `Accept-Language` by its
 * weights, else English.
 */
export function requestLanguage(
  bodyLanguage: string | undefined,
  acceptLanguage: string | undefined,
): ApplicantLanguageCode {
  return isApplicantLanguage(bodyLanguage) ? bodyLanguage : acceptedLanguage(acceptLanguage);
}

/** The email catalogues, read as the applicant screens read theirs (contracts/words.ts), loaded at start (they are small). */
export const emailCatalogues: Record<ApplicantLanguageCode, EmailCatalogue> = { en, ar, hi };

/** `section.key` of every email text. */
export type EmailKey = WordKey<EmailCatalogue>;

/** Email texts, dates and numbers in one applicant language (an unknown code reads English). */
export type EmailWords = {
  language: ApplicantLanguageCode;
  dir: 'ltr' | 'rtl';
  t: Translate<EmailCatalogue>;
  date: (when: Date) => string;
  number: (value: number) => string;
  list: (items: string[]) => string;
};

export function emailWords(code: string): EmailWords {
  const language = isApplicantLanguage(code) ? code : 'en';
  // UTC: the server does not know the applicant's zone, and a date near midnight is off by at most a day.
  const dates = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
  const numbers = new Intl.NumberFormat(language);
  const lists = new Intl.ListFormat(language, { type: 'conjunction' });
  const dir = directionOf(language);
  // In a right-to-left email every inserted value (a case number, a name, a step as staff wrote
  // it, a date) is isolated, so its letters and the punctuation around it keep their order.
  // A value that holds isolated runs already (a list of steps joined with Arabic "and") is part of the sentence.
  const isolated = (value: string) => (/[\u2066-\u2069]/.test(value) ? value : isolate(value));
  const t = wordsOf(emailCatalogues[language], dir === 'rtl' ? isolated : undefined);
  return {
    language,
    dir,
    t,
    date: (when) => dates.format(when),
    number: (value) => numbers.format(value),
    list: (items) => lists.format(dir === 'rtl' ? items.map(isolate) : items),
  };
}
