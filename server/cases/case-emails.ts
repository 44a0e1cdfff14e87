import { inLanguage as staffWords, type Translations } from '../../contracts/case-languages.js';
import { renderEmail, type EmailContent, type RenderedEmail } from '../platform/email-layout.js';
import type { PasswordChangedWords } from '../platform/password-reset.js';
import { emailWords, type EmailWords } from './applicant-language.js';

/**
 * The cases area's emails, each drawn by the shared layout (server/platform/email-layout.tsx). The
 * applicant's are in the language they last used (server/cases/email-locales/); case numbers and
 * links stay as written, and the staff's words (service, step and document names, descriptions,
 * refusal reasons) are in that language where staff translated them, else in English. Every one
 * names who to turn to: the case's owner and the agency's phone, WhatsApp and email (issue 38).
 */

/** A service of a case and the step it is at now, with their words in the other languages. */
export type ServiceNews = {
  serviceName: string;
  stepName: string;
  stepDescription: string | null;
  serviceTranslations?: Translations | null;
  stepTranslations?: Translations | null;
};

/** Who the applicant can turn to: the case's owner (by name, when they set one) and the agency. */
export type CaseContact = {
  ownerName: string | null;
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
};

function contactLines(words: EmailWords, contact: CaseContact): { heading: string; lines: string[] } {
  const { t } = words;
  return {
    heading: t('contact.heading'),
    lines: [
      ...(contact.ownerName ? [t('contact.owner', { name: contact.ownerName })] : []),
      ...(contact.phone ? [t('contact.phone', { phone: contact.phone })] : []),
      ...(contact.whatsapp ? [t('contact.whatsapp', { whatsapp: contact.whatsapp })] : []),
      ...(contact.email ? [t('contact.email', { email: contact.email })] : []),
    ],
  };
}

/** The layout's own words and direction in the email's language, and who to contact. */
function inLanguage(
  words: EmailWords,
  content: Omit<EmailContent, 'locale' | 'contact'>,
  contact: CaseContact,
): Promise<RenderedEmail> {
  return renderEmail({
    ...content,
    contact: contactLines(words, contact),
    locale: {
      lang: words.language,
      dir: words.dir,
      openLink: words.t('layout.openLink'),
      stopEmails: words.t('layout.stopEmails'),
    },
  });
}

/** To the applicant when staff create their case with an email address: the number and where to follow it. */
export function caseCreatedEmail(input: {
  language: string;
  caseNumber: string;
  openedAt: Date;
  trackerLink: string;
  unsubscribeLink: string;
  contact: CaseContact;
}): Promise<RenderedEmail> {
  const words = emailWords(input.language);
  const { t } = words;
  const caseNumber = input.caseNumber;
  return inLanguage(
    words,
    {
      subject: t('caseCreated.subject', { caseNumber }),
      preview: t('caseCreated.preview', { caseNumber }),
      heading: t('caseCreated.heading'),
      intro: [t('caseCreated.intro', { caseNumber, date: words.date(input.openedAt) }), t('caseCreated.next')],
      action: { label: t('caseCreated.action'), url: input.trackerLink },
      reason: t('layout.reasonCase', { caseNumber }),
      unsubscribeUrl: input.unsubscribeLink,
    },
    input.contact,
  );
}

/** To everyone following a case, each in their language: which services moved and to which step, or that the case is complete. */
export function caseProgressEmail(input: {
  language: string;
  caseNumber: string;
  news: ServiceNews[];
  completed: boolean;
  trackerLink: string;
  unsubscribeLink: string;
  contact: CaseContact;
}): Promise<RenderedEmail> {
  const { caseNumber, completed } = input;
  const words = emailWords(input.language);
  const { t } = words;
  // The staff's words in the reader's language where they translated them.
  const news = input.news.map((item) => ({
    service: staffWords(item.serviceName, item.serviceTranslations, words.language).text,
    step: staffWords(item.stepName, item.stepTranslations, words.language).text,
    description: item.stepDescription
      ? staffWords(item.stepDescription, item.stepTranslations, words.language, 'description').text
      : null,
  }));
  const steps = words.list([...new Set(news.map((item) => item.step))]);
  const intro = completed ? t('caseCompleted.intro', { caseNumber }) : t('caseMoved.intro', { caseNumber });
  return inLanguage(
    words,
    {
      subject: completed ? t('caseCompleted.subject', { caseNumber }) : t('caseMoved.subject', { caseNumber, steps }),
      preview: intro,
      heading: completed ? t('caseCompleted.heading') : t('caseMoved.heading'),
      intro: completed ? [intro, t('caseCompleted.next')] : [intro],
      items: news.map((item) => ({
        title: t('caseMoved.item', { service: item.service, step: item.step }),
        detail: item.description,
      })),
      action: { label: t('caseMoved.action'), url: input.trackerLink },
      outro: [t('caseMoved.outro')],
      reason: t('layout.reasonCase', { caseNumber }),
      unsubscribeUrl: input.unsubscribeLink,
    },
    input.contact,
  );
}

