// @vitest-environment node
// The server's renderer, as the server runs it: no DOM (a window would make the pages think they are in a browser).
import { describe, expect, it } from 'vitest';
import type { CaseProgress } from '../contracts/cases.js';
import type { FeedFirstPage } from '../contracts/network.js';
import type { PublicConfig } from '../contracts/platform.js';
import { renderFirstPage, type FirstPageRequest } from './entry-server.js';
import { signedInMember } from './network/test-members.js';

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
    // The other screens' words come with those screens, not with the form (issue 42).
    expect(english.modules.filter((module) => module.startsWith('cases/locales/screens/'))).toEqual([]);
  });
});

describe('the dates of a lookup drawn on the server (issue 42)', () => {
  // Moments late in a UTC day: at UTC+14 they are the next day already, at UTC-11 still the same one.
  const step = (name: string, status: 'completed' | 'active') => ({
    name,
    status,
    description: null,
    expected_days: 10,
    typicalDays: null,
    translations: {},
  });
  const progress: CaseProgress = {
    passportNumber: 'A1234567',
    caseNumber: 'PW-2026-000123',
    status: 'In Progress',
    servicesSubscribed: [
      {
        serviceName: 'Work Visa',
        currentStep: 'Medical Fitness Examination',
        steps: [step('Employer Visa Request', 'completed'), step('Medical Fitness Examination', 'active')],
        lastUpdated: '2026-03-10T23:30:00.000Z',
        currentStepSince: '2026-03-10T23:30:00.000Z',
        // Far ahead, so it is never in the past whenever the test runs.
        estimatedCompletion: '2036-03-10T23:30:00.000Z',
        translations: {},
        delayed: false,
        remainingDays: null,
      },
    ],
    owner: null,
    documents: { required: 0, requiredAccepted: 0, missing: 0, rejected: 0, awaitingReview: 0 },
    readyToWork: {
      p50: '2036-04-01T22:15:00.000Z',
      p80: '2036-05-01T23:59:00.000Z',
      remainingSteps: 1,
      measuredSteps: 0,
      fewestCases: null,
      draws: 1,
    },
  };
  const lookup = {
    pathname: '/casetracking',
    trackerLookup: { caseNumber: progress.caseNumber, passportNumber: progress.passportNumber, progress },
  };

  it('when the server runs in a time zone far east or far west of UTC, then the result it draws writes the same days, in UTC, as the browser hydrating it does', async () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'Pacific/Kiritimati'; // UTC+14
      const east = await render(lookup);
      process.env.TZ = 'Pacific/Pago_Pago'; // UTC-11
      const west = await render(lookup);
      expect(east.html).toContain('March 10, 2036');
      expect(east.html).toContain('Likely ready to work by April 1, 2036, and by May 1, 2036');
      // A time of day names its zone.
      expect(east.html).toMatch(/Mar 10, 2026, 11:30\sPM UTC/);
      expect(west.html).toBe(east.html);
      // A result is drawn in the words of the screens after the form: the page preloads them.
      expect(east.modules).toContain('cases/locales/screens/en.ts');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('the signed-in feed drawn on the server (issue 42)', () => {
  const author = (displayName: string, username: string) => ({
    email: null,
    displayName,
    photoURL: null,
    username,
    headline: null,
  });
  const post = (id: string, description: string, timestamp: string, user = author('أمل عبد الرحمن', 'amal')) => ({
    id,
    user,
    description,
    mediaType: 'text',
    mediaURL: null,
    timestamp,
    userId: `member-${user.username}`,
    likeCount: 3,
    likedByMe: false,
    commentCount: 0,
    canDelete: false,
    reportedByMe: false,
  });
  const networkFeed: FeedFirstPage = {
    me: signedInMember({
      uid: 'member-priya',
      email: 'priya@example.test',
      displayName: 'प्रिया शर्मा',
      username: 'priya',
    }),
    posts: {
      posts: [
        // 4 min 30 s before the page was drawn, and another late in a UTC day, over a week before.
        post('p1', 'وصلت تأشيرة العمل اليوم بعد ١٢ أسبوعًا', '2026-03-10T23:25:30.000Z'),
        post('p2', 'मेरा लाइसेंस १५ मार्च को सत्यापित हुआ', '2026-03-01T23:30:00.000Z', author('राहुल वर्मा', 'rahul')),
      ],
      nextCursor: 'next',
    },
    drawnAt: '2026-03-10T23:30:00.000Z',
  };

  it('when a member opens /Home, then their first posts, in Arabic and Hindi, are in the HTML, counted from the moment the page was drawn, the same in any server time zone', async () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'Pacific/Kiritimati'; // UTC+14
      const east = await render({ pathname: '/Home', networkFeed });
      process.env.TZ = 'Pacific/Pago_Pago'; // UTC-11
      const west = await render({ pathname: '/Home', networkFeed });
      expect(east.html).toContain('وصلت تأشيرة العمل اليوم بعد ١٢ أسبوعًا');
      expect(east.html).toContain('मेरा लाइसेंस १५ मार्च को सत्यापित हुआ');
      expect(east.html).toMatch(/Welcome, (<!-- -->)?प्रिया शर्मा/);
      // How long ago counts from when the page was drawn, which the browser hydrates with too.
      expect(east.html).toContain('4 min ago');
      // Over a week ago, a date: the same day on the server and in the browser hydrating it (in UTC).
      expect(east.html).toContain('March 1, 2026');
      // The full date, in the reader's zone, is the browser's to write once it has the page.
      expect(east.html).not.toMatch(/<time[^>]*title=/);
      expect(west.html).toBe(east.html);
      expect(east.title).toBe('Home · Pathway');
      expect([east.lang, east.dir, east.status]).toEqual(['en', 'ltr', 200]);
      expect(east.modules).toEqual(['network/network-shell.tsx', 'network/home-page.tsx']);
      // Each post card is a Suspense boundary of its own (React's markers around it), which the browser
      // hydrates after the page, in slices, not with the page in one long task.
      expect(east.html.match(/<!--\$--><article[^>]*aria-label="Post by /g)).toHaveLength(2);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('when the page is drawn, then it comes with the answers the browser hydrates from, and nothing but them', async () => {
    const page = await render({ pathname: '/Home', networkFeed });
    const queries = (page.data as { queries: { queryKey: unknown[]; state: { data: unknown } }[] }).queries;
    const answer = (key: string) => queries.find((query) => query.queryKey.join('/') === key)?.state.data;
    expect(answer('network/me')).toEqual(networkFeed.me);
    expect(answer('network/feed')).toEqual({ pages: [networkFeed.posts], pageParams: [undefined] });
    expect(answer('first-page/drawn-at')).toBe(networkFeed.drawnAt);
    // The configuration every first page is drawn with, and the feed's three answers: no other query.
    expect(queries.map((query) => query.queryKey.join('/')).sort()).toEqual([
      'first-page/drawn-at',
      'network/feed',
      'network/me',
      'public-config',
    ]);
  });

  it('when /Home is asked without a member’s feed (a visitor, a profile to finish) or as /home, then the browser draws it as before', async () => {
    expect(await renderFirstPage({ publicConfig, pathname: '/Home' })).toBeUndefined();
    expect(await renderFirstPage({ publicConfig, pathname: '/home', networkFeed })).toBeUndefined();
  });
});
