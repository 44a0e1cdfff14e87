import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.js';
import {
  createLearner,
  lmsAdminApi,
  openLmsAdmin,
  openQuestionImport,
  signInLearner,
  uniqueName,
} from './lms-helpers.js';

/*
 * The mock exam as a practice tool: finish, review, retake and history; the question bank's CSV
 * import and item analysis; essay grading and the upcoming-exams admin page, all in the browser.
 * Professions: physiotherapist and nutritionist, which lms.spec.ts leaves alone in this database.
 */

const PASSWORD = 'a long password';

async function grantResults(api: APIRequestContext, username: string) {
  const users = (await (await api.get('/admin/users', { params: { search: username } })).json()) as {
    users: { id: number }[];
  };
  expect(
    (
      await api.put(`/admin/users/${users.users[0]?.id}/programs`, { data: { allowed_programs: ['exam-results'] } })
    ).status(),
  ).toBe(200);
}

/** A learner made and driven through the API: registers, then answers every question of the exam with `answer`; returns their name and token. */
async function learnerAnswersAll(
  baseURL: string,
  profession: string,
  answer: (question: { question: string; question_type: string; options: string[] }) => string,
) {
  const context = await playwrightRequest.newContext({ baseURL });
  const username = uniqueName('apilearner');
  const registered = await context.post('/auth/register', { data: { username, password: PASSWORD, profession } });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  for (;;) {
    const served = (await (await context.get('/user/exam/questions', { headers })).json()) as {
      examQuestions: { id: number; question: string; question_type: string; options: string[] }[];
    };
    const question = served.examQuestions[0];
    if (!question) break;
    expect(
      (
        await context.post('/user/exam/submit', {
          headers,
          data: { questionId: question.id, userAnswer: answer(question) },
        })
      ).status(),
    ).toBe(200);
  }
  await context.dispose();
  return { username, token };
}

/** From the exam intro's wizard: Confirmation → NDA → Tutorial → the first question. */
async function walkWizard(page: Page) {
  await expect(page.getByRole('heading', { name: 'Candidate Confirmation' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('I accept the non-disclosure agreement').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Tutorial' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Submit Answer' })).toBeVisible();
}

/** Answers the question on screen; the chosen and the correct option are marked, not only named below. */
async function answer(page: Page, option: 'Right answer' | 'Wrong answer') {
  await page.getByRole('radio', { name: option, exact: true }).check();
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  const options = page.getByRole('group', { name: 'Choose one answer' });
  if (option === 'Right answer') {
    await expect(page.getByText('Correct!', { exact: true })).toBeVisible();
    await expect(options.locator('label', { hasText: /^Right answer/ })).toContainText('Your answer, correct');
  } else {
    await expect(page.getByText('Incorrect!', { exact: true })).toBeVisible();
    await expect(options.locator('label', { hasText: /^Wrong answer/ })).toContainText('Your answer');
    await expect(options.locator('label', { hasText: /^Right answer/ })).toContainText('Correct answer');
  }
  await page.getByRole('button', { name: 'Next Question' }).click();
}

