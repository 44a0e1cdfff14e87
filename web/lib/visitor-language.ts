import { createContext } from 'react';
import { isApplicantLanguage, type ApplicantLanguageCode } from '../../contracts/applicant-language-constants.js';

/**
 * The visitor's language, chosen as the tracker chooses it, without the tracker's i18next (which a
 * page outside the tracker, such as "page not found", would otherwise add to its first download).
 */

/** Where the switcher remembers the language for this browser (beside the cookie for the server). */
export const LANGUAGE_STORAGE_KEY = 'pathway.language';

/** The language remembered from the switcher, if any. */
export function storedLanguage(): ApplicantLanguageCode | undefined {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isApplicantLanguage(stored) ? stored : undefined;
  } catch {
    // Storage may be blocked; the browser's languages still choose.
    return undefined;
  }
}

/**
 * The language of the page the server rendered (`<html data-applicant-language>`, see
 * web/entry-server.tsx): hydration must draw the words the HTML holds.
 */
export function renderedLanguage(): ApplicantLanguageCode | undefined {
  const rendered = document.documentElement.dataset.applicantLanguage;
  return isApplicantLanguage(rendered) ? rendered : undefined;
}

/**
 * The language of the page the server rendered, else the one remembered from the switcher, else
 * the browser's first supported one, else English.
 */
export function chooseLanguage(): ApplicantLanguageCode {
  const chosen = renderedLanguage() ?? storedLanguage();
  if (chosen) return chosen;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (isApplicantLanguage(base)) return base;
  }
  return 'en';
}

/**
 * The language the server chose for the page it renders (from the switcher's cookie, else
 * Accept-Language); in the browser nothing provides it and the page asks `chooseLanguage()`.
 */
export const VisitorLanguageContext = createContext<ApplicantLanguageCode | undefined>(undefined);
