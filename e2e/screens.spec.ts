import type { APIRequestContext, Page } from '@playwright/test';
import { createCaseViaApi, uniqueSuffix } from './cases-helpers.js';
import { e2eAccounts } from './accounts.js';
import { addQuestions, lmsAdminApi, uniqueName } from './lms-helpers.js';
import { expect, expectAccessible, signInAs, test } from './fixtures.js';
import { workerApp } from './worker-app.js';

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;

// The screen sweeps are the longest tests and share nothing: let both workers take them.
test.describe.configure({ mode: 'parallel' });

/** A network member with a complete profile, signed in in this page's browser context. */
async function signInMember(page: Page): Promise<void> {
  const baseURL = workerApp().url;
  const name = unique('member');
  const request = page.context().request;
  const headers = { origin: baseURL };
  const credentials = { email: `${name}@example.test`, password: 'correct horse battery' };
  const signUp = await request.post('/api/network/auth/sign-up', { headers, data: credentials });
  expect(signUp.status()).toBe(202);
  // Sign-up answers alike for every address; the session comes from signing in.
  const signIn = await request.post('/api/network/auth/sign-in', { headers, data: credentials });
  expect(signIn.status()).toBe(200);
  const profile = await request.put('/api/network/me/profile', {
    headers,
    data: { username: name, displayName: `Member ${name}` },
  });
  expect(profile.status()).toBe(200);
}

/** A newly registered learner whose token sits where the LMS keeps it; the token comes back for API calls. */
async function signInLearner(page: Page, request: APIRequestContext): Promise<string> {
  const response = await request.post('/auth/register', {
    data: { username: unique('learner'), password: 'a long password', profession: 'nurse' },
  });
  expect(response.status()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  await page.goto('/lms-system/login');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  return token;
}

/** The learner's first attempt, started and ended through the API, with exam results open so its row has a Review link. */
async function finishAnAttempt(request: APIRequestContext, token: string): Promise<void> {
  const learner = { authorization: `Bearer ${token}` };
  expect((await request.get('/user/exam/questions', { headers: learner })).status()).toBe(200);
  expect((await request.post('/user/exam/finish', { headers: learner })).status()).toBe(200);
  const login = await request.post('/auth/login', { data: e2eAccounts.lmsAdmin });
  const admin = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const id = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { id: number }).id;
  expect(
    (
      await request.put(`/admin/users/${id}/programs`, { headers: admin, data: { allowed_programs: ['exam-results'] } })
    ).status(),
  ).toBe(200);
}

/**
 * Nothing on the page scrolls sideways or is cut off: the document is no wider than the
 * viewport, every visible control lies inside it, and no scrolling or clipping box hides part
 * of its content sideways (a table that only fits by scrolling inside its card counts as clipped).
 */
async function expectFitsWidth(page: Page): Promise<void> {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const viewport = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > viewport)
      found.push(`document is ${document.documentElement.scrollWidth}px wide in a ${viewport}px viewport`);
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
    for (const el of Array.from(document.querySelectorAll('button, a, input, select, textarea'))) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden
      if (box.left < -0.5 || box.right > viewport + 0.5)
        found.push(`${describe(el)} spans ${Math.round(box.left)}–${Math.round(box.right)}px`);
    }
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const style = getComputedStyle(el);
      if (!['auto', 'scroll', 'hidden'].includes(style.overflowX)) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(`${describe(el)} hides ${el.scrollWidth - el.clientWidth}px sideways`);
    }
    for (const el of Array.from(document.querySelectorAll('button, a'))) {
      // A control's own text must not spill out of it (e.g. a label wider than a crushed button).
      const box = el.getBoundingClientRect();
      if (box.width <= 1) continue;
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline')
        found.push(`${describe(el)} text overflows its box`);
    }
    return found;
  });
  expect(problems, `at ${page.viewportSize()?.width}px on ${page.url()}`).toEqual([]);
}

const widths = [390, 768, 900, 1024, 1280, 1440, 1920];

type SweptScreen = { name: string; path: string; heading?: string | RegExp };

/**
 * Opens a screen and waits for it (its heading, if given, then no spinner: the feed keeps a live
 * stream open, so "network idle" never comes), checks that it fits the width if asked and that axe
 * finds nothing serious, and saves it as test-results/screens/{name}-{width}-{light|dark}.png.
 */
