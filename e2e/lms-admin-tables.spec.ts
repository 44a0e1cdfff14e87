import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signInAs, staffHeaders, test } from './fixtures.js';
import { createLearner, signInLearner, uniqueName } from './lms-helpers.js';

test('when an LMS admin opens the question bank at 1024 px and wider, then the questions are a table, not a stack of cards', async ({
  page,
  request,
}) => {
  const admin = await signInAdmin(page);
  const tag = `Q${Date.now().toString(36)}`;
  const made: number[] = [];
  for (let i = 1; i <= 12; i++) {
    const response = await request.post('/exam-questions', {
      headers: admin,
      data: {
        question: `${tag} ${i}: a patient on warfarin presents with an INR of 6.2 and no bleeding; which is the most appropriate next step in management?`,
        question_type: 'multiple-choice',
        options: [
          'Hold warfarin and recheck the INR',
          'Give intravenous vitamin K at once',
          'Give fresh frozen plasma',
          'Continue the same dose',
        ],
        correct_answer: 'Hold warfarin and recheck the INR',
        explanation: 'Without bleeding, holding the dose is enough.',
        profession: 'nurse',
        difficulty: 'medium',
      },
    });
    expect(response.status()).toBe(201);
    made.push(((await response.json()) as { id: number }).id);
  }
  // One load, then the window resized: the layout follows the width, as the 390 px check below shows.
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.goto('/lms-system/admin');
  const table = page.getByRole('table', { name: 'Exam questions' });
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  for (const width of [1024, 1440, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => rows.first().evaluate((row) => getComputedStyle(row).display), { message: `at ${width}px` })
      .toBe('table-row');
    await expect(table.getByRole('columnheader', { name: 'Question' })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    // Where the sidebar is a column, each of its labels stays on one line.
    if (width >= 1440) expect(await wrappedLabels(page.getByRole('complementary')), `at ${width}px`).toEqual([]);
  }
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() =>
      page
        .getByRole('table', { name: 'Exam questions' })
        .locator('tbody tr')
        .first()
        .evaluate((row) => getComputedStyle(row).display),
    )
    .toBe('block');
  // On a phone the bank reads without scrolling sideways, and its actions are above the table, in reach.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
  const actions = page.getByRole('group', { name: 'Bank actions' });
  for (const name of ['Add question', 'Import', 'Export CSV', 'Export QTI 3.0']) {
    const box = await actions.getByRole(name === 'Import' ? 'link' : 'button', { name, exact: true }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, `${name} within 390 px`).toBe(true);
  }
  const tableBox = await page.getByRole('table', { name: 'Exam questions' }).boundingBox();
  const actionsBox = await actions.boundingBox();
  expect((actionsBox?.y ?? Infinity) < (tableBox?.y ?? 0), 'the actions come before the table').toBe(true);
  const menu = await page.getByRole('button', { name: `Actions for question ${made[0]}`, exact: true }).boundingBox();
  expect(menu && menu.x + menu.width <= 390, 'a row menu within 390 px').toBe(true);
  // "Add question" opens its form in a dialog that fits the phone.
  await actions.getByRole('button', { name: 'Add question', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add question' });
  await expect(dialog.getByRole('form', { name: 'Add question' })).toBeVisible();
  const dialogBox = await dialog.boundingBox();
  expect(dialogBox && dialogBox.x >= 0 && dialogBox.x + dialogBox.width <= 390, 'the dialog within 390 px').toBe(true);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // Other specs count on their own questions being the only live ones of a profession.
  for (const id of made) expect((await request.delete(`/exam-questions/${id}`, { headers: admin })).status()).toBe(204);
});

/** The page signed in as the LMS admin (the worker's session), and that session's headers for API calls. */
async function signInAdmin(page: Page): Promise<Record<string, string>> {
  await signInAs(page, 'lmsAdmin');
  return staffHeaders('lmsAdmin');
}

/** The texts under `place` (links, the title) that the browser broke over more than one line. */
const wrappedLabels = (place: Locator) =>
  place.evaluate((root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const wrapped: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (lines.size > 1) wrapped.push(node.textContent.trim());
    }
    return wrapped;
  });

/** A learner registered through the API with the course library open. */
const courseLearner = (request: APIRequestContext) =>
  createLearner(request, { profession: 'nurse', prefix: 'reader', programs: ['course'] });

const rowDisplay = (table: Locator) =>
  table
    .locator('tbody tr')
    .first()
    .evaluate((row) => getComputedStyle(row).display);

test('when an LMS admin opens users, courses and logs at 1024 px and wider, then each is a table with a sticky heading, its filters in the address and its actions in a menu', async ({
  page,
  request,
}) => {
  const admin = await signInAdmin(page);
  const course = `Tables course ${uniqueName('')}`;
  expect(
    (
      await request.post('/admin/courses', {
        headers: admin,
        data: { title: course, profession: 'all', description: 'A course the tables list.' },
      })
    ).status(),
  ).toBe(201);
  const { username } = await courseLearner(request);

  // Each page loaded once, then the window resized.
  for (const [path, caption] of [
    ['/lms-system/admin/users', 'LMS users'],
    ['/lms-system/admin/course', 'Courses'],
  ] as const) {
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto(path);
    const table = page.getByRole('table', { name: caption });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    for (const width of [1024, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => rowDisplay(table), { message: `${path} at ${width}px` }).toBe('table-row');
      expect(
        await table
          .locator('th')
          .first()
          .evaluate((th) => getComputedStyle(th).position),
      ).toBe('sticky');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      ).toBe(true);
    }
  }

  // The user search lives in the address: a reload keeps it, and the row's actions sit behind its menu.
  await page.goto('/lms-system/admin/users');
  await page.getByLabel('Search by username').fill(username);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${username}`));
  await page.reload();
  await expect(page.getByLabel('Search by username')).toHaveValue(username);
  const userRow = page.getByRole('row').filter({ hasText: username });
  await expect(userRow).toHaveCount(1);
  await userRow.getByRole('button', { name: `Actions for ${username}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Set password' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expectAccessible(page);

  // Delete is behind the course's menu, and asks first.
  await page.goto('/lms-system/admin/course');
  const courseRow = page.getByRole('row').filter({ hasText: course });
  await expect(courseRow.getByRole('button', { name: /delete/i })).toHaveCount(0);
  await courseRow.getByRole('button', { name: `Actions for course ${course}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete course' }).getByRole('button', { name: 'Delete' }).click();
  await expect(courseRow).toHaveCount(0);
  await expectAccessible(page);

  // The attempt filter of the logs is in the address too; an address naming no attempt lists every one.
  await page.goto('/lms-system/admin/logs?examId=2147483000');
  await expect(page.getByText('Showing attempt #2147483000.')).toBeVisible();
  await expect(page.getByText('No exam events recorded yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Show all attempts' }).click();
  await expect(page).toHaveURL(/\/lms-system\/admin\/logs$/);
  await page.goto('/lms-system/admin/logs?examId=abc');
  await expect(page.getByText(/Showing attempt/)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('when an LMS admin edits an imported question whose options hold commas, then a refusal shows next to its field and the saved question replaces the old one in the table', async ({
  page,
  request,
}) => {
  const admin = await signInAdmin(page);
  const tag = uniqueName('Edit');
  // Imported from a spreadsheet: an option with a comma in it, in a quoted item of the old options cell.
  const imported = await request.post('/exam-questions/import', {
    headers: { ...admin, 'content-type': 'text/csv' },
    data: `question,question_type,options,correct_answer,explanation,profession,difficulty\n"${tag}: which drug reverses heparin?",multiple-choice,"Protamine, ""Vitamin K, phytomenadione""",Protamine,It binds heparin.,dentist,medium\n`,
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const listed = await request.get('/exam-questions', {
    headers: admin,
    params: { profession: 'dentist', pageSize: 100 },
  });
  const { examQuestions } = (await listed.json()) as {
    examQuestions: { id: number; question: string; options: string[] }[];
  };
  const saved = examQuestions.find((q) => q.question.startsWith(tag));
  expect(saved?.options).toEqual(['Protamine', 'Vitamin K, phytomenadione']);
  const id = saved?.id ?? 0;
  await page.goto('/lms-system/admin?profession=dentist');
  await expect(page.getByLabel('Show questions for')).toHaveValue('dentist');
  const row = page.getByRole('row').filter({ hasText: tag });
  await row.getByRole('button', { name: `Actions for question ${id}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit question' });
  await expect(dialog.getByLabel('Question', { exact: true })).toHaveValue(`${tag}: which drug reverses heparin?`);
  // The options are rows, the saved ones marked; emptying one leaves too few, and the server's
  // sentence shows under the options, whose first row takes the focus.
  await expect(dialog.getByLabel('Option 1 is correct')).toBeChecked();
  await dialog.getByLabel('Option 2', { exact: true }).fill('');
  await dialog.getByRole('button', { name: 'Save question' }).click();
  const first = dialog.getByLabel('Option 1', { exact: true });
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  await expect(first).toHaveAccessibleDescription(/at least 2 options/);
  await expect(first).toBeFocused();
  await expectAccessible(page);
  await dialog.getByLabel('Question', { exact: true }).fill(`${tag}: which drug reverses unfractionated heparin?`);
  await dialog.getByLabel('Option 2', { exact: true }).fill('Vitamin K, phytomenadione');
  await dialog.getByRole('button', { name: 'Save question' }).click();
  // Saved with its options whole.
  await expect(
    page.getByRole('row').filter({ hasText: tag }).getByRole('list', { name: 'Options' }).getByRole('listitem'),
  ).toHaveText(['Correct answer: Protamine', 'Vitamin K, phytomenadione']);
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('row').filter({ hasText: `${tag}: which drug reverses unfractionated heparin?` }),
  ).toHaveCount(1);
  // Other specs count on their own questions being the only live ones of a profession.
  expect((await request.delete(`/exam-questions/${id}`, { headers: admin })).status()).toBe(204);
});

test('when an LMS admin writes a course in Markdown, then the editor previews it and the learner reads it formatted', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  await signInAdmin(page);
  const title = `Markdown course ${uniqueName('')}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/lms-system/admin/course');
  await page.getByRole('link', { name: 'Add course' }).click();
  await expect(page).toHaveURL(/\/lms-system\/admin\/course\/new$/);
  await page.getByRole('button', { name: 'Add Course' }).click();
  // Checked in the app's words before anything is sent.
  await expect(page.getByLabel('Title', { exact: true })).toHaveAccessibleDescription('Please enter the title.');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Profession').selectOption('nurse');
  await page.getByLabel('Lesson 1 title').fill('Hand hygiene');
  await page
    .getByLabel('Lesson 1 text (Markdown)')
    .fill(
      'The **five moments**:\n\n- before touching a patient\n- after touching a patient\n\n## Why\n\nMost infections are carried on hands.',
    );
  const preview = page.getByRole('region', { name: 'Preview of lesson 1' });
  await expect(preview.getByRole('listitem')).toHaveText(['before touching a patient', 'after touching a patient']);
  await expect(preview.locator('strong')).toHaveText('five moments');
  await expect(preview.getByRole('heading', { name: 'Why', level: 4 })).toBeVisible();
  // An image goes through the app's storage and into the text as Markdown.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await page
    .getByLabel('Add an image to lesson 1')
    .setInputFiles({ name: 'hand-rub.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByLabel('Lesson 1 text (Markdown)')).toHaveValue(
    /!\[hand-rub\]\(\/lesson-images\/[0-9a-f]{24}\.png\)\n$/,
  );
  const image = preview.getByRole('img', { name: 'hand-rub' });
  await expect(image).toHaveAttribute('src', /^\/lesson-images\//);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.getByRole('button', { name: 'Add lesson' }).click();
  await page.getByLabel('Lesson 2 title').fill('Gloves');
  await page.getByLabel('Lesson 2 text (Markdown)').fill('Gloves do not replace hand hygiene.');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add Course' }).click();
  await expect(page).toHaveURL(/\/lms-system\/admin\/course$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.locator('td[data-label="Lessons"]')).toHaveText('2');

  // Edited: the lessons change places.
  await row.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: `Edit course: ${title}`, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Move Gloves up' }).click();
  await expect(page.getByLabel('Lesson 1 title')).toHaveValue('Gloves');
  await page.getByRole('button', { name: 'Save course' }).click();
  await expect(page).toHaveURL(/\/lms-system\/admin\/course$/);

  // A new course is a draft: learners do not see it, the admin previews it as they will, then publishes it.
  const learner = await courseLearner(request);
  const learnerCourses = async () =>
    (
      (await (
        await request.get('/user/courses', { headers: { authorization: `Bearer ${learner.token}` } })
      ).json()) as { courses: { id: number; title: string }[] }
    ).courses.find((c) => c.title === title)?.id;
  await expect(row.locator('td[data-label="Title"]')).toContainText('Draft');
  expect(await learnerCourses()).toBeUndefined();
  await row.getByRole('button', { name: `Actions for course ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Preview as a learner' }).click();
  await expect(page.getByRole('heading', { name: `Preview as a learner: ${title}`, level: 1 })).toBeVisible();
  const previewed = page.getByRole('region', { name: 'Hand hygiene' });
  await expect(previewed.locator('strong')).toHaveText('five moments');
  await expect(page.locator('section h3').first()).toContainText('1. Gloves');
  const status = page.getByRole('region', { name: 'Course status' });
  await expect(status).toContainText('Draft: learners (Nurse) do not see this course');
  await status.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(status).toContainText('Published');
  const id = await learnerCourses();
  expect(id).toBeDefined();
  const learnerPage = await (await browser.newContext({ baseURL })).newPage();
  await signInLearner(learnerPage, learner);
  await learnerPage.goto(`/courses/${id}`);
  const lessons = learnerPage.getByRole('region', { name: 'Hand hygiene' });
  await expect(lessons.getByRole('listitem')).toHaveCount(2);
  await expect(lessons.locator('strong')).toHaveText('five moments');
  await expect(lessons.getByRole('img', { name: 'hand-rub' })).toBeVisible();
  await expect(learnerPage.locator('section h3').first()).toContainText('1. Gloves');
  await expectAccessible(learnerPage);
  await learnerPage.context().close();
});

