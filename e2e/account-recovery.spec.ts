import type { Page } from '@playwright/test';
import { e2eAccounts } from './accounts.js';
import { expect, expectAccessible, test } from './fixtures.js';
import { waitForMail, type ReceivedMail } from './mailbox.js';
import { openLmsAdmin } from './lms-helpers.js';

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;

/** The emailed link as a path of the app under test (the mail's host is the app's PUBLIC_URL). */
function linkPath(mail: ReceivedMail, pathname: string): string {
  const url = mail.links.map((href) => new URL(href)).find((candidate) => candidate.pathname === pathname);
  if (!url) throw new Error(`no ${pathname} link in: ${mail.text}`);
  return `${url.pathname}${url.search}`;
}

async function setNewPassword(page: Page, password: string) {
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(password);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
}

test('when a member signs up, then the verification email arrives, its link verifies the address and the banner goes', async ({
  page,
}) => {
  const name = unique('verify');
  const email = `${name}@example.test`;
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/UserDetails$/);
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Display name').fill(`Member ${name}`);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/Home$/);

  const banner = page.getByRole('region', { name: 'Verify your email address' });
  await expect(banner).toContainText(email);
  await expectAccessible(page);

  const mail = await waitForMail({ to: email, subject: 'Verify your email address' });
  await page.goto(linkPath(mail, '/verify-email'));
  await expect(page.getByText('Your email address is verified. Thank you!')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to your feed' }).click();
  await expect(page).toHaveURL(/\/Home$/);
  await expect(page.getByRole('button', { name: 'Start a post' })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // The link opened a second time: the address is verified, so no new link is offered.
  await page.goto(linkPath(mail, '/verify-email'));
  await expect(page.getByText('Your email address is already verified.')).toBeVisible();
  await expect(page.getByText('This link is invalid or has expired. Please ask for a new one.')).toHaveCount(0);
});

test("when an emailed link's token is cut short or garbled, then its page says the link is invalid, not what the server checked", async ({
  page,
}) => {
  const garbled = 'A'.repeat(150);
  await page.goto(`/verify-email?token=${garbled}`);
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired. Please ask for a new one.');

  await page.goto(`/reset-password?token=${garbled}`);
  await page.getByLabel('New password', { exact: true }).fill('a new password');
  await page.getByLabel('Repeat the new password').fill('a new password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired. Please ask for a new one.');
  await expectAccessible(page);
});

test('when a member forgets the password, then the emailed link sets a new one and only the new one signs in', async ({
  page,
  request,
  baseURL,
}) => {
  const email = `${unique('forgot')}@example.test`;
  const headers = { origin: baseURL! };
  expect(
    (
      await request.post('/api/network/auth/sign-up', { headers, data: { email, password: 'the old password' } })
    ).status(),
  ).toBe(202);

  await page.goto('/');
  await page.getByRole('button', { name: 'Already a member? Sign In' }).click();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('If an account has this address, we have sent it a link to set a new password.'),
  ).toBeVisible();
  // Every way back from the recovery pages opens sign-in, not sign-up.
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  const mail = await waitForMail({ to: email, subject: 'Reset your Pathway password' });
  await page.goto(linkPath(mail, '/reset-password'));
  await setNewPassword(page, 'the new password');
  await page.getByRole('link', { name: 'Sign in with the new password' }).click();

  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('the old password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await page.getByLabel('Password').fill('the new password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/UserDetails$/);
});

test('when a case admin forgets the password, then the emailed link sets it and the admin signs in with it', async ({
  page,
}) => {
  const { email, password } = e2eAccounts.caseAdmin;
  await page.goto('/caseadmin/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/caseadmin\/forgot-password$/);
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('If an account has this address, we have sent it a link to set a new password.'),
  ).toBeVisible();

  const mail = await waitForMail({ to: email, subject: 'Reset your Pathway admin password' });
  await page.goto(linkPath(mail, '/caseadmin/reset-password'));
  // The other specs sign in with this admin's password, so it is set to the same one again.
  await setNewPassword(page, password);
  await page.getByRole('link', { name: 'Sign in with the new password' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/caseadmin\/dashboard$/);

  // Signing out ends the token on the server too.
  const token = await page.evaluate(() => localStorage.getItem('adminToken'));
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/caseadmin\/login$/);
  await expect
    .poll(async () =>
      (
        await page.request.get('/api/caseadmin/dashboard-metrics', { headers: { authorization: `Bearer ${token}` } })
      ).status(),
    )
    .toBe(401);
});

