import { describe, expect, it } from 'vitest';
import { caseAdminPasswordResetEmail, caseCreatedEmail, caseProgressEmail } from '../../server/cases/case-emails.js';
import { learnerPasswordResetEmail } from '../../server/lms/learner-emails.js';
import { memberPasswordResetEmail, signUpAttemptEmail, verificationEmail } from '../../server/network/member-emails.js';
import type { RenderedEmail } from '../../server/platform/email-layout.js';

const token = 'tok_0123456789abcdefghijklmnopqrstuvwxyz0123456789';
const link = (path: string) => `https://pathway.example${path}?token=${token}`;
const unsubscribe = link('/casetracking/unsubscribe');

/** Every template, with the one link its button leads to and whether it can be stopped. */
const templates: { name: string; render: () => Promise<RenderedEmail>; action: string; button: string; unsubscribable: boolean }[] = [
  {
    name: 'case opened',
    render: () => caseCreatedEmail({ caseNumber: 'PW-2026-0042', trackerLink: 'https://pathway.example/casetracking?case=PW-2026-0042', unsubscribeLink: unsubscribe }),
    action: 'https://pathway.example/casetracking?case=PW-2026-0042',
    button: 'Track your application',
    unsubscribable: true,
  },
  {
    name: 'case moved',
    render: () =>
      caseProgressEmail({
        caseNumber: 'PW-2026-0042',
        news: [{ serviceName: 'Documents Verification', stepName: 'Attestation', stepDescription: 'Your documents are attested.' }],
        completed: false,
        trackerLink: 'https://pathway.example/casetracking?case=PW-2026-0042',
        unsubscribeLink: unsubscribe,
      }),
    action: 'https://pathway.example/casetracking?case=PW-2026-0042',
    button: 'See the whole progress',
    unsubscribable: true,
  },
  {
    name: 'case admin password reset',
    render: () => caseAdminPasswordResetEmail({ adminEmail: 'admin@example.test', link: link('/caseadmin/reset-password') }),
    action: link('/caseadmin/reset-password'),
    button: 'Set a new password',
    unsubscribable: false,
  },
  {
    name: 'member verification',
    render: () => verificationEmail({ link: link('/verify-email') }),
    action: link('/verify-email'),
    button: 'Verify my email address',
    unsubscribable: false,
  },
  {
    name: 'member sign-up attempt',
    render: () => signUpAttemptEmail({ signInLink: 'https://pathway.example/?mode=signin', forgotPasswordLink: 'https://pathway.example/forgot-password' }),
    action: 'https://pathway.example/?mode=signin',
    button: 'Sign in',
    unsubscribable: false,
  },
  {
    name: 'member password reset',
    render: () => memberPasswordResetEmail({ link: link('/reset-password') }),
    action: link('/reset-password'),
    button: 'Set a new password',
    unsubscribable: false,
  },
  {
    name: 'learner password reset',
    render: () => learnerPasswordResetEmail({ username: 'learner-1', link: link('/lms-system/reset-password') }),
    action: link('/lms-system/reset-password'),
    button: 'Set a new password',
    unsubscribable: false,
  },
];

const escapedHref = (url: string) => url.replaceAll('&', '&amp;');

describe('email templates', () => {
  it.each(templates)('when the $name email is rendered, then it is the shared layout: name, colours, one button, the link written short, a plain-text alternative', async (template) => {
    const email = await template.render();
    expect(email.subject.length).toBeGreaterThan(10);
    const html = email.html ?? '';
    expect(html).toMatch(/^<!DOCTYPE html/i);
    expect(html).toContain('>Pathway<');
    expect(html).toContain('#0a66c2');
    // The button and the short link lead to the action; the long token is never written out in the HTML's text.
    expect(html).toContain(`>${template.button}<`);
    expect(html.split(`href="${escapedHref(template.action)}"`).length - 1).toBe(2);
    expect(html.replace(/href="[^"]*"/g, '')).not.toContain(token);
    expect(html).toContain(new URL(template.action).host);
    // The plain text spells the whole link out, next to what it does.
    expect(email.text).toContain(`${template.button}: ${template.action}`);
    expect(email.text).not.toContain('<');
    if (template.unsubscribable) {
      expect(email.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribe}>` });
      expect(html).toContain(`href="${unsubscribe}"`);
      expect(email.text).toContain(`Stop these emails: ${unsubscribe}`);
    } else {
      expect(email.headers).toBeUndefined();
    }
  });

  it('when a case moves, then the subject names the step it moved to, and a completed case says so', async () => {
    const base = { caseNumber: 'PW-1', trackerLink: 'https://p.example/t', unsubscribeLink: unsubscribe };
    const one = await caseProgressEmail({ ...base, completed: false, news: [{ serviceName: 'A', stepName: 'Attestation', stepDescription: null }] });
    expect(one.subject).toBe('Your case PW-1 moved to Attestation');
    const two = await caseProgressEmail({
      ...base,
      completed: false,
      news: [
        { serviceName: 'A', stepName: 'Attestation', stepDescription: null },
        { serviceName: 'B', stepName: 'Fee Payment', stepDescription: null },
      ],
    });
    expect(two.subject).toBe('Your case PW-1 moved to Attestation and Fee Payment');
    const done = await caseProgressEmail({ ...base, completed: true, news: [] });
    expect(done.subject).toBe('Your case PW-1 is complete');
  });

  it('when a name in an email holds markup, then the HTML shows it as text', async () => {
    const email = await learnerPasswordResetEmail({ username: '<img src=x onerror=alert(1)>', link: link('/lms-system/reset-password') });
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