/**
 * To everyone following a case whose step has waited longer than 8 in 10 cases there (issue 41):
 * that it is followed up, in the reader's language, instead of a date already passed.
 */
export function stepFollowedUpEmail(input: {
  language: string;
  caseNumber: string;
  news: ServiceNews;
  trackerLink: string;
  unsubscribeLink: string;
  contact: CaseContact;
}): Promise<RenderedEmail> {
  const { caseNumber } = input;
  const words = emailWords(input.language);
  const { t } = words;
  const service = staffWords(input.news.serviceName, input.news.serviceTranslations, words.language).text;
  const step = staffWords(input.news.stepName, input.news.stepTranslations, words.language).text;
  const intro = t('followedUp.intro', { caseNumber, service, step });
  return inLanguage(
    words,
    {
      subject: t('followedUp.subject', { caseNumber, step }),
      preview: intro,
      heading: t('followedUp.heading'),
      intro: [intro],
      action: { label: t('followedUp.action'), url: input.trackerLink },
      reason: t('layout.reasonCase', { caseNumber }),
      unsubscribeUrl: input.unsubscribeLink,
    },
    input.contact,
  );
}

/** To a case's owner when it has waited at a step longer than 8 in 10 cases there (staff screens are English). */
export function lateStepEmail(input: {
  caseNumber: string;
  clientName: string;
  serviceName: string;
  stepName: string;
  waitedDays: number;
  lateAfterDays: number;
  cases: number;
  caseLink: string;
}): Promise<RenderedEmail> {
  const days = (value: number) => `${value} day${value === 1 ? '' : 's'}`;
  const usual =
    input.cases > 0
      ? `longer than 8 in 10 of the ${input.cases} cases there (their 80th percentile: ${days(Math.ceil(input.lateAfterDays))})`
      : `longer than the step's expected ${days(Math.ceil(input.lateAfterDays))} (too few cases there yet for a percentile)`;
  return renderEmail({
    subject: `Case ${input.caseNumber} has waited longer than usual at "${input.stepName}"`,
    preview: `${input.clientName}: ${days(input.waitedDays)} at "${input.stepName}" of ${input.serviceName}.`,
    heading: 'A case is waiting longer than usual',
    intro: [
      `Case ${input.caseNumber} (${input.clientName}) has waited ${days(input.waitedDays)} at "${input.stepName}" of ${input.serviceName}, ${usual}.`,
      'Its applicant has been told it is being followed up. This is the only email about this step of this case.',
    ],
    action: { label: 'Open the case', url: input.caseLink },
    reason: 'You get this email because you own this case on Pathway.',
  });
}

/** The password-less sign-in link to the applicant's case page. */
export function applicantAccessEmail(input: {
  language: string;
  caseNumber: string;
  link: string;
  minutes: number;
  contact: CaseContact;
}): Promise<RenderedEmail> {
  const words = emailWords(input.language);
  const { t } = words;
  const caseNumber = input.caseNumber;
  return inLanguage(
    words,
    {
      subject: t('accessLink.subject', { caseNumber }),
      preview: t('accessLink.preview', { caseNumber }),
      heading: t('accessLink.heading'),
      intro: [t('accessLink.intro', { caseNumber })],
      action: { label: t('accessLink.action'), url: input.link },
      outro: [t('accessLink.outro', { minutes: words.number(input.minutes) })],
      reason: t('accessLink.reason', { caseNumber }),
    },
    input.contact,
  );
}

/** A document staff refused: which, when it was sent, why, and where to send another. */
export function documentRejectedEmail(input: {
  language: string;
  caseNumber: string;
  name: string;
  nameTranslations?: Translations | null;
  reason: string;
  reasonTranslations?: Translations | null;
  uploadedAt: Date;
  link: string;
  contact: CaseContact;
}): Promise<RenderedEmail> {
  const words = emailWords(input.language);
  const { t } = words;
  const { caseNumber } = input;
  const name = staffWords(input.name, input.nameTranslations, words.language).text;
  const reason = staffWords(input.reason, input.reasonTranslations, words.language).text;
  return inLanguage(
    words,
    {
      subject: t('rejected.subject', { caseNumber, name }),
      preview: t('rejected.preview', { name, reason }),
      heading: t('rejected.heading', { name }),
      intro: [
        t('rejected.intro', { caseNumber, name, date: words.date(input.uploadedAt) }),
        t('rejected.why', { reason }),
      ],
      action: { label: t('rejected.action'), url: input.link },
      reason: t('layout.reasonCase', { caseNumber }),
    },
    input.contact,
  );
}