async function checkScreen(page: Page, screen: SweptScreen, dark: boolean, { fits }: { fits: boolean }): Promise<void> {
  await page.goto(screen.path);
  if (screen.heading) await expect(page.getByRole('heading', { name: screen.heading, level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
  if (fits) await expectFitsWidth(page);
  await expectAccessible(page);
  await page.screenshot({
    path: `test-results/screens/${screen.name}-${page.viewportSize()?.width}-${dark ? 'dark' : 'light'}.png`,
    fullPage: true,
  });
}

type Screen = { name: string; path: string; ready: (page: Page) => Promise<void> };

const screens: Screen[] = [
  {
    name: 'home',
    path: '/Home',
    ready: (page) => expect(page.getByRole('button', { name: 'Start a post' })).toBeVisible(),
  },
  {
    name: 'tracker',
    path: '/casetracking',
    ready: (page) => expect(page.getByRole('heading', { name: 'Track Your Application' })).toBeVisible(),
  },
  {
    name: 'case-list',
    path: '/caseadmin/manage-cases',
    ready: (page) => expect(page.getByRole('heading', { name: 'Case Management' })).toBeVisible(),
  },
  {
    name: 'lms-dashboard',
    path: '/lms-system/dashboard',
    ready: (page) => expect(page.getByRole('heading', { name: 'Learning Dashboard' })).toBeVisible(),
  },
  {
    name: 'exam',
    path: '/exam',
    ready: (page) => expect(page.getByRole('heading', { name: 'Online Examination' })).toBeVisible(),
  },
];

test('when the main screens are shown at phone, tablet and desktop widths, then nothing scrolls sideways or is clipped', async ({
  page,
  request,
  baseURL,
}) => {
  // The learner's attempt needs a question of their profession; this spec brings its own.
  const lmsAdmin = await lmsAdminApi(baseURL ?? '');
  const questionIds = await addQuestions(lmsAdmin, 'nurse', 1, uniqueName('screens'));
  await signInMember(page);
  await signInAs(page, 'caseAdmin');
  const learner = await signInLearner(page, request);
  for (const screen of screens) {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(screen.path);
      await screen.ready(page);
      await expectFitsWidth(page);
    }
  }
  // The exam intro once an attempt is finished: its history table, with every attempt's Review link in reach.
  await finishAnAttempt(request, learner);
  for (const id of questionIds) expect((await lmsAdmin.delete(`/exam-questions/${id}`)).status()).toBe(204);
  await lmsAdmin.dispose();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/exam');
    await expect(page.getByRole('link', { name: /^Review the attempt/ })).toBeVisible();
    await expectFitsWidth(page);
  }
});

test('when the case list is shown at any width, then case and passport numbers are never broken across lines', async ({
  page,
  request,
}) => {
  // A number shaped like the generated ones (dashes included), where a squeezed column used to break it.
  const caseNumber = `PW-2026-${uniqueSuffix().slice(-6)}`;
  await createCaseViaApi(request, {
    case_number: caseNumber,
    passport_number: 'P-WHOLE-1234',
    client_name: 'Whole Number Client',
    serviceIds: [],
  });
  await signInAs(page, 'caseAdmin');
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    // The newest case comes first; on a phone the rows are drawn as cards, so find it by its text.
    await page.goto('/caseadmin/manage-cases');
    const row = page.locator('tr', { hasText: caseNumber });
    await expect(row).toBeVisible();
    const lineCounts = await row
      .locator('td[data-label="Case Number"], td[data-label="Passport Number"]')
      .evaluateAll((cells) =>
        cells.map((cell) => {
          // The cell's text laid out on how many lines: one line box per distinct top of its text's
          // rectangles (text nodes only: an element's own box, such as the case number's link drawn
          // as a flex item on a card, starts above its text and would count as a line of its own).
          const tops = new Set<number>();
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of Array.from(range.getClientRects())) tops.add(Math.round(rect.top));
          }
          return tops.size;
        }),
      );
    expect(lineCounts, `at ${width}px`).toEqual([1, 1]);
    await expectFitsWidth(page);
  }
});

