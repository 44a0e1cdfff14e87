import type { Page } from '@playwright/test';
import { e2eAccounts } from './accounts.js';
import { chooseRowAction, createCaseViaApi, searchCases, signInThroughForm, uniqueSuffix } from './cases-helpers.js';
import { chunkNamesOf } from './build-chunks.js';
import { expect, expectAccessible, hydrated, signInAs, test } from './fixtures.js';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Case admin' });

test('when a visitor without a token opens the admin dashboard, then the browser is sent to the admin login', async ({
  page,
}) => {
  await page.goto('/caseadmin/dashboard');
  await expect(page).toHaveURL(/\/caseadmin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expectAccessible(page);
});

test('when the stored admin token is forged, then the first admin call drops it and sends the browser to the login', async ({
  page,
}) => {
  await page.goto('/casetracking');
  await page.evaluate(() => localStorage.setItem('adminToken', 'forged.token.value'));
  await page.goto('/caseadmin/manage-cases');
  await expect(page).toHaveURL(/\/caseadmin\/login$/);
  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
});

test('when the password is wrong, then the login says the credentials are invalid and stores no token', async ({
  page,
}) => {
  await page.goto('/caseadmin/login');
  await page.getByLabel('Email').fill(e2eAccounts.caseAdmin.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials. Please try again.');
  await expect(page).toHaveURL(/\/caseadmin\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
});

test('when an admin sets up a service and a case and moves its step, then a visitor tracking the case sees the new step', async ({
  page,
  browser,
  baseURL,
}) => {
  const suffix = uniqueSuffix();
  const serviceName = `Visa Stamping ${suffix}`;
  const caseNumber = `E2E-${suffix}`;
  const clientName = `Amal Haddad ${suffix}`;

  await page.goto('/caseadmin/login');
  await expectAccessible(page);
  await signInThroughForm(page);
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeTruthy();

  // A service with its steps, added out of order: the list follows the sequence.
  await sidebar(page).getByRole('link', { name: 'Manage Services' }).click();
  await expect(page.getByRole('heading', { name: 'Service Management' })).toBeVisible();
  // An empty name is explained under the field before anything is sent.
  await page.getByRole('button', { name: 'Add Service' }).click();
  await expect(page.getByLabel('Service Name')).toHaveAccessibleDescription('Please enter the service name.');
  await page.getByLabel('Service Name').fill(serviceName);
  await page.getByRole('button', { name: 'Add Service' }).click();
  await expect(page.getByRole('row', { name: new RegExp(serviceName) })).toBeVisible();
  // The form clears once the list has the new service; typing before that would be cleared too.
  await expect(page.getByLabel('Service Name')).toHaveValue('');
  // A name taken already: the server's sentence, next to the field.
  await page.getByLabel('Service Name').fill(serviceName);
  await page.getByRole('button', { name: 'Add Service' }).click();
  await expect(page.getByLabel('Service Name')).toHaveAccessibleDescription(
    `A service named "${serviceName}" already exists`,
  );
  await expectAccessible(page);
  await page.getByLabel('Service Name').fill('');

  await page.getByRole('link', { name: `Steps of ${serviceName}` }).click();
  await expect(page.getByRole('heading', { name: `Steps of ${serviceName}` })).toBeVisible();
  for (const [name, sequence] of [
    ['Final Approval', '3'],
    ['Intake', '1'],
    ['Background Check', '2'],
  ] as const) {
    await page.getByLabel('Step Name').fill(name);
    await page.getByLabel('Sequence').fill(sequence);
    await page.getByRole('button', { name: 'Add Step' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  }
  await page.getByLabel('Step Name').fill('Second Intake');
  await page.getByLabel('Sequence').fill('1');
  await page.getByRole('button', { name: 'Add Step' }).click();
  await expect(page.getByLabel('Sequence')).toHaveAccessibleDescription(
    'This service already has a step with sequence 1',
  );
  await expect(page.getByLabel('Step Name')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Step Name').fill('');
  await page.getByLabel('Sequence').fill('');
  const stepRows = page.getByRole('table').getByRole('row');
  await expect(stepRows.nth(1)).toContainText('Intake');
  await expect(stepRows.nth(2)).toContainText('Background Check');
  await expect(stepRows.nth(3)).toContainText('Final Approval');
  await expectAccessible(page);

  // A case through the Case Management modal: no service is chosen for the admin, and one is needed.
  await sidebar(page).getByRole('link', { name: 'Manage Cases' }).click();
  await page.getByRole('button', { name: 'Create New Case' }).click();
  const modal = page.getByRole('dialog', { name: 'Create New Case' });
  await expect(modal).toBeVisible();
  for (const service of ['Documents Verification', 'Health Authority Clearance', serviceName]) {
    await expect(modal.getByRole('checkbox', { name: service })).not.toBeChecked();
  }
  await expectAccessible(page);
  await modal.getByLabel('Case Number').fill(caseNumber);
  await modal.getByLabel('Passport Number').fill('XY 123456');
  await modal.getByLabel('Client Name').fill(clientName);
  await modal.getByRole('button', { name: 'Create Case' }).click();
  await expect(modal.getByRole('group', { name: 'Services' })).toHaveAccessibleDescription(
    'Choose at least one service.',
  );
  await modal.getByRole('checkbox', { name: 'Documents Verification' }).check();
  await modal.getByRole('checkbox', { name: serviceName }).check();
  await expect(modal.getByText('Choose at least one service.')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Create Case' }).click();
  await expect(page.getByText(`Case created successfully: ${caseNumber}`)).toBeVisible();
  await expect(modal).toBeHidden();
  // Onto the new case.
  await expect(page.getByRole('heading', { name: 'Case Details' })).toBeVisible();
  await expect(page.getByText(caseNumber, { exact: true })).toBeVisible();

  // A second case through the Create New Case page: the server gives it a number.
  const secondClient = `Bilal Nasser ${suffix}`;
  await sidebar(page).getByRole('link', { name: 'Add New Case' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Case' })).toBeVisible();
  await page.getByLabel('Passport Number').fill('ZZ 987654');
  await page.getByLabel('Client Name').fill(secondClient);
  await page.getByRole('checkbox', { name: 'License Registration' }).check();
  await page.getByRole('button', { name: 'Create Case' }).click();
  await expect(page).toHaveURL(/\/caseadmin\/details\/\d+$/);
  await expect(page.getByText(/^Case PW-\d{4}-[A-Z0-9]{6} created$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Case' })).toContainText(secondClient);
  await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();

  // The dashboard counts and lists them.
  const recentCases = page.getByRole('region', { name: 'Recent Cases', exact: true });
  await expect(recentCases.getByRole('row', { name: new RegExp(secondClient) })).toContainText('Under Review');
  await expect(recentCases.getByRole('row', { name: new RegExp(clientName) })).toBeVisible();
  // The dashboard first shows the counts it had at sign-in (0 on a fresh database) while it asks again: wait for the answer.
  await expect
    .poll(async () =>
      Number(await page.getByText('Total Cases').locator('xpath=following-sibling::*[1]').textContent()),
    )
    .toBeGreaterThanOrEqual(2);
  await expect(
    page.getByRole('img', { name: /^Cases by status\. Under Review: \d+, In Progress: \d+, Completed: \d+$/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Recently Updated Cases' }).getByRole('link', { name: caseNumber }),
  ).toBeVisible();
  await expectAccessible(page);

  // The step change on the case's details page.
  await sidebar(page).getByRole('link', { name: 'Manage Cases' }).click();
  // The suffix is in both clients' names too (the box searches names); the case number is this case's alone.
  await searchCases(page, `e2e-${suffix.toLowerCase()}`);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: caseNumber, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Case Details' })).toBeVisible();
  await expect(page.getByText(caseNumber, { exact: true })).toBeVisible();
  const serviceCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: serviceName }) });
  await expect(serviceCard).toContainText('Current step: Intake');
  const changeStep = page.getByLabel(`Change Step for ${serviceName}`);
  await expect(changeStep).toBeEnabled();
  await changeStep.selectOption('Background Check');
  // The case has no applicant email: the confirmation says nobody is emailed.
  const confirmStep = page.getByRole('dialog', { name: 'Change step' });
  await expect(confirmStep).toContainText('The case has no applicant email: nobody is emailed.');
  await confirmStep.getByRole('button', { name: 'Move to Background Check' }).click();
  await expect(page.getByText('Current step updated!')).toBeVisible();
  await expect(serviceCard).toContainText('Current step: Background Check');
  const history = page.getByRole('region', { name: 'Step History' });
  await expect(history).toContainText(`${serviceName}: Intake → Background Check`);
  await expect(history).toContainText(`by ${e2eAccounts.caseAdmin.email}`);
  await expect(page.getByText('In Progress', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // A visitor in a browser of their own, typing the passport in another case and spacing.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  const visitorErrors: string[] = [];
  visitor.on('pageerror', (error) => visitorErrors.push(error.message));
  await visitor.goto('/casetracking');
  expect(await visitor.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  await visitor.getByLabel('Case Number').fill(caseNumber.toLowerCase());
  await visitor.getByLabel('Passport Number').fill('xy12 3456');
  await visitor.getByRole('button', { name: 'Check Status' }).click();
  await expect(visitor.getByRole('heading', { name: 'Case Progress Tracker' })).toBeVisible();
  await expect(visitor.getByText('In Progress', { exact: true })).toBeVisible();
  const tracked = visitor.getByRole('listitem', { name: serviceName });
  await expect(tracked).toContainText('Current step: Background Check');
  const trackedSteps = tracked.getByRole('listitem');
  await expect(trackedSteps).toHaveCount(3);
  await expect(trackedSteps.nth(0)).toHaveText(/Intake\s*\(completed\)/);
  await expect(trackedSteps.nth(1)).toHaveText(/Background Check\s*\(in progress\)/);
  await expect(trackedSteps.nth(1)).toHaveAttribute('aria-current', 'step');
  await expect(trackedSteps.nth(2)).toHaveText(/Final Approval\s*\(pending\)/);
  await expect(tracked.getByRole('img', { name: '1 of 3 steps completed' })).toBeVisible();
  await expect(visitor.getByRole('listitem', { name: 'Documents Verification' })).toContainText(
    'Current step: Documents Received',
  );
  await expectAccessible(visitor);
  expect(visitorErrors).toEqual([]);
  await visitorContext.close();
});

test('when the tracker is used with a field missing or a wrong passport, then it says so, and a new search clears the error', async ({
  page,
  request,
}) => {
  const caseNumber = `TRK-${uniqueSuffix()}`;
  await createCaseViaApi(request, {
    case_number: caseNumber,
    passport_number: 'P 55555',
    client_name: 'Sara',
    serviceIds: [1],
  });

  await page.goto('/casetracking');
  await expect(page.getByRole('heading', { name: 'Track Your Application' })).toBeVisible();
  await page.getByRole('button', { name: 'Check Status' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in both fields');
  await page.getByLabel('Case Number').fill(caseNumber);
  await page.getByRole('button', { name: 'Check Status' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in both fields');

  await page.getByLabel('Passport Number').fill('P 55556');
  await page.getByRole('button', { name: 'Check Status' }).click();
  await expect(page.getByRole('alert')).toHaveText('Case details not found. Please verify your information.');

  await page.getByLabel('Passport Number').fill('p55555');
  await page.getByRole('button', { name: 'Check Status' }).click();
  await expect(page.getByRole('heading', { name: 'Case Progress Tracker' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: 'Documents Verification' })).toContainText(
    'Current step: Documents Received',
  );
  await expect(page.getByText('Under Review', { exact: true })).toBeVisible();
});

test('when the public tracker loads, then it downloads no admin, chart, LMS or network code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/casetracking');
  await expect(page.getByRole('heading', { name: 'Track Your Application' })).toBeVisible();
  // The heading comes in the HTML; the code is asked for once it has painted, and has all come once
  // the page is React's.
  await hydrated(page);
  const chunks = chunkNamesOf(scripts);
  expect(chunks).toContain('cases/tracker-page.tsx');
  const foreign = chunks.filter((name) => /admin|chart|lms|network/i.test(name));
  expect(foreign).toEqual([]);
});

test('when an admin manages cases, then a duplicate number is refused in the modal, services can be edited and a case deleted', async ({
  page,
  request,
}) => {
  const suffix = uniqueSuffix();
  const existing = await createCaseViaApi(request, {
    case_number: `DUP-${suffix}`,
    passport_number: 'D 1',
    client_name: `Dana ${suffix}`,
    serviceIds: [1, 2],
  });
  await signInAs(page, 'caseAdmin');
  await page.goto('/caseadmin/manage-cases');
  await expect(page.getByRole('heading', { name: 'Case Management' })).toBeVisible();

  await page.getByRole('button', { name: 'Create New Case' }).click();
  const createModal = page.getByRole('dialog', { name: 'Create New Case' });
  await createModal.getByLabel('Case Number').fill(existing.case_number.toLowerCase());
  await createModal.getByLabel('Passport Number').fill('D 2');
  await createModal.getByLabel('Client Name').fill('Someone Else');
  await createModal.getByRole('checkbox', { name: 'Documents Verification' }).check();
  await createModal.getByRole('button', { name: 'Create Case' }).click();
  // The server's refusal shows next to the field it is about, not above the form.
  await expect(createModal.getByLabel('Case Number')).toHaveAccessibleDescription(
    `Case number ${existing.case_number} already exists`,
  );
  await expect(createModal.getByRole('alert')).toHaveCount(0);
  // The existing case is a link away: the list searched for the number as typed (decision 048).
  await expect(createModal.getByRole('link', { name: 'Find the existing case' })).toHaveAttribute(
    'href',
    `/caseadmin/manage-cases?q=${encodeURIComponent(existing.case_number.toLowerCase())}`,
  );
  await createModal.getByRole('button', { name: 'Cancel' }).click();
  await expect(createModal).toBeHidden();

  await searchCases(page, `dup-${suffix.toLowerCase()}`);
  await expect(page.getByRole('row')).toHaveCount(2);

  await chooseRowAction(page, existing.case_number, 'Edit');
  const editModal = page.getByRole('dialog', { name: 'Edit Case' });
  await expect(editModal.getByLabel('Case Number')).toBeDisabled();
  await expect(editModal.getByRole('checkbox', { name: 'Documents Verification' })).toBeChecked();
  await expect(editModal.getByRole('checkbox', { name: 'License Registration' })).not.toBeChecked();
  await editModal.getByRole('checkbox', { name: 'Health Authority Clearance' }).uncheck();
  await editModal.getByRole('checkbox', { name: 'License Registration' }).check();
  // A misspelt name is fixed with a reason; without one the server asks for it and nothing is saved.
  await expect(editModal.getByLabel('Reason for the change')).toHaveCount(0);
  await editModal.getByLabel('Client Name').fill(`Dana Fixed ${suffix}`);
  await editModal.getByRole('button', { name: 'Save Changes' }).click();
  // Asked for under the field before anything is sent.
  await expect(editModal.getByLabel('Reason for the change')).toHaveAccessibleDescription(
    'Please enter the reason for the change.',
  );
  await expect(editModal.getByLabel('Reason for the change')).toBeFocused();
  await editModal.getByLabel('Reason for the change').fill('Misspelt at intake');
  await expectAccessible(page);
  await editModal.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Case updated')).toBeVisible();

  await page.getByRole('link', { name: existing.case_number, exact: true }).click();
  await expect(page.getByRole('region', { name: 'Case' })).toContainText(`Dana Fixed ${suffix}`);
  await expect(page.getByRole('region', { name: 'Other Changes' })).toContainText(
    `Client name changed from "Dana ${suffix}" to "Dana Fixed ${suffix}". Reason: Misspelt at intake`,
  );
  await expect(page.getByRole('heading', { name: 'License Registration' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Health Authority Clearance' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to Cases' }).click();
  // Back where the admin was: the list's search is kept in the address.
  await expect(page).toHaveURL(new RegExp(`/caseadmin/manage-cases\\?q=dup-${suffix.toLowerCase()}$`));
  await expect(page.getByLabel('Search cases')).toHaveValue(`dup-${suffix.toLowerCase()}`);
  await chooseRowAction(page, existing.case_number, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete case' });
  await expect(confirm).toContainText(`Are you sure you want to delete the case ${existing.case_number}?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Case ${existing.case_number} deleted`)).toBeVisible();
  await expect(page.getByText('No cases match these filters.')).toBeVisible();
});

test('when a service is in use, then deleting it shows the server reason and keeps it', async ({ page, request }) => {
  const suffix = uniqueSuffix();
  await createCaseViaApi(request, {
    case_number: `USE-${suffix}`,
    passport_number: 'U 1',
    client_name: 'Usman',
    serviceIds: [3],
  });
  await signInAs(page, 'caseAdmin');
  await page.goto('/caseadmin/services');
  await page.getByRole('button', { name: 'Delete License Registration' }).click();
  await page.getByRole('dialog', { name: 'Delete service' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/^This service is assigned to \d+ case\(s\); remove it from them first$/)).toBeVisible();
  await expect(page.getByRole('row', { name: /License Registration/ })).toBeVisible();
});

test('when more cases match than fit on a page, then the list pages through them in the chosen order', async ({
  page,
  request,
}) => {
  const prefix = `PG${uniqueSuffix()}`;
  for (let n = 1; n <= 21; n++) {
    const number = String(n).padStart(2, '0');
    await createCaseViaApi(request, {
      case_number: `${prefix}-${number}`,
      passport_number: `PP${number}`,
      client_name: `Client ${number}`,
      serviceIds: [],
    });
  }
  await signInAs(page, 'caseAdmin');
  await page.goto('/caseadmin/manage-cases');
  await searchCases(page, prefix);
  const pages = page.getByRole('navigation', { name: 'Cases pages' });
  await expect(pages).toContainText('Page 1 of 2');
  const rows = page.getByRole('row');
  // Default order: newest first.
  await expect(rows.nth(1)).toContainText(`${prefix}-21`);
  await expect(rows).toHaveCount(21);

  await page.getByLabel('Sort by').selectOption('Case Number');
  await page.getByLabel('Order').selectOption('Ascending');
  await expect(rows.nth(1)).toContainText(`${prefix}-01`);
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText('Page 2 of 2');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(`${prefix}-21`);

  await page.getByLabel('Status').selectOption('Completed');
  await expect(page.getByText('No cases match these filters.')).toBeVisible();
  await page.getByLabel('Status').selectOption('Under Review');
  await expect(rows).toHaveCount(21);
  await expect(pages).toContainText('Page 1 of 2');
});

test('when a selected case is deleted, then it leaves the selection and the others can still be moved', async ({
  page,
  request,
}) => {
  const suffix = uniqueSuffix();
  const cases = [];
  for (const n of [1, 2, 3]) {
    cases.push(
      await createCaseViaApi(request, {
        case_number: `SEL-${suffix}-${n}`,
        passport_number: `S ${n}`,
        client_name: `Selma ${n}`,
        serviceIds: [3],
      }),
    );
  }
  await signInAs(page, 'caseAdmin');
  await page.goto('/caseadmin/manage-cases');
  await searchCases(page, `SEL-${suffix}`);
  await expect(page.getByRole('region', { name: 'Cases', exact: true }).locator('tbody tr')).toHaveCount(3);
  await page.getByLabel('Select all cases on this page').check();
  const bar = page.getByRole('region', { name: 'Move selected cases' });
  await expect(bar).toContainText('3 case(s) selected');

  await chooseRowAction(page, cases[1]!.case_number, 'Delete');
  await page.getByRole('dialog', { name: 'Delete case' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Case ${cases[1]!.case_number} deleted`)).toBeVisible();
  await expect(bar).toContainText('2 case(s) selected');
  await bar.getByLabel('Service').selectOption({ label: 'License Registration' });
  await bar.getByLabel('New step').selectOption('Fee Payment');
  await bar.getByRole('button', { name: 'Move selected' }).click();
  await expect(page.getByText('Moved 2 case(s) to "Fee Payment"')).toBeVisible();
});

test('when the steps address names no service, then the page says so, offers the way back and no add form', async ({
  page,
}) => {
  await signInAs(page, 'caseAdmin');
  for (const id of ['abc', '0', '99999999999', '2147483647']) {
    await page.goto(`/caseadmin/services/${id}/steps`);
    await expect(page.getByRole('heading', { name: 'Service not found' }), id).toBeVisible();
    await expect(page.getByText(`There is no service with the id “${id}”.`)).toBeVisible();
    await expect(page.getByText('Loading steps...')).toHaveCount(0);
    await expect(page.getByLabel('Step Name')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Step' })).toHaveCount(0);
  }
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to Services' }).click();
  await expect(page).toHaveURL(/\/caseadmin\/services$/);
  await expect(page.getByRole('heading', { name: 'Service Management' })).toBeVisible();
});

test('when the case list shows cards on a phone, then select-all is visible, labelled and works', async ({
  page,
  request,
}) => {
  const suffix = uniqueSuffix();
  for (const n of [1, 2]) {
    await createCaseViaApi(request, {
      case_number: `PHN-${suffix}-${n}`,
      passport_number: `PH ${n}`,
      client_name: `Phoebe ${n}`,
      serviceIds: [],
    });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'caseAdmin');
  await page.goto('/caseadmin/manage-cases');
  await searchCases(page, `PHN-${suffix}`);
  await expect(page.getByRole('region', { name: 'Cases', exact: true }).locator('tbody tr')).toHaveCount(2);

  const selectAll = page.getByRole('checkbox', { name: 'Select all cases on this page' });
  await expect(selectAll).toBeVisible();
  await expect(page.getByText('Select all cases on this page', { exact: true })).toBeVisible();
  const box = await selectAll.boundingBox();
  expect(box?.width).toBeGreaterThan(5);
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await page.getByText('Select all cases on this page', { exact: true }).click();
  await expect(selectAll).toBeChecked();
  await expect(page.getByRole('region', { name: 'Move selected cases' })).toContainText('2 case(s) selected');
  await expectAccessible(page);
});

test('when a new case is sent without a passport number, then the form says so next to that field in plain words', async ({
  page,
}) => {
  await signInAs(page, 'caseAdmin');
  await page.goto('/caseadmin/create-case');
  await page.getByLabel('Client Name').fill('Plain Words');
  await page.getByRole('button', { name: 'Create Case' }).click();
  const passport = page.getByLabel('Passport Number');
  await expect(passport).toHaveAttribute('aria-invalid', 'true');
  await expect(passport).toHaveAccessibleDescription('Please enter the passport number.');
  await expect(page.getByText(/Invalid body|passport_number/)).toHaveCount(0);
  await expectAccessible(page);
});

test("when the tracker is given a case number longer than any, then it answers in plain words, not with the request's field names", async ({
  page,
}) => {
  await page.goto('/casetracking');
  await page.getByLabel('Case Number').fill('X'.repeat(70));
  await page.getByLabel('Passport Number').fill('P1');
  await page.getByRole('button', { name: 'Check Status' }).click();
  await expect(page.getByRole('alert')).toHaveText('Case number must be at most 64 characters.');
  await expect(page.getByText(/Invalid query|caseNumber/)).toHaveCount(0);
});

test("when the admin dashboard lists recent cases, then it shows case numbers and the badges use the chart's status colours", async ({
  page,
  request,
}) => {
  const created = await createCaseViaApi(request, {
    case_number: `RC-${uniqueSuffix()}`,
    passport_number: 'P-RECENT',
    client_name: 'Recent Client',
    serviceIds: [],
  });
  await signInAs(page, 'caseAdmin');
  await page.goto('/caseadmin/dashboard');
  const recent = page.getByRole('region', { name: 'Recent Cases' });
  await expect(recent.getByRole('link', { name: created.case_number })).toBeVisible();
  const badge = recent.getByRole('row').filter({ hasText: created.case_number }).getByText('Under Review');
  const [badgeColour, paletteColour] = await badge.evaluate((el) => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--status-under-review)';
    document.body.append(probe);
    const expected = getComputedStyle(probe).color;
    probe.remove();
    return [getComputedStyle(el).color, expected];
  });
  expect(badgeColour).toBe(paletteColour);
});

test('when an applicant checks a case on a phone, then the result is scrolled into view and focused', async ({
  page,
  request,
}) => {
  const created = await createCaseViaApi(request, {
    case_number: `PH-${uniqueSuffix()}`,
    passport_number: 'P-PHONE',
    client_name: 'Phone Client',
    serviceIds: [1],
  });
  await page.setViewportSize({ width: 390, height: 640 });
  await page.goto('/casetracking');
  await page.getByLabel('Case Number').fill(created.case_number);
  await page.getByLabel('Passport Number').fill('P-PHONE');
  await page.getByRole('button', { name: 'Check Status' }).click();
  const heading = page.getByRole('heading', { name: 'Case Progress Tracker' });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
});

test('when a case with a long applicant address is shown at a desk width, then the address keeps clear of the status badge and every step select fits its longest step', async ({
  page,
  request,
}) => {
  const created = await createCaseViaApi(request, {
    case_number: `DSK-${uniqueSuffix()}`,
    passport_number: 'P-DESK-1',
    client_name: 'Desk Client With A Rather Long Name',
    client_email: 'a.rather.long.applicant.address@example-recruitment.test',
    serviceIds: [1, 2, 3, 4],
  });
  await signInAs(page, 'caseAdmin');
  // At desk widths the details' facts keep apart: the long email does not run under the status badge.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/caseadmin/details/${created.id}`);
  const email = page.getByText('a.rather.long.applicant.address@example-recruitment.test');
  const badge = page.getByRole('region', { name: 'Case' }).getByText('Under Review', { exact: true });
  const [emailBox, badgeBox] = [await email.boundingBox(), await badge.boundingBox()];
  const overlap =
    emailBox &&
    badgeBox &&
    emailBox.x < badgeBox.x + badgeBox.width &&
    badgeBox.x < emailBox.x + emailBox.width &&
    emailBox.y < badgeBox.y + badgeBox.height &&
    badgeBox.y < emailBox.y + emailBox.height;
  expect(overlap).toBe(false);
  // Each step select is wide enough for its longest option: no step name is cut.
  for (const select of await page.getByRole('combobox', { name: /^Change Step for / }).all()) {
    const fits = await select.evaluate((el: HTMLSelectElement) => {
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(el).font;
      probe.style.position = 'absolute';
      probe.style.whiteSpace = 'nowrap';
      document.body.append(probe);
      const widest = Math.max(
        ...Array.from(el.options).map(
          (option) => ((probe.textContent = option.text), probe.getBoundingClientRect().width),
        ),
      );
      probe.remove();
      // The select's padding and its arrow take about 2.5rem.
      return widest + 40 <= el.getBoundingClientRect().width;
    });
    expect(fits, (await select.getAttribute('aria-label')) ?? 'step select').toBe(true);
  }
});
