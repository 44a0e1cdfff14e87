import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminCase, CreateCaseBody } from '../contracts/cases.js';
import { e2eAccounts } from './accounts.js';
import { expect, staffHeaders } from './fixtures.js';

/** A suffix that keeps each test's case numbers and service names apart from every other test's. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
}

/** Test data made directly through the API (as the worker's signed-in case admin), for tests about something else than creating it. */
export async function createCaseViaApi(request: APIRequestContext, body: CreateCaseBody): Promise<AdminCase> {
  const response = await request.post('/api/caseadmin/cases', { data: body, headers: await staffHeaders('caseAdmin') });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { newCase: AdminCase }).newCase;
}

/** Signs in through the login form, as an admin would: for the tests of signing in (others use `signedInAs`). */
export async function signInThroughForm(page: Page): Promise<void> {
  await page.goto('/caseadmin/login');
  await page.getByLabel('Email').fill(e2eAccounts.caseAdmin.email);
  await page.getByLabel('Password').fill(e2eAccounts.caseAdmin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/caseadmin\/dashboard$/);
}

/** A row's action on Case Management: the row's compact menu, then the action in it. */
export async function chooseRowAction(
  page: Page,
  caseNumber: string,
  action: 'Edit' | 'Delete' | 'View details',
): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${caseNumber}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/**
 * Types into Case Management's search and waits until the list shows that search's answer: the box
 * sends a moment after typing stops, and until the answer comes the list keeps the previous rows.
 */
export async function searchCases(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/caseadmin/cases' &&
      new URL(response.url()).searchParams.get('search') === text.trim(),
  );
  await page.getByLabel('Search cases').fill(text);
  await answered;
  await expect(page.getByRole('region', { name: 'Cases', exact: true })).not.toHaveAttribute('aria-busy', 'true');
}
