// @vitest-environment node
// The server's renderer, as the server runs it: no DOM (a window would make the pages think they are in a browser).
import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '../contracts/platform.js';
import { renderFirstPage, type FirstPageRequest } from './entry-server.js';

const publicConfig: PublicConfig = {
  healthAuthorityUrl: 'https://authority.example.test',
  upgradeChatUrl: '',
  mockExamDurationSeconds: 3600,
  examDurationSeconds: 7200,
  networkSignup: 'open',
  oidcConfigured: false,
  oidcProviderName: 'Google',
  uploadMaxBytes: 50_000_000,
  caseDocumentMaxBytes: 10_000_000,
  caseContact: { phone: null, whatsapp: null, email: null },
  licenceAuthorities: ['DHA', 'DOH', 'MOH', 'SCFHS', 'NMC'],
};

const render = async (request: Omit<FirstPageRequest, 'publicConfig'>) => {
  const page = await renderFirstPage({ publicConfig, ...request });
  if (!page) throw new Error(`${request.pathname} is not a first page`);
  return page;
};

/** The alert a form shows above its fields, with its language and direction, if any. */
const alertOf = (html: string) => /<div[^>]*role="alert"[^>]*>[^<]*<\/div>/.exec(html)?.[0];

describe('the first pages drawn on the server (issue 42)', () => {
  const signInPages = ['/', '/caseadmin/login', '/lms-system/login'];
  const sentences = {
    en: 'Signing in needs JavaScript, which did not run on this page.',
    ar: 'يتطلب تسجيل الدخول JavaScript، ولم يعمل في هذه الصفحة.',
    hi: 'साइन इन करने के लिए JavaScript ज़रूरी है, जो इस पेज पर नहीं चला।',
  };

  it.each(signInPages)(
    'when a sign-in form on %s is sent without JavaScript, then the page says JavaScript is needed in the visitor’s language and direction, the page staying English',
    async (pathname) => {
      // Arabic by Accept-Language.
      const arabic = await render({ pathname, acceptLanguage: 'ar-EG,ar;q=0.9,en;q=0.5', signInWithoutScript: true });
      expect(alertOf(arabic.html)).toContain(sentences.ar);
      expect(alertOf(arabic.html)).toMatch(/lang="ar" dir="rtl"/);
      expect(arabic.lang).toBe('en');
      expect(arabic.dir).toBe('ltr');
      // Hindi by the switcher's cookie, which wins over Accept-Language.
      const hindi = await render({
        pathname,
        cookie: 'other=1; pathway.language=hi',
        acceptLanguage: 'ar',
        signInWithoutScript: true,
      });
      expect(alertOf(hindi.html)).toContain(sentences.hi);
      expect(alertOf(hindi.html)).toMatch(/lang="hi" dir="ltr"/);
      // English otherwise, and no message on a page that was only opened.
      const english = await render({ pathname, acceptLanguage: 'fr-FR, de', signInWithoutScript: true });
      expect(alertOf(english.html)).toContain(sentences.en);
      expect(alertOf((await render({ pathname, acceptLanguage: 'ar' })).html)).toBeUndefined();
    },
  );

  it('when an Arabic or Hindi reader opens the tracker, then it is drawn in their words and direction, its catalogue preloaded', async () => {
    const arabic = await render({ pathname: '/casetracking', acceptLanguage: 'ar' });
    expect(arabic.html).toContain('تتبع طلبك');
    expect(arabic.title).toBe('تتبع طلبك · Pathway');
    expect([arabic.lang, arabic.dir, arabic.applicantLanguage]).toEqual(['ar', 'rtl', 'ar']);
    expect(arabic.modules).toContain('cases/locales/ar.ts');
    const hindi = await render({ pathname: '/casetracking', cookie: 'pathway.language=hi', acceptLanguage: 'ar' });
    expect(hindi.title).toBe('अपना आवेदन ट्रैक करें · Pathway');
    expect([hindi.lang, hindi.dir]).toEqual(['hi', 'ltr']);
    expect(hindi.modules).toContain('cases/locales/hi.ts');
    const english = await render({ pathname: '/casetracking' });
    expect(english.html).toContain('Track Your Application');
    expect(english.modules).toContain('cases/locales/en.ts');
  });
});