test('when lesson text carries script, event handlers, javascript: links or outside images, then neither the preview nor the learner runs or loads them', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const admin = await signInAdmin(page);
  const title = `Attack course ${uniqueName('')}`;
  const attack = [
    '<script>window.__xss = "script"</script>',
    '<img src="x" onerror="window.__xss = \'img\'">',
    '<iframe src="javascript:window.__xss=\'iframe\'"></iframe>',
    '[Read more](javascript:window.__xss="link")',
    '[Data](data:text/html,<script>alert(1)</script>)',
    '![Tracker](https://tracker.example/pixel.png)',
    '<a href="#" onclick="window.__xss=\'click\'">click me</a>',
    'Plain text survives.',
  ].join('\n\n');
  const created = await request.post('/admin/courses', {
    headers: admin,
    // Published at once: the learner reads it too (a draft is the admins' only).
    data: { title, profession: 'nurse', sections: [{ title: 'Attack', body: attack }], published: true },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const outside: string[] = [];
  const watch = (target: Page) =>
    target.on('request', (r) =>
      new URL(r.url()).origin !== new URL(baseURL ?? '').origin ? outside.push(r.url()) : undefined,
    );
  watch(page);

  const checkLesson = async (target: Page, lesson: Locator) => {
    await expect(lesson.getByText('Plain text survives.')).toBeVisible();
    await expect(lesson.locator('script, iframe, img, [onerror], [onclick]')).toHaveCount(0);
    for (const href of await lesson.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '')))
      expect(href).not.toMatch(/^\s*(javascript|data):/i);
    expect(await target.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
  };

  await page.goto(`/lms-system/admin/course/${id}`);
  await checkLesson(page, page.getByRole('region', { name: 'Preview of lesson 1' }));

  const learner = await courseLearner(request);
  const learnerPage = await (await browser.newContext({ baseURL })).newPage();
  watch(learnerPage);
  await signInLearner(learnerPage, learner);
  await learnerPage.goto(`/courses/${id}`);
  await checkLesson(learnerPage, learnerPage.getByRole('region', { name: 'Attack' }));
  expect(outside).toEqual([]);
  await learnerPage.context().close();
  expect((await request.delete(`/admin/courses/${id}`, { headers: admin })).status()).toBe(204);
});

