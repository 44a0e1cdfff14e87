import type { APIRequestContext } from '@playwright/test';
import { e2eAccounts } from './accounts.js';
import { expect, expectAccessible, test } from './fixtures.js';

async function lmsAdminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/auth/login', { data: e2eAccounts.lmsAdmin });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

test('when an LMS admin opens the question bank at 1024 px and wider, then the questions are a table, not a stack of cards', async ({ page, request }) => {
  const token = await lmsAdminToken(request);
  const tag = `Q${Date.now().toString(36)}`;
  const made: number[] = [];
  for (let i = 1; i <= 12; i++) {
    const response = await request.post('/exam-questions', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        question: `${tag} ${i}: a patient on warfarin presents with an INR of 6.2 and no bleeding; which is the most appropriate next step in management?`,
        question_type: 'multiple-choice',
        options: ['Hold warfarin and recheck the INR', 'Give intravenous vitamin K at once', 'Give fresh frozen plasma', 'Continue the same dose'],
        correct_answer: 'Hold warfarin and recheck the INR',
        explanation: 'Without bleeding, holding the dose is enough.',
        profession: 'nurse',
        difficulty: 'medium',
      },
    });
    expect(response.status()).toBe(201);
    made.push(((await response.json()) as { id: number }).id);
  }
  await page.goto('/lms-system/login');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  for (const width of [1024, 1440, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/lms-system/admin');
    const table = page.getByRole('table', { name: 'Exam questions' });
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expect.poll(() => rows.first().evaluate((row) => getComputedStyle(row).display), { message: `at ${width}px` }).toBe('table-row');
    await expect(table.getByRole('columnheader', { name: 'Question' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  }
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.getByRole('table', { name: 'Exam questions' }).locator('tbody tr').first().evaluate((row) => getComputedStyle(row).display)).toBe('block');
  // Other specs count on their own questions being the only live ones of a profession.
  for (const id of made) expect((await request.delete(`/exam-questions/${id}`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(204);
});
