import { expect, expectAccessible, test } from './fixtures.js';

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