test('when words are typed as an address, then they lead to the matching page and never off-site', async ({ page }) => {
  const expectations: [string, RegExp][] = [
    ['/lms-system', /\/lms-system\/login$/],
    ['/LMS-SYSTEM', /\/lms-system\/login$/],
    ['/dashboard', /\/lms-system\/login$/],
    ['/login', /\/$/],
    ['/HOME', /\/$/], // /Home for a visitor without a session leads back to the sign-in page
    ['/userdetails', /\/$/],
    ['/caseadmin', /\/caseadmin\/login$/],
    ['/CaseTracking', /\/CaseTracking$/],
  ];
  for (const [typed, landing] of expectations) {
    await page.goto(typed);
    await expect(page, typed).toHaveURL(landing);
    expect(new URL(page.url()).host, typed).toBe(new URL(workerApp().url).host);
  }
  // Words that name nothing stay where they are and say so, with a way home, instead of landing silently elsewhere.
  for (const [typed, home] of [
    ['/CASEADMIN/nothing-here', 'Go to the case admin dashboard'],
    ['/no/such/page', 'Go to the home page'],
  ] as const) {
    await page.goto(typed);
    await expect(page.getByRole('heading', { name: 'Page not found' }), typed).toBeVisible();
    await expect(page, typed).toHaveURL(new RegExp(`${typed}$`));
    await expect(page.getByRole('link', { name: home }), typed).toBeVisible();
  }
});

test('when a token-shaped segment is opened, then the browser goes to the health authority with it', async ({
  page,
}) => {
  await page.goto('/Ab3xY9kQ');
  await expect(page).toHaveURL(/\/casetracking\?authorityToken=Ab3xY9kQ$/);
});

test('when each area is opened, then it has its own header, title and dark-mode switch', async ({ page, request }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Sign in · Pathway');
  await expect(page.getByRole('button', { name: 'Dark mode' })).toBeVisible();

  await page.goto('/casetracking');
  await expect(page).toHaveTitle('Track Your Application · Pathway');
  await expect(page.getByRole('navigation', { name: 'Applicant' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Dark mode' })).toBeVisible();

  await page.goto('/lms-system/login');
  await expect(page).toHaveTitle('Login · Pathway');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Learning' })).toBeVisible();
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectAccessible(page);

  // The pages emailed links open and the signed-out admin pages have the logo and the switch too.
  const accountPages: [string, string][] = [
    ['/forgot-password', 'Account'],
    ['/reset-password?token=none', 'Account'],
    ['/verify-email', 'Account'],
    ['/caseadmin/login', 'Case admin account'],
    ['/caseadmin/forgot-password', 'Case admin account'],
    ['/caseadmin/reset-password?token=none', 'Case admin account'],
    ['/lms-system/forgot-password', 'Learning'],
    ['/lms-system/reset-password?token=none', 'Learning'],
  ];
  await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
  for (const [path, navigation] of accountPages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /^Pathway / }), path).toBeVisible();
    await expect(page.getByRole('navigation', { name: navigation, exact: true }), path).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dark mode' }), path).toBeVisible();
  }
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.goto('/forgot-password');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);

  await signInLearner(page, request);
  await page.goto('/lms-system/dashboard');
  await expect(page).toHaveTitle('Learning Dashboard · Pathway');
  const learning = page.getByRole('navigation', { name: 'Learning' });
  await expect(learning.getByRole('link', { name: 'Courses' })).toBeVisible();
  // No bell that could only ever say "all caught up".
  await expect(page.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  await signInMember(page);
  await page.goto('/Home');
  await expect(page).toHaveTitle('Home · Pathway');
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Home' })).toBeVisible();
  // Only entries that lead somewhere: the static ones are gone, and the search box searches.
  await expect(main.getByRole('link')).toHaveText(['Home', 'Notifications', 'Settings']);
  await expect(page.getByText('Invest')).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: 'Search posts and members' })).toHaveCount(1);
  await expect(page.getByRole('complementary', { name: 'Advertisement' })).toHaveCount(0);
});

test('when the LMS and case admin pages load, then none of their scripts carries zod, which stays on the server', async ({
  page,
  request,
}) => {
  const withZod = new Set<string>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (body.includes('ZodError')) withZod.add(new URL(response.url()).pathname);
  });
  const opened = async (path: string, heading: string) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true }), path).toBeVisible();
  };
  await opened('/lms-system/register', 'Create your account');
  await signInLearner(page, request);
  await opened('/lms-system/dashboard', 'Learning Dashboard');
  await opened('/courses', 'Courses');
  await opened('/exam', 'Online Examination');
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/lms-system/login');
  await page.getByLabel('Username').fill(e2eAccounts.lmsAdmin.username);
  await page.getByLabel('Password').fill(e2eAccounts.lmsAdmin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/lms-system\/admin$/);
  await opened('/lms-system/admin/course', 'Course Management');
  await opened('/lms-system/admin/upcoming', 'Upcoming Exams');
  await opened('/lms-system/admin/exam-settings', 'Exam settings');
  await signInAs(page, 'caseAdmin');
  await opened('/caseadmin/dashboard', 'Admin Dashboard');
  await opened('/caseadmin/manage-cases', 'Case Management');
  expect([...withZod]).toEqual([]);
});