/** The review that accepted the last required document. */
export function documentsAcceptedEmail(input: {
  language: string;
  caseNumber: string;
  link: string;
  contact: CaseContact;
}): Promise<RenderedEmail> {
  const words = emailWords(input.language);
  const { t } = words;
  const caseNumber = input.caseNumber;
  return inLanguage(
    words,
    {
      subject: t('allAccepted.subject', { caseNumber }),
      preview: t('allAccepted.preview', { caseNumber }),
      heading: t('allAccepted.heading'),
      intro: [t('allAccepted.intro', { caseNumber })],
      action: { label: t('allAccepted.action'), url: input.link },
      reason: t('layout.reasonCase', { caseNumber }),
    },
    input.contact,
  );
}

/** The double opt-in of an address entered on the tracker, in the tracker page's language. */
export function subscriptionConfirmationEmail(input: {
  language: string;
  caseNumber: string;
  link: string;
  hours: number;
  contact: CaseContact;
}): Promise<RenderedEmail> {
  const words = emailWords(input.language);
  const { t } = words;
  const caseNumber = input.caseNumber;
  return inLanguage(
    words,
    {
      subject: t('confirmSubscription.subject', { caseNumber }),
      preview: t('confirmSubscription.preview', { caseNumber }),
      heading: t('confirmSubscription.heading'),
      intro: [t('confirmSubscription.intro', { caseNumber })],
      action: { label: t('confirmSubscription.action'), url: input.link },
      outro: [t('confirmSubscription.outro', { hours: words.number(input.hours) })],
      reason: t('confirmSubscription.reason', { caseNumber }),
    },
    input.contact,
  );
}

/** "Forgot password?" of a case admin (staff screens are English for now). */
export function caseAdminPasswordResetEmail(input: { adminEmail: string; link: string }): Promise<RenderedEmail> {
  return renderEmail({
    subject: 'Reset your Pathway admin password',
    preview: 'Someone asked to reset your case admin password.',
    heading: 'Reset your password',
    intro: [`Someone asked to reset the password of the Pathway case admin account ${input.adminEmail}.`],
    action: { label: 'Set a new password', url: input.link },
    outro: ['The link works once, for one hour. If it was not you, ignore this email; your password stays as it is.'],
    reason: 'You get this email because your address belongs to a Pathway case admin account.',
  });
}

/** A case admin's account in "your password was changed" (one email for every kind of account, `queuePasswordChangedEmail`). */
export const caseAdminPasswordChanged: PasswordChangedWords = {
  product: 'Pathway admin',
  account: 'your Pathway case admin account',
  reason: 'You get this email because your address belongs to a Pathway case admin account.',
  forgotPasswordPage: '/caseadmin/forgot-password',
};

/** To the applicant when staff send the tracker link again (they lost the first email, say). */
export function trackerLinkEmail(input: {
  language: string;
  caseNumber: string;
  trackerLink: string;
  unsubscribeLink: string;
  contact: CaseContact;
}): Promise<RenderedEmail> {
  const words = emailWords(input.language);
  const { t } = words;
  const caseNumber = input.caseNumber;
  return inLanguage(
    words,
    {
      subject: t('trackerLink.subject', { caseNumber }),
      preview: t('trackerLink.preview', { caseNumber }),
      heading: t('trackerLink.heading'),
      intro: [t('trackerLink.intro', { caseNumber })],
      action: { label: t('trackerLink.action'), url: input.trackerLink },
      reason: t('layout.reasonCase', { caseNumber }),
      unsubscribeUrl: input.unsubscribeLink,
    },
    input.contact,
  );
}

/**
 * To the case's address when the case was linked with another of its applicant's Pathway accounts
 * (issue 41, decision 039): a link the applicant did not make is caught here. No secret: the link
 * opens the case page, whose sign-in asks for the passport number.
 */
export function accountLinkedEmail(input: {
  language: string;
  caseNumber: string;
  linked: { area: 'network' | 'lms' | 'cases'; label: string; linkedAt: Date };
  caseLink: string;
  contact: CaseContact;
}): Promise<RenderedEmail> {
  const words = emailWords(input.language);
  const { t } = words;
  const caseNumber = input.caseNumber;
  const account = t(`accountLinked.${input.linked.area}`, { label: input.linked.label });
  return inLanguage(
    words,
    {
      subject: t('accountLinked.subject', { caseNumber }),
      preview: t('accountLinked.preview', { account }),
      heading: t('accountLinked.heading'),
      intro: [t('accountLinked.intro', { caseNumber, account, date: words.date(input.linked.linkedAt) })],
      action: { label: t('accountLinked.action'), url: input.caseLink },
      outro: [t('accountLinked.outro')],
      reason: t('layout.reasonCase', { caseNumber }),
    },
    input.contact,
  );
}
