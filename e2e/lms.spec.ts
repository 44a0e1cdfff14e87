import type { Locator, Page } from '@playwright/test';
import { ADMIN_PAGE_SIZE } from '../contracts/lms-constants.js';
import { e2eAccounts } from './accounts.js';
import { startAppProcess, type AppProcess } from './app-process.js';
import { expect, expectAccessible, test } from './fixtures.js';
import {
  addQuestions,
  createLearner,
  lmsAdminApi,
  openLmsAdmin,
  registerLearner,
  signInLearner,
  uniqueName,
} from './lms-helpers.js';
import { ceiling, timeouts } from '../test/support/timeouts.js';

/** Confirmation → NDA (with its alert when not accepted) → Tutorial → Exam. */
async function startExam(page: Page) {
  await page.goto('/exam');
  await expect(page.getByRole('heading', { name: 'Online Examination' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Candidate Confirmation' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Non-Disclosure Agreement' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please accept the NDA to proceed');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Candidate Confirmation' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('I accept the non-disclosure agreement').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Tutorial' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Submit Answer' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
}

/** Two controls side by side or stacked do not touch: at least 8 px between their boxes. */
async function expectApart(first: Locator, second: Locator) {
  const [a, b] = [await first.boundingBox(), await second.boundingBox()];
  if (!a || !b) throw new Error('both controls must be visible');
  const horizontal = Math.max(b.x - (a.x + a.width), a.x - (b.x + b.width));
  const vertical = Math.max(b.y - (a.y + a.height), a.y - (b.y + b.height));
  expect(Math.max(horizontal, vertical)).toBeGreaterThanOrEqual(8);
}

async function answerCurrent(page: Page, option: string, expectCorrect = option === 'Right answer') {
  const submit = page.getByRole('button', { name: 'Submit Answer' });
  await expect(submit).toBeDisabled();
  await page.getByRole('radio', { name: option, exact: true }).check();
  await submit.click();
  await expect(page.getByText(expectCorrect ? 'Correct!' : 'Incorrect!', { exact: true })).toBeVisible();
}

test("when a learner takes the exam, then every wizard stage, the milestone, a reload, a free learner's score and the upgrade link work", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const api = await lmsAdminApi(baseURL ?? '');
  await addQuestions(api, 'dentist', 27, 'Dental');
  await api.dispose();

  const username = await registerLearner(page, 'dentist');
  await expectAccessible(page);
  await startExam(page);
  await expect(page.getByRole('timer')).toHaveText(/^(180:00|179:5\d)$/);
  // The question's type and difficulty in words, not the API's keys.
  await expect(page.getByText('Multiple choice', { exact: true })).toBeVisible();
  await expect(page.getByText(/multiple-choice/)).toHaveCount(0);

  // Copying is blocked and written to the attempt's log.
  await page.evaluate(() => document.dispatchEvent(new ClipboardEvent('copy', { bubbles: true, cancelable: true })));
  await expect(page.getByRole('alert')).toContainText('Copy is disabled during the exam');

  const current = page.locator('#exam-question');
  const seen = new Set<string>();
  for (let i = 1; i <= 12; i++) {
    const answered = (await current.textContent()) ?? '';
    seen.add(answered);
    await answerCurrent(page, i % 4 === 0 ? 'Wrong answer' : 'Right answer');
    await page.getByRole('button', { name: 'Next Question' }).click();
    // The answered question stays on screen until the next one's request has begun.
    await expect(current).not.toHaveText(answered);
  }
  expect(seen.size, 'no question is served twice').toBe(12);
  // Reload mid-exam: the same question and the server's remaining time come back.
  const before = await current.textContent();
  await page.reload();
  await expect(current).toHaveText(before ?? '');
  await expect(page.getByText('Answered 12 of 27')).toBeVisible();
  await expect(page.getByText('Question 13 of 27')).toBeVisible();
  // Straight back to the question, without the wizard, and nothing but the exam on the page.
  await expect(page.getByRole('heading', { name: 'Candidate Confirmation' })).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: /^Your exam is in progress: 2 h 5\d min left\.$/ }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Courses' })).toHaveCount(0);
  await expect(page.getByRole('timer')).toHaveText(/^17\d:\d\d$/);

  for (let i = 13; i <= 25; i++) {
    await answerCurrent(page, 'Right answer');
    if (i === 25) break;
    await page.getByRole('button', { name: 'Next Question' }).click();
  }
  // A free learner's results are locked: the milestone praises the count and tells no score or rate,
  // in a note beside the exam: no dialog covers a timed sitting.
  const milestone = page.getByRole('status').filter({ hasText: 'Good job on reaching 25 questions' });
  await expect(milestone).toContainText('Good job on reaching 25 questions. Keep practicing to improve your score!');
  await expect(milestone).not.toContainText(/%|Your score is/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(page);
  await milestone.getByRole('button', { name: 'Dismiss' }).click();
  await page.getByRole('button', { name: 'Next Question' }).click();
  await answerCurrent(page, 'Right answer');
  await page.getByRole('button', { name: 'Next Question' }).click();
  await answerCurrent(page, 'Wrong answer');
  await page.getByRole('button', { name: 'Next Question' }).click();

  // No questions left: Completed. A free learner sees the score and the verdict (9 + 13 + 1 right);
  // the detailed results are Premium.
  await expect(page.getByRole('heading', { name: 'Exam completed' })).toBeVisible();
  await expect(page.getByText('Pass mark 60%: you scored 85.2% (23 of 27 questions correct; a pass).')).toBeVisible();
  await expect(page.getByText('Upgrade your account to unlock detailed exam results.')).toBeVisible();
  const upgrade = page.getByRole('link', { name: 'Upgrade to Premium' });
  await expect(upgrade).toHaveAttribute(
    'href',
    'https://wa.me/15550001111?text=I%20want%20to%20upgrade%20my%20mock%20exam',
  );
  await expect(upgrade).toHaveAttribute('target', '_blank');
  await expectApart(page.getByRole('button', { name: 'Return to Dashboard' }), upgrade);
  await expectAccessible(page);
  // A free learner's dashboard does not ask for the recent courses only to be refused (a logged 403).
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  await page.getByRole('button', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/lms-system\/dashboard$/);
  await expect(page.getByText('This section is locked. Upgrade to Premium to view your recent courses.')).toBeVisible();
  expect(refused).toEqual([]);
  await expect(page.getByText('First Answer')).toBeVisible();
  // Nor does the course library: locked, or saying it is empty without selling it (the worker's
  // dentists have no course of their own; one for every profession may be left by another spec).
  await page.goto('/courses');
  await expect(
    page.getByText(
      /^(The course library is part of Premium\. Upgrade to unlock every course for your profession\.|The course library has no courses for your profession yet\.)/,
    ),
  ).toBeVisible();
  expect(refused).toEqual([]);

  // The admin's integrity record shows the attempt with its copy event.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/lms-system\/login$/);
  await openLmsAdmin(page);
  await page.getByRole('link', { name: 'Exam logs' }).click();
  const row = page
    .getByRole('row')
    .filter({ hasText: username })
    .filter({ hasText: 'Copy is disabled during the exam' });
  await expect(row).toHaveCount(1);
  // The reload was not a tab switch.
  await expect(
    page.getByRole('row').filter({ hasText: username }).filter({ hasText: 'Leaving the exam window is not allowed!' }),
  ).toHaveCount(0);
  // Every answer is an event of the attempt's timeline (issue 39), which runs over pages: its end is
  // on the last page of the attempt's own view.
  // The list keeps the unfiltered page on screen until the attempt's own arrives, so the attempt's
  // page count is read from its answer, and the pages are walked once the screen shows it.
  const attemptButton = row.getByRole('button', { name: /^Show only attempt/ });
  const attempt = /\d+$/.exec((await attemptButton.getAttribute('aria-label')) ?? '')?.[0];
  const attemptPage = page.waitForResponse(
    (answer) => answer.url().includes('/admin/exam-logs?') && answer.url().includes(`examId=${attempt}`),
  );
  await attemptButton.click();
  const pages = Math.ceil(Number((await attemptPage).headers()['x-total-count']) / ADMIN_PAGE_SIZE);
  const pageOfPages = page.getByText(/^Page \d+ of \d+$/);
  if (pages > 1) await expect(pageOfPages).toHaveText(`Page 1 of ${pages}`);
  await expect(page.getByRole('row').filter({ hasNotText: username })).toHaveCount(1); // the header alone
  for (let at = 2; at <= pages; at++) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(pageOfPages).toHaveText(`Page ${at} of ${pages}`);
  }
  await expect(
    page.getByRole('row').filter({ hasText: username }).filter({ hasText: 'No questions left; exam finished' }),
  ).toHaveCount(1);
  await expectAccessible(page);
});

test('when an admin adds a question, then a learner of that profession gets it in the exam', async ({
  page,
  request,
}) => {
  await page.goto('/lms-system/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByLabel('Username').fill(e2eAccounts.lmsAdmin.username);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your credentials.');
  await page.getByLabel('Password').fill(e2eAccounts.lmsAdmin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/lms-system\/admin$/);

  const text = `Which vitamin deficiency causes scurvy? ${uniqueName('')}`;
  // "Add question" is an action above the bank's table that opens its form in a dialog.
  await page.getByRole('group', { name: 'Bank actions' }).getByRole('button', { name: 'Add question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add question' });
  const form = dialog.getByRole('form', { name: 'Add question' });
  await form.getByLabel('Question', { exact: true }).fill(text);
  // One row per option, any text (commas too); an empty row is dropped, the right one marked.
  await form.getByLabel('Option 1', { exact: true }).fill('Vitamin A');
  await form.getByLabel('Option 2', { exact: true }).fill('  Vitamin C, ascorbic acid ');
  await form.getByLabel('Option 4', { exact: true }).fill('Vitamin D');
  await form.getByLabel('Option 2 is correct').check();
  await form.getByLabel('Profession').selectOption('nurse');
  await form.getByLabel('Explanation').fill('Vitamin C is needed to make collagen.');
  await form.getByRole('button', { name: 'Add question' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: text });
  // The options, trimmed and without the empty one, the correct one marked.
  await expect(row.getByRole('list', { name: 'Options' }).getByRole('listitem')).toHaveText([
    'Vitamin A',
    'Correct answer: Vitamin C, ascorbic acid',
    'Vitamin D',
  ]);
  await expectAccessible(page);

  await signInLearner(page, await createLearner(request, { profession: 'nurse' }));
  // A learner is kept out of the admin pages.
  await page.goto('/lms-system/admin');
  await expect(page).toHaveURL(/\/lms-system\/dashboard$/);
  await startExam(page);
  await expect(page.locator('#exam-question')).toHaveText(text);
  await answerCurrent(page, 'Vitamin C, ascorbic acid', true);
  await expect(page.getByText('Vitamin C is needed to make collagen.')).toBeVisible();
});

test('when an admin grants the course program, then the locked library opens, lessons record progress and recent courses show it', async ({
  page,
  request,
  baseURL,
}) => {
  const api = await lmsAdminApi(baseURL ?? '');
  const title = `Nutrition basics ${uniqueName('')}`;
  for (const [t, level] of [
    [title, 'Beginner'],
    [`Advanced feeding ${uniqueName('')}`, 'Advanced'],
  ] as const) {
    const response = await api.post('/admin/courses', {
      data: {
        title: t,
        description: 'Macronutrients and energy',
        profession: 'nutritionist',
        level,
        sections: [
          { title: 'Lesson one', body: 'Fat gives 9 kcal per gram.' },
          { title: 'Lesson two', body: 'Protein gives 4 kcal per gram.' },
        ],
        published: true,
      },
    });
    expect(response.status()).toBe(201);
  }

  const learner = await createLearner(request, { profession: 'nutritionist' });
  await signInLearner(page, learner);
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: 'Premium Content Locked' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/15550001111\?text=I%20want%20to%20upgrade%20my%20mock%20exam$/,
  );
  await expectAccessible(page);

  const grant = await api.put(`/admin/users/${learner.id}/programs`, {
    data: { allowed_programs: ['course'] },
  });
  expect(grant.status()).toBe(200);
  await api.dispose();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Learning Journey' })).toBeVisible();
  // A course card keeps its own padding inside the list.
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  expect(await card.evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft))).toBeGreaterThanOrEqual(12);
  await page.getByLabel('Level').selectOption('Advanced');
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  await page.getByLabel('Level').selectOption('all');
  await page.getByLabel('Search courses').fill('no such course anywhere');
  await expect(page.getByText('No course materials available with the current filters.')).toBeVisible();
  await page.getByLabel('Search courses').fill('nutrition BASICS');
  await page.getByRole('link', { name: title }).click();
  await page.getByRole('region', { name: 'Lesson one' }).getByRole('button', { name: 'Mark lesson complete' }).click();
  await expect(page.getByText('50% complete')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('region', { name: 'Recent Courses' }).getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByText('50.00%')).toBeVisible();
  // The profile names the plan in words, not by its key.
  await page.goto('/lmsprofile');
  await expect(page.getByText('Course library')).toBeVisible();
  await expect(page.getByText('course', { exact: true })).toHaveCount(0);
});

