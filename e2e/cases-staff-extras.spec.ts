import type { APIRequestContext } from '@playwright/test';
import type { AdminCase, Service, Step } from '../contracts/cases.js';
import { createCaseViaApi, searchCases, uniqueSuffix } from './cases-helpers.js';
import { expect, expectAccessible, staffHeaders, test } from './fixtures.js';

// Every test here is the case admin's: the page starts signed in (the worker's session).
test.use({ signedInAs: 'caseAdmin' });

/** A service whose first step is expected to take no days, so a case on it is overdue at once. */
async function serviceWithOverdueFirstStep(
  request: APIRequestContext,
  name: string,
): Promise<Service & { steps: Step[] }> {
  const headers = await staffHeaders('caseAdmin');
  const service = (await (
    await request.post('/api/caseadmin/services', { headers, data: { name } })
  ).json()) as Service;
  const steps: Step[] = [];
  for (const [index, stepName] of ['Intake', 'Review', 'Decision'].entries()) {
    const created = await request.post(`/api/caseadmin/services/${service.id}/steps`, {
      headers,
      data: { name: stepName, sequence: index + 1, expected_days: index === 0 ? 0 : '' },
    });
    expect(created.status()).toBe(201);
    steps.push((await created.json()) as Step);
  }
  return { ...service, steps };
}

test('when a recruiter opens the overdue count and filters by owner, then the list follows the address, and the case shows its owner, completed steps, notes and tracker link', async ({
  page,
  request,
}) => {
  const suffix = uniqueSuffix();
  const service = await serviceWithOverdueFirstStep(request, `Extras ${suffix}`);
  const overdue = await createCaseViaApi(request, {
    case_number: `XTR-${suffix}-1`,
    passport_number: `XO${suffix}`,
    client_name: 'Overdue Client',
    serviceIds: [service.id],
  });
  const moved: AdminCase = await createCaseViaApi(request, {
    case_number: `XTR-${suffix}-2`,
    passport_number: `XM${suffix}`,
    client_name: 'Moved Client',
    client_email: `xtr-${suffix.toLowerCase()}@example.test`,
    serviceIds: [service.id],
    ownerId: null,
  });
  const headers = await staffHeaders('caseAdmin');
  expect(
    (
      await request.put(`/api/caseadmin/caseservices/${moved.CaseServices[0]!.id}/step`, {
        headers,
        data: { newStep: 'Review', notify: false },
      })
    ).status(),
  ).toBe(200);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/caseadmin/dashboard');
  // Every count is a link to the list it counts.
  for (const [counter, href] of [
    ['Total Cases', '/caseadmin/manage-cases'],
    ['Under Review', '/caseadmin/manage-cases?status=Under+Review'],
    ['In Progress', '/caseadmin/manage-cases?status=In+Progress'],
    ['Documents to Review', '/caseadmin/documents'],
    ['My Open Cases', '/caseadmin/manage-cases?owner=me'],
  ] as const)
    await expect(page.getByRole('link', { name: new RegExp(`^${counter}`) })).toHaveAttribute('href', href);
  // The dashboard's Overdue count opens the list filtered to those cases.
  await page.getByRole('link', { name: /Overdue Cases/ }).click();
  await expect(page).toHaveURL(/\/caseadmin\/manage-cases\?overdue=true$/);
  const overdueOnly = page.getByRole('checkbox', { name: 'Overdue only' });
  await expect(overdueOnly).toBeChecked();
  await searchCases(page, `XTR-${suffix}`);
  const rows = page.getByRole('region', { name: 'Cases', exact: true }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(overdue.case_number);
  await expect(rows.first()).toContainText('less than a day over');
  await expectAccessible(page);

  await overdueOnly.uncheck();
  await expect(rows).toHaveCount(2);
  await expect(page).not.toHaveURL(/overdue=/);
  // My cases: the one this admin created (the other was made with nobody as owner).
  await page.getByLabel('Owner').selectOption('me');
  await expect(page).toHaveURL(/owner=me/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(overdue.case_number);
  await page.getByLabel('Owner').selectOption('none');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Nobody');
  // The address keeps the filter across a reload.
  await page.reload();
  await expect(page.getByLabel('Owner')).toHaveValue('none');
  await expect(rows).toHaveCount(1);

  await rows.first().getByRole('link', { name: moved.case_number }).click();
  await expect(page.getByRole('heading', { name: 'Case Details' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Case', exact: true })).toContainText('Nobody yet');
  const completed = page.getByRole('list', { name: `Completed steps of ${service.name}` });
  await expect(completed).toContainText('1. Intake');
  await expect(completed.locator('time')).toHaveCount(1);

  const notes = page.getByRole('region', { name: 'Internal Notes' });
  await expect(notes).toContainText('No notes yet.');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes).toContainText('Please enter the new note.');
  await notes.getByLabel('New note').fill('Called the client: passport copy on its way.');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByRole('list', { name: 'Notes' })).toContainText(
    'Called the client: passport copy on its way.',
  );
  await expect(notes.getByLabel('New note')).toHaveValue('');

  await page.getByRole('button', { name: 'Resend tracker link' }).click();
  await expect(page.getByText(`Tracker link sent to ${moved.client_email}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Other Changes' })).toContainText(
    'Sent the tracker link to the applicant',
  );
  await expectAccessible(page);

  // Signing the applicant out everywhere asks first, then says what ended and records it.
  await page.getByRole('button', { name: 'End applicant sign-ins' }).click();
  const confirm = page.getByRole('dialog', { name: 'End applicant sign-ins' });
  await expect(confirm).toContainText('signed out on every device');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'End sign-ins' }).click();
  await expect(page.getByText('Ended 0 sign-ins and 0 unused sign-in links of the applicant')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Other Changes' })).toContainText("Ended the applicant's sign-ins");

  // The overdue case's page says how long its service has waited, and that it is overdue.
  await page.goto(`/caseadmin/details/${overdue.id}`);
  await expect(page.getByText('0 days at this step · less than a day overdue')).toBeVisible();
});
