import type { Page } from '@playwright/test';
import { createCaseViaApi, uniqueSuffix } from './cases-helpers.js';
import { expect, expectAccessible, signInAs, staffHeaders, test } from './fixtures.js';
import { waitForMail } from './mailbox.js';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Case admin' });

/** A real 1×1 PNG: the server judges files by their content. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('when staff define a document, send a file for a case, reject it with a reason and accept the next, then the checklist, the queue and the history follow', async ({
  page,
  request,
}) => {
  const suffix = uniqueSuffix();
  const serviceName = `Work Visa ${suffix}`;
  const service = await request.post('/api/caseadmin/services', {
    data: { name: serviceName },
    headers: await staffHeaders('caseAdmin'),
  });
  expect(service.status()).toBe(201);
  const serviceId = ((await service.json()) as { id: number }).id;
  await signInAs(page, 'caseAdmin');

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
  const created = await createCaseViaApi(request, {
    case_number: `DOC-${suffix}`,
    passport_number: `P${suffix}`,
    client_name: `Amal ${suffix}`,
    serviceIds: [serviceId],
  });
  await page.goto(`/caseadmin/details/${created.id}`);
  const checklist = page.getByRole('region', { name: 'Documents' });
  const passport = checklist.getByRole('listitem', { name: 'Passport copy' });
  await expect(passport).toContainText('Requested');
  await passport
    .getByLabel('Send a file for Passport copy')
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(passport).toContainText('Awaiting review');
  await expectAccessible(page);

  // The queue lists it; its file opens in a new tab.
  await sidebar(page).getByRole('link', { name: 'Documents to review' }).click();
  const row = page.getByRole('row', { name: new RegExp(`DOC-${suffix}`) });
  await expect(row).toContainText('Passport copy');
  const popup = page.waitForEvent('popup');
  await row.getByRole('button', { name: `Open Passport copy of DOC-${suffix}` }).click();
  const tab = await popup;
  await expect(tab.locator('img')).toBeVisible();
  // The staff page's handle is not the document tab's to use (issue 35).
  expect(await tab.evaluate(() => window.opener)).toBeNull();
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
  await passport
    .getByLabel('Send a file for Passport copy')
    .setInputFiles({ name: 'passport-2.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(passport).toContainText('Awaiting review');
  await passport.getByRole('button', { name: 'Accept Passport copy' }).click();
  await expect(passport).toContainText('Accepted');
  await expect(passport.getByLabel('Send a file for Passport copy')).toHaveCount(0);
  const history = page.getByRole('region', { name: 'Other Changes' });
  await expect(history).toContainText(`Passport copy (${serviceName}) rejected: The photo is blurred`);
  await expect(history).toContainText(`Passport copy (${serviceName}) accepted`);
});

test('when an applicant on a phone reading Arabic looks up the case, signs in by the Arabic email and sends a passport photo that staff refuse and then accept, then the case page follows each step', async ({
  browser,
  request,
  page,
}) => {
  const suffix = uniqueSuffix();
  const email = `applicant-${suffix.toLowerCase()}@example.test`;
  const staff = await staffHeaders('caseAdmin');
  const service = await request.post('/api/caseadmin/services', {
    data: { name: `Residence ${suffix}` },
    headers: staff,
  });
  const serviceId = ((await service.json()) as { id: number }).id;
  await request.post(`/api/caseadmin/services/${serviceId}/steps`, {
    data: { name: 'Documents', sequence: 1 },
    headers: staff,
  });
  const definition = await request.post(`/api/caseadmin/services/${serviceId}/documents`, {
    data: { name: 'Passport photo page', description: 'A clear photo of the page with your picture' },
    headers: staff,
  });
  expect(definition.status()).toBe(201);
  const created = await createCaseViaApi(request, {
    case_number: `APP-${suffix}`,
    passport_number: `N${suffix}`,
    client_name: `Layla ${suffix}`,
    client_email: email,
    serviceIds: [serviceId],
  });

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'ar-AE',
  });
  const applicant = await phone.newPage();
  await applicant.goto('/casetracking');
  await applicant.getByLabel('رقم الملف').fill(created.case_number);
  await applicant.getByLabel('رقم جواز السفر').fill(created.passport_number);
  await applicant.getByRole('button', { name: 'تحقق من الحالة' }).click();
  await applicant.getByRole('button', { name: 'سجّل الدخول لإرسال المستندات' }).click();
  await expect(applicant.getByRole('region', { name: 'أرسل مستنداتك' }).getByRole('status')).toContainText(
    'أرسلنا إليه رابط دخول',
  );
  await expectAccessible(applicant);

  // Values in an Arabic email are isolated (U+2068 … U+2069), so they keep their order.
  const mail = await waitForMail({ to: email, subject: `تسجيل الدخول إلى الملف \u2068${created.case_number}\u2069` });
  // In the shared email layout, right to left.
  expect(mail.html).toMatch(/<html[^>]*lang="ar"/);
  expect(mail.html).toMatch(/<html[^>]*dir="rtl"/);
  const link = mail.links.find((entry) => entry.includes('/casetracking/case?token='));
  expect(link).toBeDefined();
  await applicant.goto(link!);
  await expect(applicant).toHaveURL(/\/casetracking\/case$/);
  await expect(applicant.getByRole('heading', { name: 'ملفك' })).toBeVisible();
  const item = applicant.getByRole('listitem', { name: 'Passport photo page' });
  await expect(item).toContainText('مطلوب');
  const input = item.getByLabel('إرسال Passport photo page');
  await expect(input).toHaveAttribute('accept', 'image/*,application/pdf');
  await expectAccessible(applicant);
  // A file that is no picture or PDF: refused, and the page says why in Arabic, not the server's English.
  await input.setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(item.getByRole('alert')).toHaveText(
    'لم نتمكن من استخدام هذا الملف. يرجى إرسال ملف PDF أو JPEG أو PNG أو WebP.',
  );
  await input.setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(item).toContainText('بانتظار المراجعة');

  // Staff review it on their own screen (a desktop, in English).
  await signInAs(page, 'caseAdmin');
  await page.goto(`/caseadmin/details/${created.id}`);
  const staffItem = page
    .getByRole('region', { name: 'Documents' })
    .getByRole('listitem', { name: 'Passport photo page' });
  await expect(staffItem).toContainText('Awaiting review');
  await staffItem.getByRole('button', { name: 'Reject Passport photo page' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject Passport photo page' });
  await reject.getByLabel('Reason (the applicant reads it)').fill('The corners of the page are cut off');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(staffItem).toContainText('Rejected');
  const refusal = await waitForMail({ to: email, subject: 'يرجى إرسال \u2068Passport photo page\u2069 مرة أخرى' });
  expect(refusal.text).toContain('السبب: \u2068The corners of the page are cut off');
  expect(refusal.html).toMatch(/<html[^>]*dir="rtl"/);

  await applicant.reload();
  await expect(item).toContainText('مرفوض');
  await expect(item).toContainText('سبب عدم القبول: The corners of the page are cut off');
  await item
    .getByLabel('إرسال Passport photo page مرة أخرى')
    .setInputFiles({ name: 'passport-2.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(item).toContainText('بانتظار المراجعة');
  await page.reload();
  await expect(staffItem).toContainText('Awaiting review');
  await staffItem.getByRole('button', { name: 'Accept Passport photo page' }).click();
  await expect(staffItem).toContainText('Accepted');
  await waitForMail({ to: email, subject: 'تم قبول جميع المستندات' });
  await applicant.reload();
  await expect(item).toContainText('مقبول');
  await expect(item.getByLabel(/^إرسال Passport photo page/)).toHaveCount(0);

  await applicant.getByRole('button', { name: 'تسجيل الخروج' }).click();
  await expect(applicant).toHaveURL(/\/casetracking$/);
  await applicant.goto('/casetracking/case');
  await expect(applicant.getByText('أنت غير مسجل الدخول، أو انتهت جلستك.')).toBeVisible();
  await phone.close();
});
