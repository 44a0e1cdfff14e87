import { expect, expectAccessible, hydrated, signInAs, test } from './fixtures.js';
import { createLearner, signInLearner } from './lms-helpers.js';
import { createMember } from './network-helpers.js';
import { workerApp } from './worker-app.js';

test('when a visitor opens the public home, then it shows the tagline and the way to track an application', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /join the largest HR network/i })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expectAccessible(page);
});

test('when a path is unknown, then the page says it is not found, with a way home, instead of landing on a sign-in page', async ({
  page,
}) => {
  for (const [path, home, label] of [
    ['/no/such/page', '/', 'Go to the home page'],
    ['/lms-system/no-such-page', '/lms-system', 'Go to the learning dashboard'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page not found' }), path).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Pathway');
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('link', { name: label })).toHaveAttribute('href', home);
  }
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to the learning dashboard' }).click();
  await expect(page).toHaveURL(/\/lms-system\/(login|dashboard)$/);
});

test('when dark mode is toggled, then the choice is kept in localStorage and survives a reload', async ({ page }) => {
  await page.goto('/casetracking');
  // The server drew the button; a click before React has taken it over does nothing (as for a user).
  await hydrated(page);
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('when a single-segment path is opened, then "Redirecting..." shows without the top navigation and the browser goes to the health authority with the token', async ({
  page,
}) => {
  // Hold the settings call back so the interim screen can be seen before the browser moves on.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/config', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/abc-1234');
  await expect(page.getByText('Redirecting...')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  release();
  await expect(page).toHaveURL(/\/casetracking\?authorityToken=abc-1234$/);
});

test('when the public tracker is opened, then the applicant header is shown instead of the network navigation', async ({
  page,
}) => {
  await page.goto('/casetracking');
  await expect(page.getByRole('navigation', { name: 'Applicant' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
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

  await signInLearner(page, await createLearner(request, { profession: 'nurse' }));
  await page.goto('/lms-system/dashboard');
  await expect(page).toHaveTitle('Learning Dashboard · Pathway');
  const learning = page.getByRole('navigation', { name: 'Learning' });
  await expect(learning.getByRole('link', { name: 'Courses' })).toBeVisible();
  // No bell that could only ever say "all caught up".
  await expect(page.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  await createMember(page.context());
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
  await signInLearner(page, await createLearner(request, { profession: 'nurse' }));
  await opened('/lms-system/dashboard', 'Learning Dashboard');
  await opened('/courses', 'Courses');
  await opened('/exam', 'Online Examination');
  await signInAs(page, 'lmsAdmin');
  await opened('/lms-system/admin/course', 'Course Management');
  await opened('/lms-system/admin/upcoming', 'Upcoming Exams');
  await opened('/lms-system/admin/exam-settings', 'Exam settings');
  await signInAs(page, 'caseAdmin');
  await opened('/caseadmin/dashboard', 'Admin Dashboard');
  await opened('/caseadmin/manage-cases', 'Case Management');
  expect([...withZod]).toEqual([]);
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
