import { readFile } from 'node:fs/promises';
import { createCaseViaApi, searchCases, uniqueSuffix } from './cases-helpers.js';
import { expect, expectAccessible, test } from './fixtures.js';
import { waitForMail } from './mailbox.js';
import { STEP_UNDO_SECONDS } from './worker-app.js';
import { timeouts } from '../test/support/timeouts.js';

// Every test here is the case admin's: the page starts signed in (the worker's session).
test.use({ signedInAs: 'caseAdmin' });

test('when an admin changes a step, then it is confirmed first and can be undone, and the applicant is emailed a tracker link, opens it and sees what the step means and an estimate', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const suffix = uniqueSuffix();
  const email = `applicant-${suffix.toLowerCase()}@example.test`;
  const created = await createCaseViaApi(request, {
    case_number: `NTF-${suffix}`,
    passport_number: 'NT 445566',
    client_name: 'Nadia',
    client_email: email,
    serviceIds: [1],
  });

  // Created with the applicant's address: they get the case number and the tracker link at once.
  const opened = await waitForMail({ to: email, subject: `Your case ${created.case_number} has been opened` });
  expect(opened.links).toContain(`${baseURL}/casetracking?case=${created.case_number}`);

  await page.goto(`/caseadmin/details/${created.id}`);
  await expect(page.getByText(email)).toBeVisible();
  const select = page.getByLabel('Change Step for Documents Verification');
  const serviceCard = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Documents Verification' }) });
  const startStep = created.CaseServices[0]!.current_step!;

  // Choosing a step asks first, naming it and offering the email; cancelling changes nothing.
  await select.selectOption('Documents Under Review');
  const dialog = page.getByRole('dialog', { name: 'Change step' });
  await expect(dialog).toContainText(`Move Documents Verification from “${startStep}” to “2. Documents Under Review”?`);
  const emailChoice = dialog.getByRole('checkbox', { name: `Email the applicant (${email}) about this step` });
  await expect(emailChoice).toBeChecked();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(select).toHaveValue(startStep);
  await expect(serviceCard).toContainText(`Current step: ${startStep}`);

  // Confirmed, then undone: back at the first step, the history holds both.
  await select.selectOption('Documents Under Review');
  await dialog.getByRole('button', { name: 'Move to Documents Under Review' }).click();
  await expect(page.getByText('Current step updated!')).toBeVisible();
  await expect(serviceCard).toContainText('Current step: Documents Under Review');
  await serviceCard.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Step change undone')).toBeVisible();
  await expect(serviceCard).toContainText(`Current step: ${startStep}`);
  await expect(page.getByRole('region', { name: 'Step History' })).toContainText(
    `Documents Verification: Documents Under Review → ${startStep}`,
  );
  await expect(page.getByRole('region', { name: 'Other Changes' })).toContainText(
    `Undid moving Documents Verification to "Documents Under Review": back at "${startStep}"; the email to the applicant about it was withdrawn`,
  );

  // Confirmed again and left: the email goes once the undo window is over.
  await select.selectOption('Documents Under Review');
  await expect(emailChoice).toBeChecked();
  await dialog.getByRole('button', { name: 'Move to Documents Under Review' }).click();
  await expect(serviceCard).toContainText('Current step: Documents Under Review');

  // The email is sent once the undo window has passed.
  const mail = await waitForMail(
    { to: email, subject: `Your case ${created.case_number} moved to Documents Under Review` },
    STEP_UNDO_SECONDS * 1000 + timeouts.condition,
  );
  expect(mail.text).toContain('Documents Verification: now at "Documents Under Review"');
  expect(mail.text).not.toContain('NT 445566');
  const trackerLink = mail.links.find((link) => link.includes('/casetracking?case='));
  expect(trackerLink).toBe(`${baseURL}/casetracking?case=${created.case_number}`);

  // The history names the email.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Other Changes' })).toContainText(
    'Emailed the applicant about: Documents Verification → Documents Under Review',
  );

  const applicantContext = await browser.newContext({ baseURL });
  const applicant = await applicantContext.newPage();
  await applicant.goto(trackerLink!);
  await expect(applicant.getByLabel('Case Number')).toHaveValue(created.case_number);
  await applicant.getByLabel('Passport Number').fill('nt445566');
  await applicant.getByRole('button', { name: 'Check Status' }).click();
  const card = applicant.getByRole('listitem', { name: 'Documents Verification' });
  await expect(card).toContainText('Current step: Documents Under Review');
  await expect(card).toContainText('Our team is reviewing your documents');
  // Documents Under Review (7 days) and Attestation (21 days), from the change.
  // The tracker writes its dates in UTC (web/lib/dates.ts), whatever the zone of the browser or of this test.
  const expected = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.now() + 28 * 24 * 60 * 60 * 1000),
  );
  await expect(card).toContainText(`Estimated completion: ${expected}`);
  await expect(card).toContainText('This is an estimate');
  // Issue 41: when she should be ready to work (from the expected days alone here) and what it rests on.
  const ready = applicant.getByRole('region', { name: 'Ready to work' });
  await expect(ready).toContainText(
    `Likely ready to work by ${expected}, and by ${expected} in eight cases out of ten.`,
  );
  await expect(ready).toContainText('Steps left: 2, estimated from our usual times');
  await expect(applicant.getByRole('heading', { name: 'Email me when this changes' })).toBeVisible();
  await expectAccessible(applicant);

  // A second address subscribes from the tracker: only a confirmation link until it is opened.
  const family = `family-${suffix.toLowerCase()}@example.test`;
  await applicant.getByLabel('Your email').fill(family);
  await applicant.getByRole('button', { name: 'Email me' }).click();
  await expect(applicant.getByText('Check your inbox')).toBeVisible();
  const confirmation = await waitForMail({ to: family, subject: 'Confirm email updates' });
  await applicant.goto(confirmation.links[0]!);
  await expect(
    applicant.getByText(`Confirmed: you will get an email when case ${created.case_number} changes.`),
  ).toBeVisible();
  await expectAccessible(applicant);

  // The unsubscribe link works without signing in.
  const unsubscribeLink = mail.links.find((link) => link.includes('/casetracking/unsubscribe?token='));
  await applicant.goto(unsubscribeLink!);
  await expect(applicant.getByText(`Unsubscribed: no more emails about case ${created.case_number}`)).toBeVisible();
  await expectAccessible(applicant);
  await applicantContext.close();
});

