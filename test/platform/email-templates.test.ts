import { describe, expect, it } from 'vitest';
import { emailCatalogues } from '../../server/cases/applicant-language.js';
import {
  applicantAccessEmail,
  caseAdminPasswordResetEmail,
  caseCreatedEmail,
  caseProgressEmail,
  documentRejectedEmail,
  documentsAcceptedEmail,
  subscriptionConfirmationEmail,
  trackerLinkEmail,
} from '../../server/cases/case-emails.js';
import { learnerPasswordResetEmail, premiumDecisionEmail } from '../../server/lms/learner-emails.js';
import {
  memberPasswordResetEmail,
  notificationDigestEmail,
  signUpAttemptEmail,
  verificationEmail,
} from '../../server/network/member-emails.js';
import type { ApplicantLanguageCode } from '../../contracts/case-documents.js';
import type { RenderedEmail } from '../../server/platform/email-layout.js';

const token = 'tok_0123456789abcdefghijklmnopqrstuvwxyz0123456789';
const link = (path: string) => `https://pathway.example${path}?token=${token}`;
const unsubscribe = link('/casetracking/unsubscribe');

const tracker = 'https://pathway.example/casetracking?case=PW-2026-0042';
const caseLink = 'https://pathway.example/casetracking/case';
const sentOn = new Date('2026-03-09T10:00:00Z');
/** Who the applicant turns to: every case email names them (issue 38). */
const contact = {
  ownerName: 'Amina Khan',
  phone: '+971 4 555 0100',
  whatsapp: '971501234567',
  email: 'cases@agency.example',
};

/** Each email to applicants, in a language, with the link its button leads to and whether it can be stopped. */
const applicantTemplates = (language: ApplicantLanguageCode) => [
  {
    name: 'case opened',
    render: () =>
      caseCreatedEmail({
        contact,
        language,
        caseNumber: 'PW-2026-0042',
        openedAt: sentOn,
        trackerLink: tracker,
        unsubscribeLink: unsubscribe,
      }),
    action: tracker,
    button: emailCatalogues[language].caseCreated.action,
    unsubscribable: true,
  },
  {
    name: 'tracker link sent again',
    render: () =>
      trackerLinkEmail({
        contact,
        language,
        caseNumber: 'PW-2026-0042',
        trackerLink: tracker,
        unsubscribeLink: unsubscribe,
      }),
    action: tracker,
    button: emailCatalogues[language].trackerLink.action,
    unsubscribable: true,
  },
  {
    name: 'case moved',
    render: () =>
      caseProgressEmail({
        contact,
        language,
        caseNumber: 'PW-2026-0042',
        news: [
          {
            serviceName: 'Documents Verification',
            stepName: 'Attestation',
            stepDescription: 'Your documents are attested.',
          },
        ],
        completed: false,
        trackerLink: tracker,
        unsubscribeLink: unsubscribe,
      }),
    action: tracker,
    button: emailCatalogues[language].caseMoved.action,
    unsubscribable: true,
  },
  {
    name: 'case completed',
    render: () =>
      caseProgressEmail({
        contact,
        language,
        caseNumber: 'PW-2026-0042',
        news: [],
        completed: true,
        trackerLink: tracker,
        unsubscribeLink: unsubscribe,
      }),
    action: tracker,
    button: emailCatalogues[language].caseMoved.action,
    unsubscribable: true,
  },
  {
    name: 'applicant sign-in link',
    render: () =>
      applicantAccessEmail({
        contact,
        language,
        caseNumber: 'PW-2026-0042',
        link: link('/casetracking/case'),
        minutes: 15,
      }),
    action: link('/casetracking/case'),
    button: emailCatalogues[language].accessLink.action,
    unsubscribable: false,
  },
  {
    name: 'document rejected',
    render: () =>
      documentRejectedEmail({
        contact,
        language,
        caseNumber: 'PW-2026-0042',
        name: 'Passport photo',
        reason: 'The photo is blurred',
        uploadedAt: sentOn,
        link: caseLink,
      }),
    action: caseLink,
    button: emailCatalogues[language].rejected.action,
    unsubscribable: false,
  },
  {
    name: 'documents all accepted',
    render: () => documentsAcceptedEmail({ contact, language, caseNumber: 'PW-2026-0042', link: caseLink }),
    action: caseLink,
    button: emailCatalogues[language].allAccepted.action,
    unsubscribable: false,
  },
  {
    name: 'subscription confirmation',
    render: () =>
      subscriptionConfirmationEmail({
        contact,
        language,
        caseNumber: 'PW-2026-0042',
        link: link('/casetracking/confirm'),
        hours: 48,
      }),
    action: link('/casetracking/confirm'),
    button: emailCatalogues[language].confirmSubscription.action,
    unsubscribable: false,
  },
];