test('when an LMS admin searches and filters the bank, then the table narrows, the filters stay in the address through a reload, and an empty match says so', async ({
  page,
  request,
}) => {
  const admin = await signInAdmin(page);
  const tag = uniqueName('Bank');
  const made: number[] = [];
  const add = async (question: string, difficulty: string, topic: string) => {
    const response = await request.post('/exam-questions', {
      headers: admin,
      data: {
        question: `${tag} ${question}`,
        question_type: 'multiple-choice',
        options: ['Right answer', 'Wrong answer'],
        correct_answer: 'Right answer',
        explanation: 'Because.',
        profession: 'dentist',
        difficulty,
        topic,
      },
    });
    expect(response.status()).toBe(201);
    made.push(((await response.json()) as { id: number }).id);
  };
  try {
    await add('Which nerve supplies the lower teeth?', 'hard', 'Anatomy');
    await add('ما هو أقوى نسيج في الجسم؟', 'easy', 'Oral tissues');
    await add('Which tooth erupts first?', 'easy', 'Anatomy');
    await page.goto('/lms-system/admin');
    const rows = page.getByRole('table', { name: 'Exam questions' }).locator('tbody tr');
    const filters = page.getByRole('search', { name: 'Filter the bank' });
    await filters.getByLabel('Search questions', { exact: true }).fill(tag);
    await expect(rows).toHaveCount(3);
    await filters.getByLabel('Show questions for', { exact: true }).selectOption('dentist');
    await filters.getByLabel('Topic', { exact: true }).selectOption('Anatomy');
    await filters.getByLabel('Difficulty', { exact: true }).selectOption('easy');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Which tooth erupts first?');
    await expect(page).toHaveURL(/[?&]difficulty=easy/);
    await expect(page).toHaveURL(/[?&]topic=Anatomy/);

    await page.reload();
    await expect(filters.getByLabel('Search questions', { exact: true })).toHaveValue(tag);
    await expect(filters.getByLabel('Difficulty', { exact: true })).toHaveValue('easy');
    await expect(rows).toHaveCount(1);
    // The delete confirmation names the question and says what goes with it; cancelled, nothing changes.
    await page.getByRole('button', { name: `Actions for question ${made[2]}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this question?' });
    await expect(confirm).toContainText(`“${tag} Which tooth erupts first?” is no longer served to learners`);
    await expect(confirm).toContainText('Attempts that answered it keep their answers and scores.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(rows).toHaveCount(1);
    await filters.getByLabel('Type', { exact: true }).selectOption('essay');
    await expect(page.getByText('No question matches these filters.')).toBeVisible();
    await expectAccessible(page);
  } finally {
    for (const id of made) await request.delete(`/exam-questions/${id}`, { headers: admin });
  }
});
