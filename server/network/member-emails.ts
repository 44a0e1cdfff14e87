import { renderEmail, type RenderedEmail } from '../platform/email-layout.js';
import type { PasswordChangedWords } from '../platform/password-reset.js';

/** The network's emails to members, each drawn by the shared layout (server/platform/email-layout.tsx). */

const memberReason = 'You get this email because this address was used for a Pathway account.';

export function verificationEmail(input: { link: string }): Promise<RenderedEmail> {
  return renderEmail({
    subject: 'Verify your email address for Pathway',
    preview: 'One click to confirm this address is yours.',
    heading: 'Welcome to Pathway!',
    intro: ['Please verify your email address. The link works once, for 24 hours.'],
    action: { label: 'Verify my email address', url: input.link },
    outro: ['If you did not sign up, ignore this email.'],
    reason: memberReason,
  });
}

/** Sign-up with an address that already has an account: its owner is told, and nobody else learns it. */
export function signUpAttemptEmail(input: { signInLink: string; forgotPasswordLink: string }): Promise<RenderedEmail> {
  return renderEmail({
    subject: 'Someone tried to sign up to Pathway with your address',
    preview: 'No new account was made: this address already has one.',
    heading: 'You already have an account',
    intro: [
      'Someone, maybe you, tried to create a Pathway account with this email address, which already has one. No new account was made.',
    ],
    action: { label: 'Sign in', url: input.signInLink },
    outro: [`Forgot your password? Set a new one here: ${input.forgotPasswordLink}`],
    reason: memberReason,
  });
}

export function memberPasswordResetEmail(input: { link: string }): Promise<RenderedEmail> {
  return renderEmail({
    subject: 'Reset your Pathway password',
    preview: 'Someone asked to reset your Pathway password.',
    heading: 'Reset your password',
    intro: ['Someone asked to reset the password of your Pathway account.'],
    action: { label: 'Set a new password', url: input.link },
    outro: ['The link works once, for one hour. If it was not you, ignore this email; your password stays as it is.'],
    reason: memberReason,
  });
}

/** A member's account in "your password was changed" (one email for every kind of account, `queuePasswordChangedEmail`). */
export const memberPasswordChanged: PasswordChangedWords = {
  product: 'Pathway',
  account: 'your Pathway account',
  reason: memberReason,
  forgotPasswordPage: '/forgot-password',
};

export type DigestItem = { title: string; detail: string | null };

/** The daily digest of unread notifications, for members who turned it on; stoppable in one click. */
export function notificationDigestEmail(input: {
  unread: number;
  items: DigestItem[];
  notificationsLink: string;
  unsubscribeLink: string;
}): Promise<RenderedEmail> {
  const count = `${input.unread} unread ${input.unread === 1 ? 'notification' : 'notifications'}`;
  const more = input.unread - input.items.length;
  return renderEmail({
    subject: `You have ${count} on Pathway`,
    preview: input.items[0]?.title ?? count,
    heading: `You have ${count}`,
    intro: ['Here is what happened on the network since you last looked:'],
    items: input.items,
    action: { label: 'See your notifications', url: input.notificationsLink },
    outro: more > 0 ? [`And ${more} more.`] : [],
    reason:
      'You get this email because you turned on the daily summary of your notifications in your Pathway settings.',
    unsubscribeUrl: input.unsubscribeLink,
  });
}

const linkedAccountNames = { network: 'network account', lms: 'learning account', cases: 'case' } as const;

/**
 * When the member's account was linked with another of its person's Pathway accounts (issue 41,
 * decision 039): a link the member did not make is caught here. No secret: the link opens Settings.
 */
export function memberAccountLinkedEmail(input: {
  linked: { area: keyof typeof linkedAccountNames; label: string };
  when: string;
  settingsLink: string;
}): Promise<RenderedEmail> {
  const account = `the ${linkedAccountNames[input.linked.area]} "${input.linked.label}"`;
  return renderEmail({
    subject: 'Your Pathway network account was linked with another account',
    preview: `Your network account was linked with ${account}.`,
    heading: 'Your account was linked with another',
    intro: [
      `On ${input.when}, your network account was linked with ${account}, so your journey shows in one place. This was asked for from that account, which proved it can sign in to yours or that it has your verified address.`,
    ],
    action: { label: 'See my linked accounts', url: input.settingsLink },
    outro: ['If it was you, there is nothing to do. If not, remove the link in Settings and change your password.'],
    reason: memberReason,
  });
}