/** Every template, with the one link its button leads to and whether it can be stopped. */
const templates: {
  name: string;
  render: () => Promise<RenderedEmail>;
  action: string;
  button: string;
  unsubscribable: boolean;
}[] = [
  ...applicantTemplates('en'),
  {
    name: 'case admin password reset',
    render: () =>
      caseAdminPasswordResetEmail({ adminEmail: 'admin@example.test', link: link('/caseadmin/reset-password') }),
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
    render: () =>
      signUpAttemptEmail({
        signInLink: 'https://pathway.example/?mode=signin',
        forgotPasswordLink: 'https://pathway.example/forgot-password',
      }),
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
    name: 'member notification digest',
    render: () =>
      notificationDigestEmail({
        unread: 12,
        items: [{ title: 'Nadia and 11 others liked your post', detail: 'Nurses wanted for the night shift' }],
        notificationsLink: 'https://pathway.example/notifications',
        unsubscribeLink: unsubscribe,
      }),
    action: 'https://pathway.example/notifications',
    button: 'See your notifications',
    unsubscribable: true,
  },
  {
    name: 'learner password reset',
    render: () => learnerPasswordResetEmail({ username: 'learner-1', link: link('/lms-system/reset-password') }),
    action: link('/lms-system/reset-password'),
    button: 'Set a new password',
    unsubscribable: false,
  },
  {
    name: 'premium granted',
    render: () =>
      premiumDecisionEmail({
        username: 'learner-1',
        granted: true,
        programs: ['Course library'],
        link: 'https://pathway.example/lms-system/dashboard',
      }),
    action: 'https://pathway.example/lms-system/dashboard',
    button: 'Open your dashboard',
    unsubscribable: false,
  },
  {
    name: 'premium declined',
    render: () =>
      premiumDecisionEmail({
        username: 'learner-1',
        granted: false,
        programs: ['Course library'],
        link: 'https://pathway.example/lms-system/dashboard',
      }),
    action: 'https://pathway.example/lms-system/dashboard',
    button: 'Open your dashboard',
    unsubscribable: false,
  },
];

const escapedHref = (url: string) => url.replaceAll('&', '&amp;');