test('when a learner finishes the exam, then they review it, retake it and see both attempts in the history', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const api = await lmsAdminApi(baseURL ?? '');
  const prefix = uniqueName('Retake');
  for (let i = 1; i <= 3; i++) {
    const response = await api.post('/exam-questions', {
      data: {
        question: `${prefix} question ${i}: which answer is right?`,
        question_type: 'multiple-choice',
        options: ['Right answer', 'Wrong answer', 'Another wrong answer'],
        correct_answer: 'Right answer',
        explanation: `Explanation ${i}.`,
        profession: 'physiotherapist',
        difficulty: (['easy', 'medium', 'hard'] as const)[i - 1],
      },
    });
    expect(response.status()).toBe(201);
  }
  await api.dispose();
  const learner = await createLearner(request, {
    profession: 'physiotherapist',
    prefix: 'retaker',
    programs: ['exam-results'],
  });
  await signInLearner(page, learner);

  // First attempt: one wrong, the rest right, until no question is left.
  await page.goto('/exam');
  await walkWizard(page);
  const total = Number((await page.getByText(/^Answered 0 of \d+$/).textContent())?.match(/of (\d+)/)?.[1]);
  expect(total).toBeGreaterThanOrEqual(3);
  await answer(page, 'Wrong answer');
  for (let i = 2; i <= total; i++) await answer(page, 'Right answer');
  await expect(page.getByRole('heading', { name: 'Exam completed' })).toBeVisible();
  // The results screen shows the rate in its ring and in its figures.
  await expect(page.getByRole('img', { name: `Score ${(((total - 1) / total) * 100).toFixed(1)}%` })).toBeVisible();

  // The review marks the learner's wrong choice and the right option.
  await page.getByRole('button', { name: 'Review answers' }).click();
  await expect(page).toHaveURL(/\/exam\/attempts\/\d+\/review$/);
  const questions = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(questions).toHaveCount(total);
  await expect(page.getByText('Your answer', { exact: true })).toHaveCount(1);
  await expect(page.getByText('Your answer, correct', { exact: true })).toHaveCount(total - 1);
  await expect(page.getByText('Explanation 1.')).toHaveCount(1);
  await expectAccessible(page);

  // The intro says when the attempt finished and offers the retake instead of the finished attempt.
  await page.getByRole('link', { name: 'Back to the exam' }).click();
  await expect(page.getByText(/Your last attempt finished on/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Candidate Confirmation' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Retake exam' }).click();
  await walkWizard(page);
  await expect(page.getByText(`Answered 0 of ${total}`)).toBeVisible();
  for (let i = 1; i <= total; i++) await answer(page, 'Right answer');
  await expect(page.getByRole('heading', { name: 'Exam completed' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Score 100.0%' })).toBeVisible();
  await page.getByRole('button', { name: 'Return to Dashboard' }).click();

  // The dashboard says when, and offers the retake; the exam intro lists both attempts.
  await expect(page.getByRole('region', { name: 'Mock Exam' })).toContainText('Your last attempt finished on');
  await expect(page.getByRole('link', { name: 'Retake exam' }).first()).toBeVisible();
  await expectAccessible(page);
  await page.goto('/exam');
  const history = page.getByRole('table', { name: 'Exam attempts' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(1)).toContainText(`${total} of ${total}`);
  await expect(history.getByRole('row').nth(1)).toContainText('100.0%');
  await expect(history.getByRole('link', { name: /^Review the attempt/ })).toHaveCount(2);
});

test('when an admin imports a CSV with a bad row, then nothing is imported and the row is named; fixed, it imports and statistics follow the answers', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const tag = uniqueName('csv');
  const header = 'question,question_type,options,correct_answer,explanation,profession,difficulty';
  const first = `${tag} Which nutrient gives 9 kcal per gram?`;
  const second = `${tag} Which vitamin is made in the skin?`;
  const third = `${tag} Iron is best absorbed with vitamin ___`;
  const rows = [
    header,
    `"${first}",multiple-choice,"Fat, Protein, Carbohydrate",Fat,Fat gives 9 kcal per gram.,nutritionist,easy`,
    `"${second}",multiple-choice,"Vitamin D, Vitamin K",Vitamin C,Sunlight makes vitamin D.,nutritionist,medium`,
    `"${third}",fill-in-the-blank,,C,Vitamin C helps iron absorption.,nutritionist,hard`,
  ];
  const file = (text: string) => ({ name: 'questions.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

  await openLmsAdmin(page);
  const importer = await openQuestionImport(page);
  await importer.getByLabel('CSV file').setInputFiles(file(rows.join('\n')));
  await expect(importer.getByRole('table', { name: 'Preview of the import' }).getByRole('row')).toHaveCount(4);
  // The preview checks each row with the server's own checks, before anything is sent.
  await expect(importer.getByRole('row').filter({ hasText: second })).toContainText(
    'correct_answer must be one of the options',
  );
  await importer.getByRole('button', { name: 'Import 3 questions' }).click();
  await expect(importer.getByRole('alert')).toContainText('Nothing was imported: 1 row has an error.');
  await expect(importer.getByRole('list', { name: 'Rows with errors' })).toHaveText(
    'Row 3: correct_answer must be one of the options',
  );
  await expect(importer.getByRole('row').filter({ hasText: second })).toContainText(
    'correct_answer must be one of the options',
  );
  await expectAccessible(page);
  // Back in the bank nothing of the refused file is there; then to the import page again.
  await page.getByRole('navigation', { name: 'LMS admin' }).getByRole('link', { name: 'Exam questions' }).click();
  await page.getByLabel('Show questions for').selectOption('nutritionist');
  await expect(
    page.getByRole('table', { name: 'Exam questions' }).getByRole('row').filter({ hasText: tag }),
  ).toHaveCount(0);
  await openQuestionImport(page);

  rows[2] = `"${second}",multiple-choice,"Vitamin D, Vitamin K",Vitamin D,Sunlight makes vitamin D.,nutritionist,medium`;
  await importer.getByLabel('CSV file').setInputFiles(file(rows.join('\n')));
  await importer.getByRole('button', { name: 'Import 3 questions' }).click();
  await expect(page.getByText('Imported 3 questions')).toBeVisible();
  const table = page.getByRole('table', { name: 'Exam questions' });
  await expect(table.getByRole('row').filter({ hasText: tag })).toHaveCount(3);

  // Two learners answer: one gets everything right, the other everything wrong.
  const right: Record<string, string> = { [first]: 'Fat', [second]: 'Vitamin D', [third]: 'C' };
  const correctOf = (q: { question: string; question_type: string; options: string[] }) =>
    right[q.question] ?? (q.question_type === 'multiple-choice' ? (q.options[0] ?? 'x') : 'an answer');
  await learnerAnswersAll(baseURL ?? '', 'nutritionist', correctOf);
  await learnerAnswersAll(baseURL ?? '', 'nutritionist', (q) => (right[q.question] ? 'not this' : correctOf(q)));

  await page.reload();
  await page.getByLabel('Show questions for').selectOption('nutritionist');
  const row = table.getByRole('row').filter({ hasText: first });
  // Answers, facility and discrimination (after the topic column).
  // Cells by their column, whatever the table's layout puts before them.
  await expect(row.locator('td[data-label="Answers"]')).toHaveText('2');
  await expect(row.locator('td[data-label="Facility"]')).toHaveText('0.50');
  await expect(row.locator('td[data-label="Discrimination"]')).toHaveText('1.00');
  await expectAccessible(page);
});

test('when an admin grades an essay in the browser, then it leaves the queue and the learner sees the grade in the review', async ({
  page,
  baseURL,
}) => {
  const api = await lmsAdminApi(baseURL ?? '');
  const essay = `${uniqueName('Essay')}: describe a safe manual handling technique.`;
  const created = await api.post('/exam-questions', {
    data: {
      question: essay,
      question_type: 'essay',
      options: [],
      correct_answer: 'Bend the knees, keep the load close.',
      explanation: 'Protect the back.',
      profession: 'physiotherapist',
    },
  });
  expect(created.status()).toBe(201);
  const learner = await learnerAnswersAll(baseURL ?? '', 'physiotherapist', (q) =>
    q.question_type === 'essay'
      ? 'I keep the load close and bend my knees.'
      : q.question_type === 'multiple-choice'
        ? 'Right answer'
        : 'x',
  );
  const username = learner.username;
  await grantResults(api, username);
  await api.dispose();

  await openLmsAdmin(page);
  await page.getByRole('link', { name: 'Essay grading' }).click();
  const card = page.getByRole('listitem').filter({ hasText: essay }).filter({ hasText: username });
  await expect(card).toContainText('I keep the load close and bend my knees.');
  await expect(card).toContainText('Bend the knees, keep the load close.');
  await expectAccessible(page);
  await card.getByLabel('Note for the record (optional)').fill('Good technique described.');
  await card.getByRole('button', { name: 'Mark correct' }).click();
  await expect(card).toHaveCount(0);
  await page.getByLabel('Show').selectOption('graded');
  await expect(page.getByRole('listitem').filter({ hasText: essay }).filter({ hasText: username })).toContainText(
    'correct',
  );

  await signInLearner(page, learner);
  await page.goto('/exam');
  await page.getByRole('link', { name: 'Review answers' }).click();
  const item = page.getByRole('listitem').filter({ hasText: essay });
  await expect(item).toContainText('Correct');
  await expect(item).toContainText("Grader's note: Good technique described.");
});

test('when an admin schedules and deletes an upcoming exam in the browser, then learners of that profession see it meanwhile', async ({
  page,
  request,
}) => {
  const title = `Physiotherapy sitting ${uniqueName('')}`;
  await openLmsAdmin(page);
  await page.getByRole('link', { name: 'Upcoming exams' }).click();
  const form = page.getByRole('form', { name: 'Schedule an exam' });
  await form.getByRole('button', { name: 'Add Exam' }).click();
  // The browser's own required-field check keeps the empty form from being sent.
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('For').selectOption('physiotherapist');
  await form.getByLabel('Date').fill('2031-05-02');
  await form.getByLabel('Time').fill('09:30');
  await form.getByRole('button', { name: 'Add Exam' }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('09:30');
  await expectAccessible(page);

  await signInLearner(page, await createLearner(request, { profession: 'physiotherapist', prefix: 'sitter' }));
  await page.goto('/lms-system/dashboard');
  await expect(page.getByRole('region', { name: 'Upcoming Exams' })).toContainText(title);

  await openLmsAdmin(page);
  await page.getByRole('link', { name: 'Upcoming exams' }).click();
  await page.getByRole('button', { name: `Delete exam ${title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});

test('when an admin sets the wait between attempts, then it is saved and shown again', async ({ page }) => {
  await openLmsAdmin(page);
  await page.getByRole('link', { name: 'Exam settings' }).click();
  const wait = page.getByLabel('Wait between attempts (minutes)');
  await expect(wait).toHaveValue('0');
  await wait.fill('150');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Exam settings saved')).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(wait).toHaveValue('150');
  // Any wait, not only quarter hours: 90 seconds.
  await wait.fill('1.5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Exam settings saved').last()).toBeVisible();
  await page.reload();
  await expect(wait).toHaveValue('1.5');
  // Back to no wait, so other tests retake at once.
  await wait.fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Exam settings saved')).toBeVisible();
});

/**
 * Answers whatever question is on screen (first option, or a typed answer) and goes on, returning
 * once the next question or the end of the exam is shown: the answered question stays on screen
 * until the next one's request has begun.
 */
/** Answers the question on screen whatever its kind: its first choice, or a word typed. */
async function chooseAnyAnswer(page: Page) {
  const radios = page.getByRole('radio');
  if ((await radios.count()) > 0) await radios.first().check();
  else await page.locator('input[type="text"], textarea').first().fill('x');
}

async function answerAnything(page: Page) {
  const current = page.locator('#exam-question');
  const answered = (await current.textContent()) ?? '';
  await chooseAnyAnswer(page);
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await page.getByRole('button', { name: 'Next Question' }).click();
  const another = current.filter({ hasNotText: answered });
  await expect(page.getByRole('heading', { name: 'Exam completed' }).or(another)).toBeVisible();
}

test('when the question on screen is deleted, the exam is left by the header, a retake is refused or a bad address is opened, then the learner is told and can go on', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const api = await lmsAdminApi(baseURL ?? '');
  const prefix = uniqueName('Withdrawn');
  for (let i = 1; i <= 2; i++) {
    const created = await api.post('/exam-questions', {
      data: {
        question: `${prefix} question ${i}?`,
        options: ['Right answer', 'Wrong answer'],
        correct_answer: 'Right answer',
        explanation: 'E.',
        profession: 'physiotherapist',
      },
    });
    expect(created.status()).toBe(201);
  }
  await signInLearner(page, await createLearner(request, { profession: 'physiotherapist', prefix: 'withdrawn' }));

  // An admin deletes the question on screen: the answer gets the next question and a word of why.
  await page.goto('/exam');
  await walkWizard(page);
  // Starting the exam refreshes what the page knows of the attempt: let those requests settle, or
  // one still on its way after the delete would bring the next question without a word.
  await page.waitForLoadState('networkidle');
  const current = page.locator('#exam-question');
  const onScreen = (await current.textContent()) ?? '';
  const bank = (await (
    await api.get('/exam-questions', { params: { profession: 'physiotherapist', pageSize: 100 } })
  ).json()) as { examQuestions: { id: number; question: string }[] };
  const deleted = bank.examQuestions.find((q) => q.question === onScreen);
  expect((await api.delete(`/exam-questions/${deleted?.id}`)).status()).toBe(204);
  // The question on screen may be one this file's earlier tests wrote (an essay among them).
  await chooseAnyAnswer(page);
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(
    page.getByText('The question you were answering was withdrawn from the exam. Here is the next one.'),
  ).toBeVisible();
  await expect(current).not.toHaveText(onScreen);
  await expect(page.getByText('Your answer could not be sent. Please try again.')).toHaveCount(0);
  await expectAccessible(page);
  while (await current.isVisible()) await answerAnything(page);
  await expect(page.getByRole('heading', { name: 'Exam completed' })).toBeVisible();

  // Left by the header's Dashboard link, the finished attempt's Completed screen is not shown again.
  await page.getByRole('navigation', { name: 'Learning' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('link', { name: 'Retake exam' }).first().click();
  await expect(page).toHaveURL(/\/exam$/);
  await expect(page.getByText(/Your last attempt finished on/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Exam completed' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(/Your last attempt finished on/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Exam completed' })).toHaveCount(0);

  // A wait set meanwhile refuses the retake, with the time in the learner's own words, not ISO.
  expect((await api.put('/admin/exam-settings', { data: { retakeWaitSeconds: 3600 } })).status()).toBe(200);
  try {
    await page.getByRole('button', { name: 'Retake exam' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('I accept the non-disclosure agreement').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'You can retake the exam from' });
    await expect(refusal).toHaveText(/^You can retake the exam from .*\d{1,2}:\d{2}.*\.$/);
    await expect(refusal).not.toHaveText(/\d{4}-\d{2}-\d{2}T|Z\./);
  } finally {
    expect((await api.put('/admin/exam-settings', { data: { retakeWaitSeconds: 0 } })).status()).toBe(200);
    await api.dispose();
  }

  // Addresses that cannot name a course or an attempt: not found, with the way back, and no request for NaN.
  const asked: string[] = [];
  page.on('request', (request) => asked.push(request.url()));
  await page.goto('/courses/abc');
  await expect(page.getByText('This course does not exist or is not for your profession.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to courses' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await page.goto('/exam/attempts/abc/review');
  await expect(page.getByRole('heading', { name: 'Attempt not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the exam' }).click();
  await expect(page).toHaveURL(/\/exam$/);
  expect(asked.filter((url) => /^\/user\/(courses|exam\/attempts)\//.test(new URL(url).pathname))).toEqual([]);
});

test('when an admin adds a question already in the bank on a phone, then the refusal is focused and in view', async ({
  page,
  baseURL,
}) => {
  const api = await lmsAdminApi(baseURL ?? '');
  const question = `${uniqueName('Twice')}: which answer is right?`;
  const added = await api.post('/exam-questions', {
    data: { question, options: ['Yes', 'No'], correct_answer: 'Yes', explanation: 'E.', profession: 'dentist' },
  });
  expect(added.status()).toBe(201);
  const { id } = (await added.json()) as { id: number };
  try {
    await page.setViewportSize({ width: 390, height: 700 });
    await openLmsAdmin(page);
    await page.getByRole('group', { name: 'Bank actions' }).getByRole('button', { name: 'Add question' }).click();
    const form = page.getByRole('dialog', { name: 'Add question' }).getByRole('form', { name: 'Add question' });
    await form.getByLabel('Question', { exact: true }).fill(question);
    await form.getByLabel('Option 1', { exact: true }).fill('Yes');
    await form.getByLabel('Option 2', { exact: true }).fill('No');
    await form.getByLabel('Option 1 is correct').check();
    await form.getByLabel('Profession').selectOption('dentist');
    await form.getByLabel('Explanation').fill('E.');
    await form.getByRole('button', { name: 'Add question' }).click();
    const refusal = form.getByRole('alert');
    await expect(refusal).toHaveText('Error adding question: This question is already in the bank');
    await expect(refusal).toBeInViewport();
    await expect(refusal.locator('..')).toBeFocused();
  } finally {
    // The dentists' bank belongs to lms.spec.ts, whose exam expects only its own questions.
    expect((await api.delete(`/exam-questions/${id}`)).status()).toBe(204);
    await api.dispose();
  }
});