test('when an admin imports a CSV of cases, then bad rows are named first, and the imported cases can be moved at once', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const header = 'case_number,passport_number,client_name,client_email,services';
  const good = [1, 2, 3].map(
    (i) => `IMP-${suffix}-${i},P${i}${suffix},Client ${i},,Documents Verification;License Registration`,
  );

  await page.goto('/caseadmin/manage-cases');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { name: 'Import Cases' })).toBeVisible();
  await expectAccessible(page);

  // The template names the columns as the case form does.
  const template = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template' }).click();
  const templateText = await readFile(await (await template).path(), 'utf8');
  // With a byte-order mark, so spreadsheet programs read it as UTF-8.
  // The spec's five columns, and ours: the applicant's language and the case's owner (issue 38).
  expect(templateText).toBe(
    '\uFEFFCase Number,Passport Number,Client Name,Applicant Email,Services,Applicant Language,Owner\n',
  );

  const fileInput = page.getByLabel('CSV file');
  // Unknown columns show in the preview, and nothing can be sent until they are gone.
  await fileInput.setInputFiles({
    name: 'unknown.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [`${templateText.trim()},Nationality`, `IMP-${suffix}-9,P9${suffix},Client 9,,1,,,Kenyan`].join('\n'),
    ),
  });
  await expect(page.getByText('Unknown column(s): Nationality.')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Preview' }).getByRole('columnheader', { name: 'Nationality (unknown column)' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Preview' }).getByRole('row', { name: /Client 9/ })).toContainText(
    'Kenyan',
  );
  await expect(page.getByRole('button', { name: 'Import 1 case(s)' })).toBeDisabled();
  await expectAccessible(page);

  await fileInput.setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, ...good, `IMP-${suffix}-4,,No Passport,,1`].join('\n')),
  });
  await expect(page.getByRole('region', { name: 'Preview' }).getByRole('row')).toHaveCount(5);
  await page.getByRole('button', { name: 'Import 4 case(s)' }).click();
  await expect(page.getByRole('list', { name: 'Rows with problems' })).toContainText(
    'Row 5: passport_number is required',
  );
  await expect(page.getByRole('region', { name: 'Preview' }).getByRole('row', { name: /No Passport/ })).toContainText(
    'passport_number is required',
  );
  await expectAccessible(page);

  // The form's own column names (the template's) import as well as the import's.
  await fileInput.setInputFiles({
    name: 'good.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([templateText.trim(), ...good.map((row) => `${row},,`)].join('\n')),
  });
  await page.getByRole('button', { name: 'Import 3 case(s)' }).click();
  await expect(page.getByText('3 case(s) imported')).toBeVisible();
  await expect(page).toHaveURL(/\/caseadmin\/manage-cases$/);

  await searchCases(page, `IMP-${suffix}`);
  await expect(page.getByRole('region', { name: 'Cases', exact: true }).getByRole('row')).toHaveCount(4);
  // The filtered list downloads as CSV.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exported = await readFile(await (await download).path(), 'utf8');
  expect(exported.split('\n').filter((line) => line.startsWith(`IMP-${suffix}-`))).toHaveLength(3);

  await page.getByLabel('Select all cases on this page').check();
  const bar = page.getByRole('region', { name: 'Move selected cases' });
  await expect(bar).toContainText('3 case(s) selected');
  await bar.getByLabel('Service').selectOption({ label: 'License Registration' });
  await bar.getByLabel('New step').selectOption('Fee Payment');
  await expectAccessible(page);
  await bar.getByRole('button', { name: 'Move selected' }).click();
  await expect(page.getByText('Moved 3 case(s) to "Fee Payment"')).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Cases', exact: true }).getByText('In Progress', { exact: true }),
  ).toHaveCount(3);

  // The whole move can be taken back for a while, like a single step change.
  const lastMove = page.getByRole('region', { name: 'Last move' });
  await expect(lastMove).toContainText('Moved 3 case(s) to “Fee Payment”');
  await expectAccessible(page);
  await lastMove.getByRole('button', { name: 'Undo move' }).click();
  await expect(page.getByText('Undid 3 step change(s)')).toBeVisible();
  await expect(lastMove).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Cases', exact: true }).getByText('Under Review', { exact: true }),
  ).toHaveCount(3);
});