test('when a new case is sent without a passport number, then the form says so next to that field in plain words', async ({
  page,
}) => {
  await signInAs(page, 'caseAdmin');
  await page.goto('/caseadmin/create-case');
  await page.getByLabel('Client Name').fill('Plain Words');
  await page.getByRole('button', { name: 'Create Case' }).click();
  const passport = page.getByLabel('Passport Number');
  await expect(passport).toHaveAttribute('aria-invalid', 'true');
  await expect(passport).toHaveAccessibleDescription('Please enter the passport number.');
  await expect(page.getByText(/Invalid body|passport_number/)).toHaveCount(0);
  await expectAccessible(page);
});

test("when the tracker is given a case number longer than any, then it answers in plain words, not with the request's field names", async ({
  page,
}) => {
  await page.goto('/casetracking');
  await page.getByLabel('Case Number').fill('X'.repeat(70));
  await page.getByLabel('Passport Number').fill('P1');
  await page.getByRole('button', { name: 'Check Status' }).click();
  await expect(page.getByRole('alert')).toHaveText('Case number must be at most 64 characters.');
  await expect(page.getByText(/Invalid query|caseNumber/)).toHaveCount(0);
});

test("when the admin dashboard lists recent cases, then it shows case numbers and the badges use the chart's status colours", async ({
  page,
  request,
}) => {
  const created = await createCaseViaApi(request, {
    case_number: `RC-${uniqueSuffix()}`,
    passport_number: 'P-RECENT',
    client_name: 'Recent Client',
    serviceIds: [],
  });
  await signInAs(page, 'caseAdmin');
  await page.goto('/caseadmin/dashboard');
  const recent = page.getByRole('region', { name: 'Recent Cases' });
  await expect(recent.getByRole('link', { name: created.case_number })).toBeVisible();
  const badge = recent.getByRole('row').filter({ hasText: created.case_number }).getByText('Under Review');
  const [badgeColour, paletteColour] = await badge.evaluate((el) => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--status-under-review)';
    document.body.append(probe);
    const expected = getComputedStyle(probe).color;
    probe.remove();
    return [getComputedStyle(el).color, expected];
  });
  expect(badgeColour).toBe(paletteColour);
});

test('when an applicant checks a case on a phone, then the result is scrolled into view and focused', async ({
  page,
  request,
}) => {
  const created = await createCaseViaApi(request, {
    case_number: `PH-${uniqueSuffix()}`,
    passport_number: 'P-PHONE',
    client_name: 'Phone Client',
    serviceIds: [1],
  });
  await page.setViewportSize({ width: 390, height: 640 });
  await page.goto('/casetracking');
  await page.getByLabel('Case Number').fill(created.case_number);
  await page.getByLabel('Passport Number').fill('P-PHONE');
  await page.getByRole('button', { name: 'Check Status' }).click();
  const heading = page.getByRole('heading', { name: 'Case Progress Tracker' });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
});

/**
 * The case admin's screens that staff work in all day, at the desk widths too (1440, 1920), light
 * and dark: the dense case table, a case's details with its step cards, the dashboard, a service's
 * steps. Axe checks each; each is saved for a person to judge the look.
 */
