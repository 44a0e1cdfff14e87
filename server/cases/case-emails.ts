import { renderEmail, type RenderedEmail } from '../platform/email-layout.js';

/** The cases area's emails, each drawn by the shared layout (server/platform/email-layout.tsx). */

/** A service of a case and the step it is at now. */
export type ServiceNews = { serviceName: string; stepName: string; stepDescription: string | null };

const trackerReason = (caseNumber: string) => `You get this email because your address is on Pathway case ${caseNumber}.`;

/** To the applicant when staff create their case with an email address: the number and where to follow it. */
export function caseCreatedEmail(input: { caseNumber: string; trackerLink: string; unsubscribeLink: string }): Promise<RenderedEmail> {
  return renderEmail({
    subject: `Your case ${input.caseNumber} has been opened`,
    preview: `Your case number is ${input.caseNumber}. Keep it to follow your application.`,
    heading: 'Your case has been opened',
    intro: [
      `Your case number is ${input.caseNumber}. Keep this email: you need the number, with your passport number, to see how your application is progressing.`,
      'We will also email you when your case moves to a new step.',
    ],
    action: { label: 'Track your application', url: input.trackerLink },
    reason: trackerReason(input.caseNumber),
    unsubscribeUrl: input.unsubscribeLink,
  });
}

/** To everyone following a case: which services moved and to which step, or that the case is complete. */
export function caseProgressEmail(input: {
  caseNumber: string;
  news: ServiceNews[];
  completed: boolean;
  trackerLink: string;
  unsubscribeLink: string;
}): Promise<RenderedEmail> {
  const { caseNumber, news, completed } = input;
  const steps = [...new Set(news.map((item) => item.stepName))];
  const subject = completed ? `Your case ${caseNumber} is complete` : `Your case ${caseNumber} moved to ${steps.join(' and ')}`;
  const intro = completed
    ? `Every service of your case ${caseNumber} has reached its last step: your case is complete.`
    : `Your case ${caseNumber} has moved on.`;
  return renderEmail({
    subject,
    preview: intro,
    heading: completed ? 'Your case is complete' : 'Your case has moved on',
    intro: [intro],
    items: news.map((item) => ({ title: `${item.serviceName}: now at "${item.stepName}"`, detail: item.stepDescription })),
    action: { label: 'See the whole progress', url: input.trackerLink },
    outro: ['You will need your passport number to see it.'],
    reason: trackerReason(caseNumber),
    unsubscribeUrl: input.unsubscribeLink,
  });
}

/** "Forgot password?" of a case admin. */
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
