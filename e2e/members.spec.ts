import type { Page } from '@playwright/test';
import { startAppProcess } from './app-process.js';
import { expect, expectAccessible, test } from './fixtures.js';
import { createLearner, signInLearner } from './lms-helpers.js';
import { createMember, createPost } from './network-helpers.js';
import { workerApp } from './worker-app.js';

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Signs up through the form, stopping at the profile page; returns the credentials. */
async function signUp(page: Page, name: string) {
  const email = `${name}@example.test`;
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/UserDetails$/);
  return { email, password: 'correct horse battery' };
}

test('when a form is sent with a wrong or missing field, then the app says what to fix under the field in its own words, before and after sending', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const email = page.getByLabel('Email');
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
  await expect(email).toBeFocused();
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(/Please enter the password\./);
  await expect(page).toHaveURL(/\/$/);
  await expectAccessible(page);
  // The sentence follows what is typed.
  await email.fill('someone@example.test');
  await expect(email).not.toHaveAccessibleDescription('Please enter a valid email address.');

  const name = unique('forms');
  await signUp(page, name);
  const username = page.getByLabel('Username');
  await username.fill('has spaces');
  await page.getByLabel('Display name').fill('Forms Member');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(username).toHaveAccessibleDescription(
    /A username may hold only letters, digits, dots, dashes and underscores\./,
  );
  await expect(page).toHaveURL(/\/UserDetails$/);

  // After sending: the server's own sentence for a taken username.
  const taken = unique('taken');
  const other = await page.context().browser()!.newContext({ baseURL: workerApp().url });
  await createMember(other, { name: taken, displayName: 'Taken' });
  await other.close();
  await username.fill(taken);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This username is already taken' })).toBeVisible();
});

test('when a member uses the settings page, then name, photo and password change, other devices are signed out, and deleting the account says what goes and removes it', async ({
  page,
  browser,
  baseURL,
}) => {
  const member = await createMember(page.context(), { name: unique('settings'), displayName: 'Before Rename' });
  const credentials = { email: member.email, password: member.password };
  await page.goto('/Home');
  // The feed's card offers a photo while there is none, and leads to the settings.
  await page.getByRole('link', { name: 'Add a photo' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByText('Not verified yet')).toBeVisible();
  await expectAccessible(page);

  // A second device, signed in elsewhere.
  const elsewhere = await browser.newContext({ baseURL });
  expect(
    (
      await elsewhere.request.post('/api/network/auth/sign-in', {
        headers: { origin: baseURL ?? '' },
        data: credentials,
      })
    ).status(),
  ).toBe(200);

  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByLabel('Add a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(profile.getByText('Change photo')).toBeVisible();
  await profile.getByLabel('Display name').fill('After Rename');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Profile' }).getByLabel('Display name')).toHaveValue('After Rename');
  await expect(page.getByRole('region', { name: 'Profile' }).getByText('Change photo')).toBeVisible();

  const devices = page.getByRole('region', { name: 'Devices' });
  await expect(devices).toContainText('You are also signed in on 1 other device.');
  await devices.getByRole('button', { name: 'Sign out of other devices' }).click();
  await expect(devices).toContainText('You are signed in on this device only.');
  expect(((await (await elsewhere.request.get('/api/network/me')).json()) as { user: unknown }).user).toBeNull();
  await elsewhere.close();

  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill('not my password');
  await password.getByLabel('New password').fill('a brand new secret');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('alert')).toHaveText('Your password is not right. Please try again.');
  await expect(page).toHaveURL(/\/settings$/);
  await password.getByLabel('Current password').fill(credentials.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await createPost(page.context(), 'A post that leaves with me');
  await page.goto('/Home');
  await expect(page.getByRole('article').filter({ hasText: 'A post that leaves with me' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();

  const leaving = page.getByRole('region', { name: 'Delete your account' });
  await expect(leaving).toContainText('Your post, comments, likes and photo are deleted with it');
  await leaving.getByLabel('Your password').fill('a brand new secret');
  await leaving.getByRole('button', { name: 'Delete my account' }).click();
  await page
    .getByRole('dialog', { name: 'Delete your account?' })
    .getByRole('button', { name: 'Delete for good' })
    .click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/(\?mode=signin)?$/);
  await expect(page.getByText('Your session has ended')).toHaveCount(0);
  const signIn = await page.context().request.post('/api/network/auth/sign-in', {
    headers: { origin: baseURL ?? '' },
    data: { email: credentials.email, password: 'a brand new secret' },
  });
  expect(signIn.status()).toBe(401);
});

test('when the phone asks for dark mode, then the app is dark until the member chooses, and the choice then stays', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/casetracking');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  // Chosen: light stays light whatever the system says.
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('when no external sign-in is configured, then the sign-in page offers none', async ({ page }) => {
  // An app of its own without OIDC_* settings: the sign-in page is drawn on the server from the
  // app's settings, so answering /api/config differently in the browser would only disagree with it.
  test.slow();
  const app = await startAppProcess(() => ({}));
  try {
    await page.goto(`${app.url}/?mode=signin`);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /Sign in with/ })).toHaveCount(0);
    await expect(page.getByText('not configured')).toHaveCount(0);
  } finally {
    await app.dispose();
  }
});

test('when the navigation is seen on a phone, then every entry has its word, and actions look like buttons', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await createMember(page.context(), { name: unique('phone'), displayName: 'Phone Member' });
  await page.goto('/Home');
  const main = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['Home', 'Settings']) await expect(main.getByText(label, { exact: true })).toBeVisible();

  await signInLearner(page, await createLearner(request, { profession: 'nurse' }));
  await page.goto('/lms-system/dashboard');
  const learning = page.getByRole('navigation', { name: 'Learning' });
  for (const label of ['Dashboard', 'Courses', 'Exam', 'Profile', 'Logout'])
    await expect(learning.getByText(label, { exact: true })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // Quick practice has a button's outline like the actions beside it, not the look of plain text.
  const outline = (name: string) =>
    page.getByRole('link', { name }).evaluate((el) => getComputedStyle(el).borderTopColor);
  const transparent = 'rgba(0, 0, 0, 0)';
  expect(await outline('Quick practice (5 minutes)')).not.toBe(transparent);
  expect(await outline('Quick practice (5 minutes)')).toBe(await outline('View Courses'));
  await expectAccessible(page);
});
