import { expect, expectAccessible, test } from './fixtures.js';

test('when a visitor opens the public home, then it shows the tagline and the way to track an application', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /join the largest HR network/i })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expectAccessible(page);
});

test('when a multi-segment path is unknown, then the browser is sent to the public home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});

test('when dark mode is toggled, then the choice is kept in localStorage and survives a reload', async ({ page }) => {
  await page.goto('/casetracking');
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
});
