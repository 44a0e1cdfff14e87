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
import type { ScreenCatalogue } from './locales/screens/en.js';

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

/** `section.key` of every text of the tracker's first screen (and the other screens' titles). */
export type ApplicantKey = WordKey<Catalogue>;

/** The words of one language, its code and its direction. */
export type ApplicantWords<Words extends Catalogue = Catalogue> = {
  t: Translate<Words>;
  language: ApplicantLanguage;
  dir: 'ltr' | 'rtl';
};

/** Every applicant text: the first screen's and the other screens' (their sections do not overlap). */
export type ScreenWords = ApplicantWords<Catalogue & ScreenCatalogue>;

// One chunk per language, loaded when chosen: the tracker's first page carries none of them (the
// server preloads the one it rendered in, see entry-server.tsx).
const catalogueModules: Record<ApplicantLanguage, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./locales/en.js'),
  ar: () => import('./locales/ar.js'),
  hi: () => import('./locales/hi.js'),
};

// The words of the screens after the tracker's form (a lookup's result, the case, the journey), one
// chunk per language too, downloaded by those screens as they draw (issue 42: the tracker's first
// page downloads only the form's words; on the server, a result drawn there waits for them).
const screenCatalogueModules: Record<ApplicantLanguage, () => Promise<{ default: ScreenCatalogue }>> = {
  en: () => import('./locales/screens/en.js'),
  ar: () => import('./locales/screens/ar.js'),
  hi: () => import('./locales/screens/hi.js'),
};

/**
 * A download kept once per key (the same promise each time, as React's `use` needs): a failed one
 * (offline) is tried again the next time it is asked for.
 */
function downloadOnce<Value>(
  loading: Map<ApplicantLanguage, Promise<Value>>,
  language: ApplicantLanguage,
  download: () => Promise<Value>,
): Promise<Value> {
  let promise = loading.get(language);
  if (!promise) {
    const started = download().catch((error: unknown) => {
      loading.delete(language);
      throw error;
    });
    // Marked done as React marks the promises it has seen, before React's own callbacks run: `use`
    // then reads the words at once, and a screen drawn (or replayed) after the download never suspends.
    started.then(
      (value) => Object.assign(started, { status: 'fulfilled', value }),
      () => {},
    );
    loading.set(language, started);
    promise = started;
  }
  return promise;
}

const loading = new Map<ApplicantLanguage, Promise<ApplicantWords>>();

/** A language's words of the first screen, downloaded once. */
function loadWords(language: ApplicantLanguage): Promise<ApplicantWords> {
  return downloadOnce(loading, language, () =>
    catalogueModules[language]().then((module) => ({
      t: wordsOf(module.default),
      language,
      dir: directionOf(language),
    })),
  );
}

const loadingScreens = new Map<ApplicantLanguage, Promise<ScreenWords>>();

/** A language's words of every screen (the first screen's and the others'), downloaded once. */
function loadScreenWords(language: ApplicantLanguage): Promise<ScreenWords> {
  return downloadOnce(loadingScreens, language, () =>
    Promise.all([catalogueModules[language](), screenCatalogueModules[language]()]).then(([first, screens]) => ({
      t: wordsOf({ ...first.default, ...screens.default }),
      language,
      dir: directionOf(language),
    })),
  );
}

/** A language's lookup, downloaded once (the server's entry awaits it before it renders). */
export const loadCatalogue = async (language: ApplicantLanguage): Promise<ApplicantWords['t']> =>
  (await loadWords(language)).t;

/** A language's words of every screen, downloaded once (a test draws a later screen without waiting for them). */
export const loadScreenCatalogue = async (language: ApplicantLanguage): Promise<ScreenWords['t']> =>
  (await loadScreenWords(language)).t;

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

/**
 * Every applicant text, for the screens after the tracker's form: they suspend while the language's
 * words of those screens download (once), as `useApplicantWords` does for the first screen's.
 */
export function useScreenWords(): ScreenWords {
  const browserLanguage = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return use(loadScreenWords(use(VisitorLanguageContext) ?? browserLanguage));
}

/**
 * A screen's code downloaded with its words (`useScreenWords`) in the language on screen, as one:
 * a page or part that could not download its words fails as if its code could not be downloaded, so
 * its boundary offers "Try again" instead of the whole page failing once it renders.
 */
export const withScreenWords =
  <Module>(load: () => Promise<Module>) =>
  (): Promise<Module> =>
    Promise.all([load(), loadScreenWords(current)]).then(([module]) => module);

/** Starts downloading the other screens' words in the language on screen: a lookup's result is on its way. */
export const preloadScreenWords = (): void => void loadScreenWords(current).catch(() => {});

/** Shows the applicant screens in this language, once its words are downloaded. */
export async function showLanguage(code: ApplicantLanguage): Promise<void> {
  await loadWords(code);
  // Once a screen after the form has been drawn, its words come too, so it changes language without a loading state.
  if (loadingScreens.size > 0) await loadScreenWords(code);
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
