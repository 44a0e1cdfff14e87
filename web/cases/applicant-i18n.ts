import { createInstance, type BackendModule, type i18n, type ResourceKey } from 'i18next';
import { createContext } from 'react';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_COOKIE } from '../../contracts/applicant-language-constants.js';
import { chooseLanguage, LANGUAGE_STORAGE_KEY, renderedLanguage, storedLanguage } from '../lib/visitor-language.js';

/** The applicant screens' languages, each named in itself. */
export const applicantLanguages = [
  { code: 'en', name: 'English' },
  { code: 'ar', name: 'العربية' },
  { code: 'hi', name: 'हिन्दी' },
] as const;
export type ApplicantLanguage = (typeof applicantLanguages)[number]['code'];

const isSupported = (code: string | null | undefined): code is ApplicantLanguage =>
  applicantLanguages.some((language) => language.code === code);

// One chunk per language, loaded when chosen: the tracker's first page carries none of them.
const catalogues: Record<ApplicantLanguage, () => Promise<{ default: unknown }>> = {
  en: () => import('./locales/en.js'),
  ar: () => import('./locales/ar.js'),
  hi: () => import('./locales/hi.js'),
};

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, _namespace, callback) {
    const load = isSupported(language) ? catalogues[language] : catalogues.en;
    load().then(
      (module) => callback(null, module.default as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const applicantI18n = createInstance();
void applicantI18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    lng: typeof window === 'undefined' ? 'en' : chooseLanguage(),
    fallbackLng: false,
    supportedLngs: applicantLanguages.map((language) => language.code),
    ns: ['applicant'],
    defaultNS: 'applicant',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

/** The language on screen, as the API's `language` fields name it. */
export const applicantLanguage = (): ApplicantLanguage =>
  isSupported(applicantI18n.language) ? applicantI18n.language : 'en';

/**
 * Changes the language and remembers it for the next visit: in local storage for this browser's
 * screens and in a cookie for the server, which renders the next first page in it.
 */
export async function switchLanguage(code: ApplicantLanguage): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Not remembered, still switched.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${code}; path=/; max-age=31536000; samesite=lax`;
  await applicantI18n.changeLanguage(code);
}

/**
 * After hydration: a choice remembered only in local storage (made before the cookie existed, or
 * the cookie cleared) wins over the language the server guessed from the browser's languages.
 */
export function followRememberedLanguage(): void {
  const stored = storedLanguage();
  if (stored && renderedLanguage() && stored !== applicantI18n.language) void switchLanguage(stored);
}

/**
 * The i18next instance the applicant screens read: this one in the browser, one per request on the
 * server (web/entry-server.tsx), where requests in different languages render at the same time.
 */
export const ApplicantI18nContext = createContext<i18n>(applicantI18n);

/** `<html lang dir>` follow the language, so screen readers pronounce it and the layout mirrors for Arabic. */
export function applyDocumentLanguage(code: string): void {
  document.documentElement.lang = code;
  document.documentElement.dir = applicantI18n.dir(code);
}
