import { use, useSyncExternalStore } from 'react';
import {
  directionOf,
  LANGUAGE_COOKIE,
  type ApplicantLanguageCode,
} from '../../contracts/applicant-language-constants.js';
import { wordsOf, type Translate, type WordKey } from '../../contracts/words.js';
import {
  chooseLanguage,
  LANGUAGE_STORAGE_KEY,
  renderedLanguage,
  storedLanguage,
  VisitorLanguageContext,
} from '../lib/visitor-language.js';
import type { Catalogue } from './locales/en.js';

/**
 * The applicant screens' words in the applicant's language: the catalogues of web/cases/locales
 * read by the app's one lookup (contracts/words.ts), the language kept here and, on the server,
 * given per request (VisitorLanguageContext, web/entry-server.tsx).
 */

/** The applicant screens' languages, each named in itself. */
export const applicantLanguages = [
  { code: 'en', name: 'English' },
  { code: 'ar', name: 'العربية' },
  { code: 'hi', name: 'हिन्दी' },
] as const satisfies readonly { code: ApplicantLanguageCode; name: string }[];
export type ApplicantLanguage = ApplicantLanguageCode;

/** `section.key` of every applicant text. */
export type ApplicantKey = WordKey<Catalogue>;

/** The words of one language, its code and its direction. */
export type ApplicantWords = { t: Translate<Catalogue>; language: ApplicantLanguage; dir: 'ltr' | 'rtl' };

// One chunk per language, loaded when chosen: the tracker's first page carries none of them (the
// server preloads the one it rendered in, see entry-server.tsx).
const catalogueModules: Record<ApplicantLanguage, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./locales/en.js'),
  ar: () => import('./locales/ar.js'),
  hi: () => import('./locales/hi.js'),
};

const loading = new Map<ApplicantLanguage, Promise<ApplicantWords>>();

/** A language's words, downloaded once (the same promise each time, as React's `use` needs). */
function loadWords(language: ApplicantLanguage): Promise<ApplicantWords> {
  let promise = loading.get(language);
  if (!promise) {
    const download = catalogueModules[language]().then(
      (module) => ({ t: wordsOf(module.default), language, dir: directionOf(language) }),
      (error: unknown) => {
        // A failed download (offline) is tried again the next time it is asked for.
        loading.delete(language);
        throw error;
      },
    );
    // Marked done as React marks the promises it has seen, before React's own callbacks run: `use`
    // then reads the words at once, and a screen drawn (or replayed) after the download never suspends.
    download.then(
      (words) => Object.assign(download, { status: 'fulfilled', value: words }),
      () => {},
    );
    loading.set(language, download);
    promise = download;
  }
  return promise;
}

/** A language's lookup, downloaded once (the server's entry awaits it before it renders). */
export const loadCatalogue = async (language: ApplicantLanguage): Promise<ApplicantWords['t']> =>
  (await loadWords(language)).t;

// The browser's language: the page's as the server rendered it, else the remembered one, else the
// browser's. On the server it is never changed; each request's comes from VisitorLanguageContext.
let current: ApplicantLanguage = typeof window === 'undefined' ? 'en' : chooseLanguage();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentLanguage = () => current;

// Its words start downloading with this module, beside the page's code, not once the page renders.
if (typeof window !== 'undefined') void loadWords(current).catch(() => {});

/** The language on screen, as the API's `language` fields name it. */
export const applicantLanguage = (): ApplicantLanguage => current;

/**
 * The applicant's words: they suspend while the language's catalogue downloads (once). `use` is
 * called on every render, so a component React replays once the download is done calls the same hooks.
 */
export function useApplicantWords(): ApplicantWords {
  const browserLanguage = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return use(loadWords(use(VisitorLanguageContext) ?? browserLanguage));
}

/** Shows the applicant screens in this language, once its words are downloaded. */
export async function showLanguage(code: ApplicantLanguage): Promise<void> {
  await loadWords(code);
  current = code;
  for (const listener of listeners) listener();
}

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
  await showLanguage(code);
}

/**
 * After hydration: a choice remembered only in local storage (made before the cookie existed, or
 * the cookie cleared) wins over the language the server guessed from the browser's languages.
 */
export function followRememberedLanguage(): void {
  const stored = storedLanguage();
  if (stored && renderedLanguage() && stored !== current) void switchLanguage(stored);
}

/** `<html lang dir>` follow the language, so screen readers pronounce it and the layout mirrors for Arabic. */
export function applyDocumentLanguage(code: ApplicantLanguage): void {
  document.documentElement.lang = code;
  document.documentElement.dir = directionOf(code);
}