test('when the case admin screens are opened from 390 to 1920 px in light and dark mode, then they fit, axe finds no serious violation and a screenshot is saved', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const created = await createCaseViaApi(request, {
    case_number: `SCR-${uniqueSuffix()}`,
    passport_number: 'P-SCREENS-1',
    client_name: 'Screens Client With A Rather Long Name',
    client_email: 'a.rather.long.applicant.address@example-recruitment.test',
    serviceIds: [1, 2, 3, 4],
  });
  await signInAs(page, 'caseAdmin');
  const adminScreens = [
    { name: 'caseadmin-manage-cases', path: '/caseadmin/manage-cases', heading: 'Case Management' },
    { name: 'caseadmin-details', path: `/caseadmin/details/${created.id}`, heading: 'Case Details' },
    { name: 'caseadmin-dashboard', path: '/caseadmin/dashboard', heading: 'Admin Dashboard' },
    { name: 'caseadmin-steps', path: '/caseadmin/services/1/steps', heading: /^Steps of / },
  ];
  for (const dark of [false, true]) {
    await page.evaluate((value) => localStorage.setItem('darkMode', String(value)), dark);
    for (const width of [390, 1024, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      for (const screen of adminScreens) await checkScreen(page, screen, dark, { fits: true });
    }
  }
  // At desk widths the details' facts keep apart: the long email does not run under the status badge.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/caseadmin/details/${created.id}`);
  const email = page.getByText('a.rather.long.applicant.address@example-recruitment.test');
  const badge = page.getByRole('region', { name: 'Case' }).getByText('Under Review', { exact: true });
  const [emailBox, badgeBox] = [await email.boundingBox(), await badge.boundingBox()];
  const overlap =
    emailBox &&
    badgeBox &&
    emailBox.x < badgeBox.x + badgeBox.width &&
    badgeBox.x < emailBox.x + emailBox.width &&
    emailBox.y < badgeBox.y + badgeBox.height &&
    badgeBox.y < emailBox.y + emailBox.height;
  expect(overlap).toBe(false);
  // Each step select is wide enough for its longest option: no step name is cut.
  for (const select of await page.getByRole('combobox', { name: /^Change Step for / }).all()) {
    const fits = await select.evaluate((el: HTMLSelectElement) => {
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(el).font;
      probe.style.position = 'absolute';
      probe.style.whiteSpace = 'nowrap';
      document.body.append(probe);
      const widest = Math.max(
        ...Array.from(el.options).map(
          (option) => ((probe.textContent = option.text), probe.getBoundingClientRect().width),
        ),
      );
      probe.remove();
      // The select's padding and its arrow take about 2.5rem.
      return widest + 40 <= el.getBoundingClientRect().width;
    });
    expect(fits, (await select.getAttribute('aria-label')) ?? 'step select').toBe(true);
  }
});

// Signed in, most of these lead on to the area's home, so they are swept before signing in.
const signedOutScreens = [
  '/',
  '/no-such-page',
  '/casetracking',
  '/caseadmin/login',
  '/caseadmin/forgot-password',
  '/forgot-password',
  '/verify-email',
  '/lms-system/login',
  '/lms-system/register',
];
const signedInScreens = [
  '/Home',
  '/UserDetails',
  '/settings',
  '/caseadmin/dashboard',
  '/caseadmin/manage-cases',
  '/caseadmin/create-case',
  '/caseadmin/services',
  '/lms-system/dashboard',
  '/courses',
  '/exam',
  '/lms-system/mock-exam',
  '/lmsprofile',
];

/**
 * Each screen at a phone and a desktop width, in light and dark mode: axe checks it, and it is saved
 * as test-results/screens/{screen}-{width}-{light|dark}.png for a person to judge the look.
 */
async function sweepScreens(page: Page, paths: readonly string[]): Promise<void> {
  for (const dark of [false, true]) {
    // The choice is read from the app's storage, so the page must be on the app's origin to set it.
    if (page.url() === 'about:blank') await page.goto(paths[0] ?? '/');
    await page.evaluate((value) => localStorage.setItem('darkMode', String(value)), dark);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of paths) {
        await checkScreen(page, { name: path === '/' ? 'sign-in' : path.slice(1).replaceAll('/', '-'), path }, dark, {
          fits: false,
        });
      }
    }
  }
}

test('when every screen a visitor sees is opened at 390 and 1280 px in light and dark mode, then axe finds no serious violation and a screenshot is saved', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await sweepScreens(page, signedOutScreens);
});

test('when every screen of a signed-in member, case admin and learner is opened at 390 and 1280 px in light and dark mode, then axe finds no serious violation and a screenshot is saved', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  await signInMember(page);
  await signInAs(page, 'caseAdmin');
  await signInLearner(page, request);
  await sweepScreens(page, signedInScreens);
});

/**
 * The LMS admin's screens in the shared admin shell (and a course as a learner reads its Markdown
 * lessons) from a phone to a wide desk screen, light and dark: they fit, axe finds nothing serious,
 * and each is saved for a person to judge the look.
 */
