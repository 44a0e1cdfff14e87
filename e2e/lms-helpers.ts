import { request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Program } from '../contracts/lms-constants.js';
import { e2eAccounts } from './accounts.js';
import { expect, signInAs, staffHeaders } from './fixtures.js';
import { addToLocalStorage } from './sessions.js';
import { workerApp } from './worker-app.js';

/** What the LMS specs share: names, an admin's API, questions, learners made through the API or the form. */

let counter = 0;
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;

/**
 * An API context signed in as the e2e LMS admin (dispose it when done): the worker's session on the
 * worker's app, a sign-in of its own on another app (`baseURL`).
 */
export async function lmsAdminApi(baseURL: string): Promise<APIRequestContext> {
  if (baseURL === workerApp().url)
    return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: await staffHeaders('lmsAdmin') });
  const anonymous = await playwrightRequest.newContext({ baseURL });
  const login = await anonymous.post('/auth/login', { data: e2eAccounts.lmsAdmin });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await anonymous.dispose();
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

export type Learner = { id: number; username: string; password: string; token: string };

/**
 * A new learner, registered through the API (for tests about something else than registering), with
 * `programs` granted by the LMS admin if given. Sign a page in as them with `signInLearner`.
 */
export async function createLearner(
  request: APIRequestContext,
  {
    profession,
    prefix = 'learner',
    email,
    programs,
  }: { profession: string; prefix?: string; email?: string; programs?: Program[] },
): Promise<Learner> {
  const username = uniqueName(prefix);
  const password = 'a long password';
  const registered = await request.post('/auth/register', {
    data: { username, password, profession, ...(email ? { email } : {}) },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const id = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { id: number }).id;
  if (programs) {
    const granted = await request.put(`/admin/users/${id}/programs`, {
      headers: await staffHeaders('lmsAdmin'),
      data: { allowed_programs: programs },
    });
    expect(granted.status()).toBe(200);
  }
  return { id, username, password, token };
}

/** Opens the LMS admin's question bank signed in with the worker's session (no trip through the login). */
export async function openLmsAdmin(page: Page): Promise<void> {
  await signInAs(page, 'lmsAdmin');
  await page.goto('/lms-system/admin');
  await expect(page).toHaveURL(/\/lms-system\/admin$/);
}

/** From the question bank, its import page ("Import", an action above the bank's table): the page's main content. */
export async function openQuestionImport(page: Page): Promise<Locator> {
  await page.getByRole('group', { name: 'Bank actions' }).getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Import questions', level: 1 })).toBeVisible();
  return page.getByRole('main');
}

/** Signs the page's browser in as `learner` (their token where the LMS keeps it); the next page load shows it. */
export async function signInLearner(page: Page, learner: Pick<Learner, 'token'>, origin?: string): Promise<void> {
  await addToLocalStorage(page, { token: learner.token }, origin);
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

/**
 * Registers a learner of `profession` through the form and waits for the dashboard; returns the
 * username. For the tests of registering; others start from `createLearner`.
 */
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
