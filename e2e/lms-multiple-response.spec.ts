import { request as playwrightRequest, type Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.js';
import { createLearner, lmsAdminApi, openLmsAdmin, signInLearner, uniqueName } from './lms-helpers.js';

/*
 * A multiple-response question ("select all that apply", scored all or nothing: decision 036) from
 * the admin's form to a learner's practice set and timed exam. Profession: dentist; the question is
 * retired at the end, so the dentists' bank is left as lms.spec.ts expects it.
 */

const RIGHT = ['Chlorhexidine 0.2%, as a rinse', 'Fluoride varnish'];
const WRONG = ['Amoxicillin', 'Ibuprofen'];

/** Ticks exactly `options` among the checkboxes of the question on screen. */
async function tick(page: Page, options: string[]) {
  const group = page.getByRole('group', { name: 'Select all that apply' });
  for (const option of [...RIGHT, ...WRONG]) {
    const box = group.getByRole('checkbox', { name: option, exact: true });
    if (options.includes(option)) await box.check();
    else await box.uncheck();
  }
}

test('when an admin adds a multiple-response question, then a learner answers it with checkboxes in practice and in the timed exam, right only with every right option', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const api = await lmsAdminApi(baseURL ?? '');
  const topic = uniqueName('Caries prevention ');
  const text = `Which of these prevent caries? ${uniqueName('')}`;
  try {
    await openLmsAdmin(page);
    await page.getByRole('group', { name: 'Bank actions' }).getByRole('button', { name: 'Add question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add question' });
    const form = dialog.getByRole('form', { name: 'Add question' });
    await form.getByLabel('Question', { exact: true }).fill(text);
    await form.getByLabel('Question type').selectOption('multiple-response');
    for (const [i, option] of [RIGHT[0], WRONG[0], RIGHT[1], WRONG[1]].entries())
      await form.getByLabel(`Option ${i + 1}`, { exact: true }).fill(option ?? '');
    await form.getByLabel('Option 1 is correct').check();
    await form.getByLabel('Option 3 is correct').check();
    await form.getByLabel('Profession').selectOption('dentist');
    await form.getByLabel('Topic (optional)').fill(topic);
    await form.getByLabel('Explanation').fill('Both lower the bacterial load or harden enamel.');
    await form.getByRole('button', { name: 'Add question' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: text });
    await expect(row.getByRole('list', { name: 'Options' }).getByRole('listitem')).toHaveText([
      `Correct answer: ${RIGHT[0]}`,
      WRONG[0] ?? '',
      `Correct answer: ${RIGHT[1]}`,
      WRONG[1] ?? '',
    ]);

    // Practice (tutor mode): one right option alone is wrong; the set of the question's topic holds only it.
    const learner = await createLearner(request, { profession: 'dentist', prefix: 'mr', programs: ['exam-results'] });
    await signInLearner(page, learner);
    await page.goto(`/lms-system/mock-exam?topic=${encodeURIComponent(topic)}`);
    await expect(page.getByRole('heading', { name: text, level: 2 })).toBeVisible();
    await tick(page, [RIGHT[0] ?? '']);
    await page.getByRole('button', { name: 'Submit Answer' }).click();
    await expect(page.getByText('Incorrect!', { exact: true })).toBeVisible();
    const marked = page.getByRole('group', { name: 'Select all that apply' });
    await expect(marked.locator('label', { hasText: RIGHT[1] ?? '' })).toContainText('Correct answer');
    await expect(page.getByText('Both lower the bacterial load or harden enamel.')).toBeVisible();
    await expectAccessible(page);

    // The timed exam (test-centre mode): both right options ticked, the answer is kept as both.
    await page.goto('/exam');
    await page.getByRole('radio', { name: /^Test centre/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('I accept the non-disclosure agreement').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Tutorial' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('timer')).toBeVisible();
    const count = Number((await page.getByText(/^Question 1 of \d+$/).textContent())?.match(/of (\d+)/)?.[1]);
    for (let n = 1; n < count && (await page.locator('#exam-question').textContent()) !== text; n++)
      await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.locator('#exam-question')).toHaveText(text);
    const sent = page.waitForResponse((r) => r.url().endsWith('/user/exam/submit') && r.status() === 200);
    await tick(page, RIGHT as string[]);
    await sent;
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Review and finish' }).click();
    await page.getByRole('button', { name: 'Finish exam' }).click();
    await page.getByRole('button', { name: 'Yes, finish the exam' }).click();
    await expect(page.getByRole('heading', { name: 'Exam completed' })).toBeVisible();

    const mine = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { authorization: `Bearer ${learner.token}` },
    });
    const attempts = (await (await mine.get('/user/exam/attempts')).json()) as { attempts: { id: number }[] };
    const review = (await (await mine.get(`/user/exam/attempts/${attempts.attempts[0]?.id}/review`)).json()) as {
      questions: { question: string; userAnswer: string; outcome: string }[];
    };
    const kept = review.questions.find((q) => q.question === text);
    // The options in the order shown, one per line: both right ones, marked right.
    expect(kept?.userAnswer.split('\n').sort()).toEqual([...RIGHT].sort());
    expect(kept?.outcome).toBe('correct');
    await mine.dispose();
  } finally {
    const bank = (await (
      await api.get('/exam-questions', { params: { profession: 'dentist', pageSize: 100 } })
    ).json()) as { examQuestions: { id: number; question: string }[] };
    for (const q of bank.examQuestions.filter((q) => q.question === text)) await api.delete(`/exam-questions/${q.id}`);
    await api.dispose();
  }
});
