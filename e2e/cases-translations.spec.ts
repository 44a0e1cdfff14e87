import type { Service, Step } from '../contracts/cases.js';
import { createCaseViaApi, uniqueSuffix } from './cases-helpers.js';
import { expect, staffHeaders, test } from './fixtures.js';

// The staff's side is the case admin's: the page starts signed in (the worker's session).
test.use({ signedInAs: 'caseAdmin' });

test('when staff give a step its Arabic name, rename and move a step, and give the service and its document Hindi names, then the lists follow, count what is still missing, and the Arabic tracker shows the Arabic name', async ({
  page,
  browser,
  request,
}) => {
  const suffix = uniqueSuffix();
  const headers = await staffHeaders('caseAdmin');
  const service = (await (
    await request.post('/api/caseadmin/services', { headers, data: { name: `Work Visa ${suffix}` } })
  ).json()) as Service;
  const steps: Step[] = [];
  for (const [index, name] of ['Employer Visa Request', 'Medical Examination'].entries()) {
    const created = await request.post(`/api/caseadmin/services/${service.id}/steps`, {
      headers,
      data: { name, sequence: index + 1 },
    });
    expect(created.status()).toBe(201);
    steps.push((await created.json()) as Step);
  }
  // A document named in Arabic only: Hindi lacks its name.
  const documentName = `Passport copy (every stamped page) ${suffix}`;
  expect(
    (
      await request.post(`/api/caseadmin/services/${service.id}/documents`, {
        headers,
        data: { name: documentName, required: true, translations: { ar: { name: 'نسخة جواز السفر' } } },
      })
    ).status(),
  ).toBe(201);
  const applicant = { case_number: `TR-${suffix}`, passport_number: `T${suffix}` };
  await createCaseViaApi(request, {
    ...applicant,
    client_name: 'عائشة الحربي',
    serviceIds: [service.id],
  });

  // What is missing: the service's name and its two steps' names, in each language.
  await page.goto('/caseadmin/services');
  const row = page.getByRole('row').filter({ hasText: service.name });
  await expect(row).toContainText('Arabic: 3 texts missing');
  await expect(row).toContainText('Hindi: 4 texts missing');
  await row.getByRole('link', { name: `${service.name}: translate its steps` }).click();

  await page.getByRole('button', { name: `Edit ${steps[0]!.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit "${steps[0]!.name}"` });
  const arabicName = dialog.getByLabel('Name in Arabic');
  await expect(arabicName).toHaveAttribute('dir', 'rtl');
  await arabicName.fill('طلب تأشيرة صاحب العمل');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: steps[0]!.name })).toContainText('Hindi: name');
  await expect(page.getByRole('row').filter({ hasText: steps[0]!.name })).not.toContainText('Arabic');

  // A step renamed in the same dialog, then moved up: the table follows, in the new order.
  await page.getByRole('button', { name: `Edit ${steps[1]!.name}` }).click();
  const rename = page.getByRole('dialog', { name: `Edit "${steps[1]!.name}"` });
  await rename.getByLabel('Step Name').fill('Medical Fitness Examination');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  await page.getByRole('button', { name: 'Move Medical Fitness Examination up' }).click();
  const stepRows = page.getByRole('region', { name: 'Steps', exact: true }).locator('tbody tr');
  await expect(stepRows.nth(0)).toContainText('Medical Fitness Examination');
  await expect(stepRows.nth(1)).toContainText(steps[0]!.name);
  await expect(page.getByRole('button', { name: 'Move Medical Fitness Examination up' })).toBeDisabled();

  await page.goto('/caseadmin/services');
  const serviceRow = page.getByRole('row').filter({ hasText: service.name });
  await expect(serviceRow).toContainText('Arabic: 2 texts missing');
  // The service's and the document's Hindi names, each in its edit dialog.
  await serviceRow.getByRole('button', { name: `Edit ${service.name}` }).click();
  const serviceDialog = page.getByRole('dialog', { name: `Edit ${service.name}` });
  await serviceDialog.getByLabel('Name in Hindi').fill('वर्क वीज़ा');
  await serviceDialog.getByRole('button', { name: 'Save' }).click();
  await expect(serviceDialog).toBeHidden();
  await expect(serviceRow).toContainText('Hindi: 3 texts missing');
  await serviceRow.getByRole('link', { name: `${service.name}: translate its documents` }).click();
  await page.getByRole('button', { name: `Edit ${documentName}` }).click();
  const documentDialog = page.getByRole('dialog', { name: `Edit ${documentName}` });
  await expect(documentDialog.getByLabel('Name in Arabic')).toHaveValue('نسخة جواز السفر');
  await documentDialog.getByLabel('Name in Hindi').fill('पासपोर्ट की प्रति');
  await documentDialog.getByRole('button', { name: 'Save' }).click();
  await expect(documentDialog).toBeHidden();
  await expect(serviceRow).toContainText('Hindi: 2 texts missing');

  // The applicant, reading Arabic, looks the case up: the step is named in Arabic.
  const arabic = await browser.newContext({ locale: 'ar' });
  const tracker = await arabic.newPage();
  await tracker.goto('/casetracking');
  // The server draws the form; typed before React takes it over, a field can lose its text.
  await tracker.waitForFunction(() =>
    Object.keys(document.querySelector('#root button') ?? {}).some((key) => key.startsWith('__reactProps')),
  );
  await tracker.getByLabel('رقم الملف').fill(applicant.case_number);
  await tracker.getByLabel('رقم جواز السفر').fill(applicant.passport_number);
  await tracker.getByRole('button', { name: 'تحقق من الحالة' }).click();
  await expect(tracker.getByText('طلب تأشيرة صاحب العمل').first()).toBeVisible();
  await arabic.close();
});
