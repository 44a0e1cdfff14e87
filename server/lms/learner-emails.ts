import { renderEmail, type RenderedEmail } from '../platform/email-layout.js';
import type { PasswordChangedWords } from '../platform/password-reset.js';

/** The LMS's emails to learners, each drawn by the shared layout (server/platform/email-layout.tsx). */

export function learnerPasswordResetEmail(input: { username: string; link: string }): Promise<RenderedEmail> {
  return renderEmail({
    subject: 'Reset your Pathway learning password',
    preview: 'Someone asked to reset your learning password.',
    heading: 'Reset your password',
    intro: [`Someone asked to reset the password of the Pathway learning account "${input.username}".`],
    action: { label: 'Set a new password', url: input.link },
    outro: ['The link works once, for one hour. If it was not you, ignore this email; your password stays as it is.'],
    reason: 'You get this email because this address belongs to a Pathway learning account.',
  });
}

/** Registration with an address another account has: its owner is told, and the new account is made without it. */
export function learnerEmailTakenEmail(input: { forgotPasswordLink: string }): Promise<RenderedEmail> {
  return renderEmail({
    subject: 'Someone registered for Pathway learning with your address',
    preview: 'A new learning account was made without your address.',
    heading: 'Your address is already in use',
    intro: [
      'Someone, maybe you, registered a Pathway learning account with this email address, which another account already has. The new account was made without it, so it cannot receive emails or reset its password.',
    ],
    action: { label: 'Set a new password', url: input.forgotPasswordLink },
    outro: ['Only if you forgot your own password; otherwise there is nothing to do.'],
    reason: 'You get this email because this address belongs to a Pathway learning account.',
  });
}

/** An LMS admin answered the learner's premium request (granted: what is open now). */
export function premiumDecisionEmail(input: {
  username: string;
  granted: boolean;
  programs: string[];
  link: string;
}): Promise<RenderedEmail> {
  const what = input.programs.join(' and ');
  return input.granted
    ? renderEmail({
        subject: 'Your Pathway premium access is open',
        preview: `${what}: open now.`,
        heading: 'Premium granted',
        intro: [`An LMS administrator granted the premium request of "${input.username}". These are open now:`],
        items: input.programs.map((title) => ({ title })),
        action: { label: 'Open your dashboard', url: input.link },
        reason: 'You get this email because you asked for premium on your Pathway learning account.',
      })
    : renderEmail({
        subject: 'Your Pathway premium request was declined',
        preview: 'An LMS administrator declined your request.',
        heading: 'Premium request declined',
        intro: [`An LMS administrator declined the request of "${input.username}" for ${what}.`],
        action: { label: 'Open your dashboard', url: input.link },
        outro: ['You may ask again later, or redeem an access code from your agency.'],
        reason: 'You get this email because you asked for premium on your Pathway learning account.',
      });
}

/** An LMS account (a learner's or an admin's) in "your password was changed" (one email for every kind of account, `queuePasswordChangedEmail`). */
export function lmsPasswordChanged(account: { username: string; role: string }): PasswordChangedWords {
  const kind = account.role === 'admin' ? 'Pathway learning admin account' : 'Pathway learning account';
  return {
    product: 'Pathway learning',
    account: `your ${kind} "${account.username}"`,
    reason: `You get this email because this address belongs to a ${kind}.`,
    forgotPasswordPage: '/lms-system/forgot-password',
  };
}

const linkedAccountNames = { network: 'network account', lms: 'learning account', cases: 'case' } as const;

/**
 * When the learner's account was linked with another of its person's Pathway accounts (issue 41,
 * decision 039): a link the learner did not make is caught here. No secret: the link opens the profile.
 */
export function learnerAccountLinkedEmail(input: {
  username: string;
  linked: { area: keyof typeof linkedAccountNames; label: string };
  when: string;
  profileLink: string;
}): Promise<RenderedEmail> {
  const account = `the ${linkedAccountNames[input.linked.area]} "${input.linked.label}"`;
  return renderEmail({
    subject: 'Your Pathway learning account was linked with another account',
    preview: `Your learning account was linked with ${account}.`,
    heading: 'Your account was linked with another',
    intro: [
      `On ${input.when}, the Pathway learning account "${input.username}" was linked with ${account}, so your journey shows in one place. This was asked for from that account with a link code made while signed in to yours.`,
    ],
    action: { label: 'See my linked accounts', url: input.profileLink },
    outro: ['If it was you, there is nothing to do. If not, remove the link on your profile and change your password.'],
    reason: 'You get this email because this address belongs to a Pathway learning account.',
  });
}