test('when a learner practises, then each answer is marked and explained at once and the set ends with a summary titled after it', async ({
  page,
  request,
  baseURL,
}) => {
  const api = await lmsAdminApi(baseURL ?? '');
  const response = await api.post('/exam-questions', {
    data: {
      question: 'Describe the role of a care plan.',
      question_type: 'essay',
      options: [],
      correct_answer: 'Goals and actions',
      explanation: 'Plans guide care.',
      profession: 'doctor',
    },
  });
  expect(response.status()).toBe(201);
  await addQuestions(api, 'doctor', 2, 'Old module');
  await api.dispose();
  await signInLearner(page, await createLearner(request, { profession: 'doctor' }));
  await page.goto('/lms-system/dashboard');
  await page.getByRole('link', { name: 'Quick practice (5 minutes)' }).click();
  await expect(page.getByRole('heading', { name: 'Quick practice', level: 1 })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^[45]:\d\d$/);
  for (let i = 0; i < 3; i++) {
    const essay = page.getByLabel('Your answer');
    const isEssay = (await essay.count()) > 0;
    if (isEssay) await essay.fill('A care plan sets goals.');
    else await page.getByRole('radio', { name: 'Right answer', exact: true }).check();
    await page.getByRole('button', { name: 'Submit Answer' }).click();
    // Tutor mode: the mark and the explanation come with the answer, before the next question.
    if (isEssay) {
      await expect(page.getByText('To be reviewed manually.')).toBeVisible();
      await expect(page.getByText('Plans guide care.')).toBeVisible();
    } else await expect(page.getByText('Correct!', { exact: true })).toBeVisible();
    if (i === 0) await expectAccessible(page);
    await page.getByRole('button', { name: i < 2 ? 'Next Question' : 'See summary' }).click();
  }
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByRole('heading', { name: 'Quick practice: summary' })).toBeVisible();
  await expect(summary.getByText('Your score: 2 / 2')).toBeVisible();
  await expect(summary.getByText('Essay responses will be reviewed manually.')).toBeVisible();
  // This learner's results are locked (no exam-results program), so no model answer is named (decision 004).
  await expect(page.getByText('Model answer: Goals and actions')).toHaveCount(0);
  await expect(page.getByText('Mock Exam')).toHaveCount(0);
  await expectAccessible(page);
});

