import { applicantLanguageCodes, type ApplicantLanguageCode } from '../../contracts/case-documents.js';

/**
 * The emails applicants get about their documents and sign-in, and the tracker's confirmation, in
 * each language of the applicant screens. Case numbers and links stay as they are; document names
 * and reasons are the staff's words.
 */
type Email = { subject: string; text: string };
type Catalogue = {
  accessLink: (v: { caseNumber: string; link: string }) => Email;
  rejected: (v: { caseNumber: string; name: string; reason: string; link: string }) => Email;
  allAccepted: (v: { caseNumber: string; link: string }) => Email;
  confirmSubscription: (v: { caseNumber: string; link: string }) => Email;
};

const lines = (...parts: string[]) => parts.join('\n');

const catalogues: Record<ApplicantLanguageCode, Catalogue> = {
  en: {
    accessLink: ({ caseNumber, link }) => ({
      subject: `Sign in to case ${caseNumber}`,
      text: lines(`Open this link to see case ${caseNumber} and send its documents:`, '', link, '', 'The link works once, within 15 minutes. If you did not ask for it, ignore this email.'),
    }),
    rejected: ({ caseNumber, name, reason, link }) => ({
      subject: `Please send ${name} again (case ${caseNumber})`,
      text: lines(`We could not accept ${name} for case ${caseNumber}.`, '', `Why: ${reason}`, '', `Send a new one here: ${link}`),
    }),
    allAccepted: ({ caseNumber, link }) => ({
      subject: `All documents accepted (case ${caseNumber})`,
      text: lines(`Every required document of case ${caseNumber} has been accepted. Nothing more is needed from you for now.`, '', `Your case: ${link}`),
    }),
    confirmSubscription: ({ caseNumber, link }) => ({
      subject: `Confirm email updates for case ${caseNumber}`,
      text: lines(`Someone (we hope you) asked for an email whenever case ${caseNumber} changes.`, '', `Confirm it here (the link works for 48 hours): ${link}`, '', 'If it was not you, ignore this email: nothing more will be sent to you.'),
    }),
  },
  ar: {
    accessLink: ({ caseNumber, link }) => ({
      subject: `تسجيل الدخول إلى الملف ${caseNumber}`,
      text: lines(`افتح هذا الرابط لعرض الملف ${caseNumber} وإرسال مستنداته:`, '', link, '', 'يعمل الرابط مرة واحدة خلال 15 دقيقة. إذا لم تطلبه، فتجاهل هذه الرسالة.'),
    }),
    rejected: ({ caseNumber, name, reason, link }) => ({
      subject: `يرجى إرسال ${name} مرة أخرى (الملف ${caseNumber})`,
      text: lines(`لم نتمكن من قبول ${name} للملف ${caseNumber}.`, '', `السبب: ${reason}`, '', `أرسل مستندًا جديدًا من هنا: ${link}`),
    }),
    allAccepted: ({ caseNumber, link }) => ({
      subject: `تم قبول جميع المستندات (الملف ${caseNumber})`,
      text: lines(`تم قبول جميع المستندات المطلوبة للملف ${caseNumber}. لا نحتاج منك إلى شيء آخر حاليًا.`, '', `ملفك: ${link}`),
    }),
    confirmSubscription: ({ caseNumber, link }) => ({
      subject: `تأكيد رسائل التحديثات للملف ${caseNumber}`,
      text: lines(`طلب أحدهم (نأمل أن تكون أنت) رسالة عند كل تغيير في الملف ${caseNumber}.`, '', `أكّد ذلك من هنا (يعمل الرابط لمدة 48 ساعة): ${link}`, '', 'إذا لم تكن أنت، فتجاهل هذه الرسالة: لن نرسل إليك شيئًا آخر.'),
    }),
  },
  hi: {
    accessLink: ({ caseNumber, link }) => ({
      subject: `केस ${caseNumber} में साइन इन करें`,
      text: lines(`केस ${caseNumber} देखने और उसके दस्तावेज़ भेजने के लिए यह लिंक खोलें:`, '', link, '', 'यह लिंक 15 मिनट में एक बार काम करता है। अगर आपने इसे नहीं माँगा, तो इस ईमेल को अनदेखा करें।'),
    }),
    rejected: ({ caseNumber, name, reason, link }) => ({
      subject: `कृपया ${name} फिर से भेजें (केस ${caseNumber})`,
      text: lines(`हम केस ${caseNumber} के लिए ${name} स्वीकार नहीं कर सके।`, '', `कारण: ${reason}`, '', `नया यहाँ भेजें: ${link}`),
    }),
    allAccepted: ({ caseNumber, link }) => ({
      subject: `सभी दस्तावेज़ स्वीकृत (केस ${caseNumber})`,
      text: lines(`केस ${caseNumber} के सभी ज़रूरी दस्तावेज़ स्वीकार कर लिए गए हैं। अभी आपसे और कुछ नहीं चाहिए।`, '', `आपका केस: ${link}`),
    }),
    confirmSubscription: ({ caseNumber, link }) => ({
      subject: `केस ${caseNumber} के ईमेल अपडेट की पुष्टि करें`,
      text: lines(`किसी ने (उम्मीद है आपने) केस ${caseNumber} में हर बदलाव पर ईमेल माँगा है।`, '', `यहाँ पुष्टि करें (लिंक 48 घंटे काम करता है): ${link}`, '', 'अगर यह आप नहीं थे, तो इस ईमेल को अनदेखा करें: आपको और कुछ नहीं भेजा जाएगा।'),
    }),
  },
};

export const applicantEmails = (language: string): Catalogue => catalogues[isLanguage(language) ? language : 'en'];

const isLanguage = (code: string | undefined): code is ApplicantLanguageCode => applicantLanguageCodes.some((known) => known === code);

/**
 * The language of an applicant's request: the body's `language` when it names a supported one (the
 * pages send the one on screen), else the first supported language of `Accept-Language` by its
 * weights, else English.
 */
export function requestLanguage(bodyLanguage: string | undefined, acceptLanguage: string | undefined): ApplicantLanguageCode {
  if (isLanguage(bodyLanguage)) return bodyLanguage;
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
  return ranked.map((entry) => entry.base).find(isLanguage) ?? 'en';
}
