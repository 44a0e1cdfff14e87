import type { Page } from '@playwright/test';
import { adminApiToken, createCaseViaApi, signInWithToken, uniqueSuffix } from './cases-helpers.js';
import { expect, expectAccessible, test } from './fixtures.js';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Case admin' });

/** A real 1×1 PNG: the server judges files by their content. */
const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('when staff define a document, send a file for a case, reject it with a reason and accept the next, then the checklist, the queue and the history follow', async ({ page, request }) => {
  const suffix = uniqueSuffix();
  const serviceName = `Work Visa ${suffix}`;
  const token = await adminApiToken(request);
  const service = await request.post('/api/caseadmin/services', { data: { name: serviceName }, headers: { authorization: `Bearer ${token}` } });
  expect(service.status()).toBe(201);
  const serviceId = ((await service.json()) as { id: number }).id;
  await signInWithToken(page, request);

  // The services screen: add, edit and remove what the service asks applicants to send.
  await page.goto('/caseadmin/services');
  const documents = page.getByRole('region', { name: 'Documents applicants send' });
  await documents.getByLabel('Service').selectOption({ label: serviceName });
  await expect(documents.getByText(`${serviceName} asks for no documents yet.`)).toBeVisible();
  for (const name of ['Passport copy', 'Old certificate']) {
    await documents.getByLabel('Document name').fill(name);
    await documents.getByRole('button', { name: 'Add Document' }).click();
    await expect(documents.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  }
  await documents.getByRole('button', { name: 'Edit Passport copy' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Passport copy' });
  await edit.getByLabel('Description for the applicant').fill('The photo page, in colour');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(documents.getByRole('row', { name: /The photo page, in colour/ })).toBeVisible();
  await documents.getByRole('button', { name: 'Remove Old certificate' }).click();
  await page.getByRole('dialog', { name: 'Remove document' }).getByRole('button', { name: 'Remove' }).click();
  await expect(documents.getByRole('row', { name: /Old certificate/ })).toHaveCount(0);
  await expectAccessible(page);

  // The case's details: the checklist, a file sent by staff.
  const created = await createCaseViaApi(request, { case_number: `DOC-${suffix}`, passport_number: `P${suffix}`, client_name: `Amal ${suffix}`, serviceIds: [serviceId] });
  await page.goto(`/caseadmin/details/${created.id}`);
  const checklist = page.getByRole('region', { name: 'Documents' });
  const passport = checklist.getByRole('listitem', { name: 'Passport copy' });
  await expect(passport).toContainText('Requested');
  await passport.getByLabel('Send a file for Passport copy').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(passport).toContainText('Awaiting review');
  await expectAccessible(page);

  // The queue lists it; its file opens in a new tab.
  await sidebar(page).getByRole('link', { name: 'Documents to review' }).click();
  const row = page.getByRole('row', { name: new RegExp(`DOC-${suffix}`) });
  await expect(row).toContainText('Passport copy');
  const popup = page.waitForEvent('popup');
  await row.getByRole('button', { name: `Open Passport copy of DOC-${suffix}` }).click();
  await expect((await popup).locator('img')).toBeVisible();
  await expectAccessible(page);

  // Rejected with a reason, then a new file is accepted.
  await row.getByRole('link', { name: `DOC-${suffix}` }).click();
  await passport.getByRole('button', { name: 'Reject Passport copy' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject Passport copy' });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByRole('alert')).toContainText('Say why the document is rejected');
  await reject.getByLabel('Reason (the applicant reads it)').fill('The photo is blurred');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(passport).toContainText('Rejected');
  await expect(passport).toContainText('Reason: The photo is blurred');
  await passport.getByLabel('Send a file for Passport copy').setInputFiles({ name: 'passport-2.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(passport).toContainText('Awaiting review');
  await passport.getByRole('button', { name: 'Accept Passport copy' }).click();
  await expect(passport).toContainText('Accepted');
  await expect(passport.getByLabel('Send a file for Passport copy')).toHaveCount(0);
  const history = page.getByRole('region', { name: 'Other Changes' });
  await expect(history).toContainText(`Passport copy (${serviceName}) rejected: The photo is blurred`);
  await expect(history).toContainText(`Passport copy (${serviceName}) accepted`);
});