test('when the token cannot be decoded, then the learner is signed out to the login', async ({ page }) => {
  await page.goto('/lms-system/login');
  await page.evaluate(() => localStorage.setItem('token', 'not-a-jwt'));
  await page.goto('/lms-system/dashboard');
  await expect(page).toHaveURL(/\/lms-system\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

/** A second app with a short exam, so the countdown can run out without waiting three hours. */
test.describe('with a short exam duration', () => {
  // Long enough to answer one question before it runs out; the test scale lengthens it on a slower machine.
  const EXAM_SECONDS = Math.round(ceiling(8_000) / 1000);
  let app: AppProcess | undefined;

  test.beforeAll(async () => {
    test.slow();
    // Its own embedded database, even when the worker's app runs on an external one.
    app = await startAppProcess(() => ({
      LOGIN_RATE_LIMIT: '1000',
      LMS_ADMIN_USERNAME: e2eAccounts.lmsAdmin.username,
      LMS_ADMIN_PASSWORD: e2eAccounts.lmsAdmin.password,
      EXAM_DURATION_SECONDS: String(EXAM_SECONDS),
    }));
  });

  test.afterAll(async () => {
    await app?.dispose();
  });

  test('when the timer runs out, then the exam finishes and a free learner sees the score', async ({ page }) => {
    const shortBaseUrl = app?.url ?? '';
    const api = await lmsAdminApi(shortBaseUrl);
    await addQuestions(api, 'physiotherapist', 3, 'Physio');
    await api.dispose();
    await page.goto(`${shortBaseUrl}/lms-system/register`);
    await page.getByLabel('Username').fill(uniqueName('short'));
    await page.getByLabel('Password').fill('a long password');
    await page.getByLabel('Profession').selectOption('physiotherapist');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/lms-system\/dashboard$/);
    await page.goto(`${shortBaseUrl}/exam`);
    await expect(page.getByText(`Finish within the time limit of ${EXAM_SECONDS} seconds.`)).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('I accept the non-disclosure agreement').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await answerCurrent(page, 'Right answer');
    // The countdown reaches zero on its own; nothing is clicked.
    await expect(page.getByRole('heading', { name: 'Exam completed' })).toBeVisible({
      timeout: EXAM_SECONDS * 1000 + timeouts.condition,
    });
    await expect(page.getByText('Upgrade your account to unlock detailed exam results.')).toBeVisible();
    await expect(
      page.getByText(/^Pass mark 60%: you scored 33\.3% \(1 of 3 questions correct; 26\.7 points short\)\.$/),
    ).toBeVisible();
  });
});