test('when the LMS admin screens are opened from 390 to 1920 px in light and dark mode, then they fit, axe finds no serious violation and a screenshot is saved', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const login = await request.post('/auth/login', { data: e2eAccounts.lmsAdmin });
  const adminToken = ((await login.json()) as { token: string }).token;
  const admin = { authorization: `Bearer ${adminToken}` };
  const lessons = [
    {
      title: 'A lesson with a list',
      body: "Before the **procedure**:\n\n- confirm the patient's identity\n- explain what will happen\n- check for allergies\n\n## Afterwards\n\nRecord what was done, and by whom.",
    },
    {
      title: 'A lesson with a long word',
      body: 'Pneumonoultramicroscopicsilicovolcanoconiosis is a long word that must wrap rather than push the page sideways.',
    },
  ];
  const created = await request.post('/admin/courses', {
    headers: admin,
    data: {
      title: `Screens course ${unique('')}`,
      profession: 'nurse',
      description: 'A course for the screens test.',
      sections: lessons,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await page.goto('/lms-system/login');
  await page.evaluate((value) => localStorage.setItem('token', value), adminToken);
  const adminScreens = [
    { name: 'lms-admin-questions', path: '/lms-system/admin', heading: 'Exam Question Management' },
    { name: 'lms-admin-courses', path: '/lms-system/admin/course', heading: 'Course Management' },
    { name: 'lms-admin-course-new', path: '/lms-system/admin/course/new', heading: 'Add New Course' },
    { name: 'lms-admin-course-edit', path: `/lms-system/admin/course/${id}`, heading: /^Edit course: / },
    { name: 'lms-admin-users', path: '/lms-system/admin/users', heading: 'Users and Programs' },
    { name: 'lms-admin-logs', path: '/lms-system/admin/logs', heading: 'Exam Logs' },
  ];
  // A learner with the course library reads the same course.
  const learnerToken = await signInLearner(page, request);
  const learnerId = (
    JSON.parse(Buffer.from(learnerToken.split('.')[1] ?? '', 'base64url').toString()) as { id: number }
  ).id;
  expect(
    (
      await request.put(`/admin/users/${learnerId}/programs`, {
        headers: admin,
        data: { allowed_programs: ['course'] },
      })
    ).status(),
  ).toBe(200);
  const learnerPage = await (await browser.newContext({ baseURL })).newPage();
  await learnerPage.goto('/lms-system/login');
  await learnerPage.evaluate((value) => localStorage.setItem('token', value), learnerToken);
  await page.evaluate((value) => localStorage.setItem('token', value), adminToken);

  for (const dark of [false, true]) {
    for (const target of [page, learnerPage])
      await target.evaluate((value) => localStorage.setItem('darkMode', String(value)), dark);
    for (const width of [390, 1024, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      for (const screen of adminScreens) await checkScreen(page, screen, dark, { fits: true });
      await learnerPage.setViewportSize({ width, height: 900 });
      await learnerPage.goto(`/courses/${id}`);
      await expect(learnerPage.getByRole('region', { name: 'A lesson with a list' }).getByRole('listitem')).toHaveCount(
        3,
      );
      await expectFitsWidth(learnerPage);
      await expectAccessible(learnerPage);
      await learnerPage.screenshot({
        path: `test-results/screens/lms-course-markdown-${width}-${dark ? 'dark' : 'light'}.png`,
        fullPage: true,
      });
    }
  }
  await learnerPage.context().close();
  expect((await request.delete(`/admin/courses/${id}`, { headers: admin })).status()).toBe(204);
});

test('when the case admin and the LMS admin are opened, then both draw the same shell: title, their pages, dark mode and sign-out in one sidebar', async ({
  page,
}) => {
  await signInAs(page, 'caseAdmin');
  await signInAs(page, 'lmsAdmin');
  await page.setViewportSize({ width: 1440, height: 900 });
  const shapes: string[] = [];
  for (const [path, title, nav] of [
    ['/caseadmin/manage-cases', 'Pathway Case Admin', 'Case admin'],
    ['/lms-system/admin/users', 'Pathway LMS Admin', 'LMS admin'],
  ] as const) {
    await page.goto(path);
    const sidebar = page.getByRole('complementary');
    await expect(sidebar.getByRole('link', { name: title })).toBeVisible();
    await expect(sidebar.getByRole('navigation', { name: nav }).locator('a[aria-current="page"]')).toHaveCount(1);
    await expect(sidebar.getByRole('button', { name: 'Dark mode' })).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Sign out' })).toBeVisible();
    // No second header above the shell (the learner's header is not drawn on admin pages).
    await expect(page.getByRole('banner')).toHaveCount(0);
    shapes.push(
      await sidebar.evaluate((el) => `${el.className} ${getComputedStyle(el).width} ${getComputedStyle(el).position}`),
    );
  }
  expect(shapes[0]).toBe(shapes[1]);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/lms-system\/login$/);
});
