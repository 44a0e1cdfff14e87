import type { ApplicantLanguageCode } from '../../contracts/applicant-language-constants.js';
import type { NotFoundHome } from './unknown-path.js';

/**
 * "Page not found" in the visitor's language: a few sentences kept here rather than in the
 * tracker's catalogues, so the page needs no i18next (its first download stays within budget).
 */
export type NotFoundWords = {
  title: string;
  explanation: string;
  /** The way home, by the address it leads to (see unknown-path.ts). */
  home: Record<NotFoundHome, string>;
  track: string;
  brand: string;
};

export const notFoundWords: Record<ApplicantLanguageCode, NotFoundWords> = {
  en: {
    title: 'Page not found',
    explanation: 'There is no page at this address. It may have moved, or the link may be mistyped.',
    home: {
      '/': 'Go to the home page',
      '/lms-system': 'Go to the learning dashboard',
      '/caseadmin/dashboard': 'Go to the case admin dashboard',
    },
    track: 'Track an application',
    brand: 'Pathway home',
  },
  ar: {
    title: 'الصفحة غير موجودة',
    explanation: 'لا توجد صفحة على هذا العنوان. ربما نُقلت، أو ربما كُتب الرابط بشكل خاطئ.',
    home: {
      '/': 'الذهاب إلى الصفحة الرئيسية',
      '/lms-system': 'الذهاب إلى لوحة التعلّم',
      '/caseadmin/dashboard': 'الذهاب إلى لوحة إدارة الملفات',
    },
    track: 'تتبّع طلبًا',
    brand: 'الصفحة الرئيسية لـ Pathway',
  },
  hi: {
    title: 'पेज नहीं मिला',
    explanation: 'इस पते पर कोई पेज नहीं है। हो सकता है वह हट गया हो, या लिंक गलत लिखा गया हो।',
    home: {
      '/': 'होम पेज पर जाएँ',
      '/lms-system': 'लर्निंग डैशबोर्ड पर जाएँ',
      '/caseadmin/dashboard': 'केस एडमिन डैशबोर्ड पर जाएँ',
    },
    track: 'आवेदन ट्रैक करें',
    brand: 'Pathway होम',
  },
};
