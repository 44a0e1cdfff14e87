import { createInstance, type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The applicant screens' languages, each named in itself. */
export const applicantLanguages = [
  { code: 'en', name: 'English' },
  { code: 'ar', name: 'العربية' },
  { code: 'hi', name: 'हिन्दी' },
] as const;
export type ApplicantLanguage = (typeof applicantLanguages)[number]['code'];

const STORAGE_KEY = 'pathway.language';
const isSupported = (code: string | null | undefined): code is ApplicantLanguage =>
  applicantLanguages.some((language) => language.code === code);

// One chunk per language, loaded when chosen: the tracker's first page carries none of them.
const catalogues: Record<ApplicantLanguage, () => Promise<{ default: unknown }>> = {
  en: () => import('./locales/en.js'),
  ar: () => import('./locales/ar.js'),
  hi: () => import('./locales/hi.js'),
};

/** The language remembered from the switcher, else the browser's first supported one, else English. */
export function chooseLanguage(): ApplicantLanguage {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage may be blocked; the browser's languages still choose.
  }
  if (isSupported(stored)) return stored;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (isSupported(base)) return base;
  }
  return 'en';
}

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

/** Changes the language and remembers it for the next visit. */
export async function switchLanguage(code: ApplicantLanguage): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Not remembered, still switched.
  }
  await applicantI18n.changeLanguage(code);
}

/** `<html lang dir>` follow the language, so screen readers pronounce it and the layout mirrors for Arabic. */
export function applyDocumentLanguage(code: string): void {
  document.documentElement.lang = code;
  document.documentElement.dir = applicantI18n.dir(code);
}