test('when a learner registered with an email forgets the password, then the emailed link sets a new one', async ({
  page,
}) => {
  const username = unique('learner');
  const email = `${username}@example.test`;
  await page.goto('/lms-system/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('the old password');
  await page.getByLabel('Email (optional)').fill(email);
  await page.getByLabel('Profession').selectOption('nurse');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/lms-system\/dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/lms-system\/login$/);
  // Logout ends the token on the server too.
  await expect
    .poll(async () =>
      (await page.request.get('/user/progress', { headers: { authorization: `Bearer ${token}` } })).status(),
    )
    .toBe(401);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('If an account has this address, we have sent it a link to set a new password.'),
  ).toBeVisible();
  const mail = await waitForMail({ to: email, subject: 'Reset your Pathway learning password' });
  await page.goto(linkPath(mail, '/lms-system/reset-password'));
  await setNewPassword(page, 'the new password');
  await page.getByRole('link', { name: 'Sign in with the new password' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('the new password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/lms-system\/dashboard$/);
});

test('when an LMS admin sets a learner password on the users page, then the learner is signed out and signs in with the new one, the account log shows it, and an admin’s password asks for the admin’s own', async ({
  page,
  request,
}) => {
  const username = unique('nomail');
  const registered = await request.post('/auth/register', {
    data: { username, password: 'the old password', profession: 'dentist' },
  });
  expect(registered.status()).toBe(201);
  const learnerToken = ((await registered.json()) as { token: string }).token;

  await openLmsAdmin(page);
  await page.getByRole('link', { name: 'Users and programs' }).click();
  await page.getByLabel('Search by username').fill(username);
  await page.getByRole('button', { name: `Actions for ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Set password' }).click();
  const dialog = page.getByRole('dialog', { name: `Set the password of ${username}` });
  await dialog.getByLabel('New password').fill('set by the admin');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Set password' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Password of ${username} set; they are signed out everywhere`)).toBeVisible();

  expect((await request.get('/user/progress', { headers: { authorization: `Bearer ${learnerToken}` } })).status()).toBe(
    401,
  );
  expect((await request.post('/auth/login', { data: { username, password: 'set by the admin' } })).status()).toBe(200);

  // The account log says who set whose password.
  await page.getByRole('link', { name: 'Account log' }).click();
  const log = page.getByRole('table', { name: 'Admin actions on accounts, newest first' });
  await expect(log.getByRole('row', { name: new RegExp(`password set ${username}`) })).toContainText(
    e2eAccounts.lmsAdmin.username,
  );
  await expectAccessible(page);

  // An admin's password (here the admin's own) also asks for the acting admin's own password.
  await page.getByRole('link', { name: 'Users and programs' }).click();
  await page.getByLabel('Search by username').fill(e2eAccounts.lmsAdmin.username);
  await page.getByRole('button', { name: `Actions for ${e2eAccounts.lmsAdmin.username}` }).click();
  await page.getByRole('menuitem', { name: 'Set password' }).click();
  const own = page.getByRole('dialog', { name: `Set the password of ${e2eAccounts.lmsAdmin.username}` });
  await own.getByLabel('New password').fill('never set by this test');
  await own.getByLabel('Your own password').fill('not my password');
  await own.getByRole('button', { name: 'Set password' }).click();
  await expect(own.getByText('Your own password is not right. Please try again.')).toBeVisible();
  await own.getByRole('button', { name: 'Cancel' }).click();
});
