import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAccounts } from './accounts.js';
import { expect } from './fixtures.js';

/** What the LMS specs share: names, an admin's API, questions, a learner registered in the browser. */

let counter = 0;
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;

/** An API context signed in as the e2e LMS admin (dispose it when done). */
export async function lmsAdminApi(baseURL: string): Promise<APIRequestContext> {
  const anonymous = await playwrightRequest.newContext({ baseURL });
  const login = await anonymous.post('/auth/login', { data: e2eAccounts.lmsAdmin });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await anonymous.dispose();
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

/** Adds `count` easy multiple-choice questions ("Right answer" is right) and returns their ids. */
export async function addQuestions(
  api: APIRequestContext,
  profession: string,
  count: number,
  prefix: string,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const response = await api.post('/exam-questions', {
      data: {
        question: `${prefix} question ${i}: which answer is right?`,
        question_type: 'multiple-choice',
        options: ['Right answer', 'Wrong answer', 'Another wrong answer'],
        correct_answer: 'Right answer',
        explanation: `Explanation ${i}.`,
        profession,
        difficulty: 'easy',
      },
    });
    expect(response.status()).toBe(201);
    ids.push(((await response.json()) as { id: number }).id);
  }
  return ids;
}

/** Registers a learner of `profession` through the form and waits for the dashboard; returns the username. */
export async function registerLearner(page: Page, profession: string, prefix = 'learner'): Promise<string> {
  const username = uniqueName(prefix);
  await page.goto('/lms-system/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('a long password');
  await page.getByLabel('Profession').selectOption(profession);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/lms-system\/dashboard$/);
  await expect(page.getByText(`Welcome, ${username}!`)).toBeVisible();
  return username;
}