describe('email templates', () => {
  it.each(templates)(
    'when the $name email is rendered, then it is the shared layout: name, colours, one button, the link written short, a plain-text alternative',
    async (template) => {
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
        // RFC 8058: the address takes a mail provider's one-click POST.
        expect(email.headers).toEqual({
          'List-Unsubscribe': `<${unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        });
        expect(html).toContain(`href="${unsubscribe}"`);
        expect(email.text).toContain(`Stop these emails: ${unsubscribe}`);
      } else {
        expect(email.headers).toBeUndefined();
      }
    },
  );

  it('when a case moves, then the subject names the step it moved to, and a completed case says so', async () => {
    const base = {
      language: 'en',
      caseNumber: 'PW-1',
      trackerLink: 'https://p.example/t',
      unsubscribeLink: unsubscribe,
    };
    const one = await caseProgressEmail({
      contact,
      ...base,
      completed: false,
      news: [{ serviceName: 'A', stepName: 'Attestation', stepDescription: null }],
    });
    expect(one.subject).toBe('Your case PW-1 moved to Attestation');
    const two = await caseProgressEmail({
      contact,
      ...base,
      completed: false,
      news: [
        { serviceName: 'A', stepName: 'Attestation', stepDescription: null },
        { serviceName: 'B', stepName: 'Fee Payment', stepDescription: null },
      ],
    });
    expect(two.subject).toBe('Your case PW-1 moved to Attestation and Fee Payment');
    const done = await caseProgressEmail({ contact, ...base, completed: true, news: [] });
    expect(done.subject).toBe('Your case PW-1 is complete');
  });

  const scripts = { en: /^[\x20-\x7E“”–…]+$/, ar: /[\u0600-\u06FF]/, hi: /[\u0900-\u097F]/ };
  const everyLanguage = (['en', 'ar', 'hi'] as const).flatMap((language) =>
    applicantTemplates(language).map((template) => ({ ...template, language })),
  );

  it.each(everyLanguage)(
    'when the $name email is rendered in $language, then subject, words, direction, dates and numbers are in that language, in the shared layout',
    async (template) => {
      const { language } = template;
      const words = emailCatalogues[language];
      // In a right-to-left email a link in the plain text is a left-to-right isolate (docs/security.md).
      const link = (url: string) => (language === 'ar' ? `\u2066${url} \u2069` : url);
      const email = await template.render();
      const html = email.html ?? '';
      expect(email.subject).toMatch(scripts[language]);
      expect(html).toMatch(new RegExp(`<html[^>]*\\blang="${language}"`));
      expect(html).toMatch(new RegExp(`<html[^>]*\\bdir="${language === 'ar' ? 'rtl' : 'ltr'}"`));
      expect(html).toContain('>Pathway<');
      expect(html).toContain(`>${template.button}<`);
      expect(html).toContain(`>${words.layout.openLink}<!-- --> <a`);
      expect(email.text).toContain(`${template.button}: ${link(template.action)}`);
      // Every placeholder was filled.
      for (const written of [email.subject, html, email.text]) expect(written).not.toMatch(/\{\{|\}\}/);
      if (template.unsubscribable) {
        expect(html).toContain(`>${words.layout.stopEmails}</a>`);
        expect(email.text).toContain(`${words.layout.stopEmails}: ${link(unsubscribe)}`);
      }
      if (template.name === 'case opened' || template.name === 'document rejected') {
        expect(email.text).toContain(
          new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(sentOn),
        );
      }
      // Who to turn to, in the email's words, in every applicant email.
      expect(html).toContain(words.contact.heading);
      for (const value of [contact.ownerName, contact.phone, contact.whatsapp, contact.email]) {
        expect(email.text).toContain(value);
        expect(html).toContain(value);
      }
      if (template.name === 'applicant sign-in link')
        expect(email.text).toContain(new Intl.NumberFormat(language).format(15));
      if (template.name === 'subscription confirmation')
        expect(email.text).toContain(new Intl.NumberFormat(language).format(48));
    },
  );

  it('when a case moves at two steps in Arabic, then the subject joins them with Arabic "and", and the staff\'s names stay as written', async () => {
    const email = await caseProgressEmail({
      contact,
      language: 'ar',
      caseNumber: 'PW-1',
      completed: false,
      trackerLink: tracker,
      unsubscribeLink: unsubscribe,
      news: [
        { serviceName: 'A', stepName: 'Attestation', stepDescription: null },
        { serviceName: 'B', stepName: 'Fee Payment', stepDescription: null },
      ],
    });
    // Each value isolated (U+2068 … U+2069), so the English names keep their order in the Arabic sentence.
    expect(email.subject).toBe('انتقل ملفك \u2068PW-1\u2069 إلى \u2068Attestation\u2069 و\u2068Fee Payment\u2069');
  });

  it('when staff translated a step, a document and a refusal reason, then the Arabic email is in their Arabic words, and an untranslated one falls back to the English', async () => {
    const moved = await caseProgressEmail({
      contact,
      language: 'ar',
      caseNumber: 'PW-1',
      completed: false,
      trackerLink: tracker,
      unsubscribeLink: unsubscribe,
      news: [
        {
          serviceName: 'Work Visa',
          stepName: 'Medical Exam',
          stepDescription: 'Go to an approved clinic.',
          serviceTranslations: { ar: { name: 'تأشيرة العمل' } },
          stepTranslations: { ar: { name: 'الفحص الطبي', description: 'توجّه إلى عيادة معتمدة.' } },
        },
        { serviceName: 'License Registration', stepName: 'Fee Payment', stepDescription: null },
      ],
    });
    expect(moved.text).toContain('الفحص الطبي');
    expect(moved.text).toContain('توجّه إلى عيادة معتمدة.');
    expect(moved.text).not.toContain('Medical Exam');
    expect(moved.text).toContain('Fee Payment');
    const refused = await documentRejectedEmail({
      contact,
      language: 'ar',
      caseNumber: 'PW-1',
      name: 'Passport copy',
      nameTranslations: { ar: { name: 'نسخة جواز السفر' } },
      reason: 'The photo is blurred or too dark to read.',
      reasonTranslations: { ar: { name: 'الصورة غير واضحة أو مظلمة ولا يمكن قراءتها.' } },
      uploadedAt: sentOn,
      link: caseLink,
    });
    expect(refused.subject).toContain('نسخة جواز السفر');
    expect(refused.text).toContain('الصورة غير واضحة أو مظلمة ولا يمكن قراءتها.');
    expect(refused.text).not.toContain('blurred');
  });

  it('when a case completes, then its email says what comes next', async () => {
    const done = await caseProgressEmail({
      contact,
      language: 'en',
      caseNumber: 'PW-1',
      completed: true,
      news: [],
      trackerLink: tracker,
      unsubscribeLink: unsubscribe,
    });
    expect(done.text).toContain(emailCatalogues.en.caseCompleted.next);
  });

  it('when an email names a language the product does not have, then it is English', async () => {
    const email = await documentsAcceptedEmail({ contact, language: 'fr', caseNumber: 'PW-1', link: caseLink });
    expect(email.subject).toBe('All documents accepted (case PW-1)');
    expect(email.html).toMatch(/<html[^>]*\blang="en"/);
  });

  it('when a name in an email holds markup, then the HTML shows it as text', async () => {
    const email = await learnerPasswordResetEmail({
      username: '<img src=x onerror=alert(1)>',
      link: link('/lms-system/reset-password'),
    });
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
