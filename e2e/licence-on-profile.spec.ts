import type { StaffLicence } from '../contracts/case-licences.js';
import type { LinkCode } from '../contracts/person-links.js';
import { createCaseViaApi, uniqueSuffix } from './cases-helpers.js';
import { createLearner } from './lms-helpers.js';
import { expect, expectAccessible, staffHeaders, test } from './fixtures.js';
import { waitForMail } from './mailbox.js';
import { createMember, uniqueName } from './network-helpers.js';
import { workerApp } from './worker-app.js';

/**
 * Issue 41, seeded through the API: a member who is also an applicant links the two, and on her case
 * page switches her case's licence onto her profile; her profile carries the "Licence verified" badge, whose verify page says valid, then
 * revoked once staff revoke it, and the badge is gone. Her learning account linked too, her journey page
 * shows her readiness, her case and its ready-to-work date.
 */
test('when she shows her licence, then her profile badge leads to a verify page that says valid, then revoked', async ({
  page,
  browser,
}) => {
  const origin = workerApp().url;
  const suffix = uniqueSuffix();
  const email = `amina.${suffix}@example.test`;
  const staff = await staffHeaders('caseAdmin');
  const someCase = await createCaseViaApi(page.request, {
    case_number: `LIC-${suffix}`,
    passport_number: `P${suffix}`,
    client_name: 'أمينة الحربي Amina Al-Harbi',
    client_email: email,
    // The seeded service's steps have the agency's expected days: her journey has a ready-to-work date.
    serviceIds: [1],
  });
  const recorded = await page.request.post(`/api/caseadmin/cases/${someCase.id}/licences`, {
    headers: staff,
    data: {
      authority: 'DHA',
      licenceType: 'Registered Nurse',
      licenceNumber: `DHA-RN-${suffix}`,
      issuedOn: '2026-01-10',
      expiresOn: '2030-01-10',
    },
  });
  expect(recorded.status(), await recorded.text()).toBe(201);
  const licence = (await recorded.json()) as StaffLicence;

  // The applicant signs in by the emailed link, in a browser of her own.
  const applicant = await browser.newContext({ baseURL: origin });
  const asked = await applicant.request.post('/api/applicant/access', {
    headers: { origin },
    data: { caseNumber: someCase.case_number, passportNumber: someCase.passport_number, language: 'en' },
  });
  expect(asked.status()).toBe(202);
  const mail = await waitForMail({ to: email, subject: 'Sign in to case' });
  const link = mail.links.find((entry) => entry.includes('/casetracking/case?token='));
  expect(link).toBeDefined();
  const casePage = await applicant.newPage();
  await casePage.goto(link!);
  const licences = casePage.getByRole('region', { name: 'Your licences' });
  const toggle = licences
    .getByRole('listitem', { name: 'DHA Registered Nurse' })
    .getByRole('switch', { name: 'Show on my network profile' });
  await expect(toggle).not.toBeChecked();

  // No member has proved the case's address yet: the page says what to do, and nothing is shown.
  await toggle.click();
  await expect(licences.getByRole('alert')).toContainText('Join the network with that address');
  await expect(toggle).not.toBeChecked();

  // Her member account (signed in here) links the case with a code the case gave; she shows the licence.
  const name = uniqueName('amina');
  await createMember(page.context(), { name, displayName: 'Amina Al-Harbi' });
  const code = (await (
    await applicant.request.post('/api/applicant/links/codes', { headers: { origin } })
  ).json()) as LinkCode;
  const linked = await page.request.post('/api/network/me/links', { headers: { origin }, data: { code: code.code } });
  expect(linked.status()).toBe(200);
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(licences.getByRole('alert')).toHaveCount(0);
  await expectAccessible(casePage);

  // Her learning account links the case the same way; her journey page, from the network, shows her
  // readiness, her case and when she may be ready to work.
  const learner = await createLearner(page.request, { profession: 'nurse' });
  const learnerCode = (await (
    await applicant.request.post('/api/applicant/links/codes', { headers: { origin } })
  ).json()) as LinkCode;
  const learnerLinked = await page.request.post('/user/links', {
    headers: { origin, authorization: `Bearer ${learner.token}` },
    data: { code: learnerCode.code },
  });
  expect(learnerLinked.status(), await learnerLinked.text()).toBe(200);
  await applicant.close();
  await page.goto('/journey');
  await expect(page.getByRole('listitem', { name: learner.username })).toContainText('Not enough practice yet');
  const journeyCase = page.getByRole('listitem', { name: `Case ${someCase.case_number}` });
  await expect(journeyCase).toContainText('Ready to work by about');
  await expect(journeyCase).toContainText('DHA Registered Nurse');

  await page.goto(`/members/${name}`);
  const profile = page.getByRole('region', { name: 'Profile' });
  const badge = profile.getByRole('link', { name: /Licence verified/ });
  await expect(badge).toContainText('DHA Registered Nurse');
  await expectAccessible(page);

  await badge.click();
  await expect(page).toHaveURL(new URL(licence.verifyUrl).pathname);
  await expect(page.getByText('Valid: this licence is current.')).toBeVisible();
  await expect(page.getByText('أمينة الحربي Amina Al-Harbi')).toBeVisible();
  await expect(page.getByText(licence.licenceNumber)).toHaveCount(0);
  await expect(page.getByText(someCase.passport_number)).toHaveCount(0);
  await expectAccessible(page);

  const revoked = await page.request.post(`/api/caseadmin/licences/${licence.id}/revoke`, {
    headers: staff,
    data: { reason: 'Withdrawn by the authority' },
  });
  expect(revoked.status()).toBe(200);
  await page.reload();
  await expect(page.getByText('Revoked: this licence has been withdrawn.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'the verifiable credential' })).toHaveCount(0);

  await page.goto(`/members/${name}`);
  await expect(profile.getByRole('heading', { name: 'Amina Al-Harbi', level: 1 })).toBeVisible();
  await expect(profile.getByRole('link', { name: /Licence verified/ })).toHaveCount(0);
});
