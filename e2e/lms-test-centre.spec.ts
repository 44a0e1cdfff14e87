import { request as playwrightRequest, type Page } from '@playwright/test';
import { e2eAccounts } from './accounts.js';
import { expect, expectAccessible, test } from './fixtures.js';
import { addQuestions, createLearner, lmsAdminApi, openLmsAdmin, signInLearner, uniqueName } from './lms-helpers.js';
import { expectFitsWidth } from './screen-list.js';

/*
 * The test-centre sitting in Chromium: navigator, flags, a changed answer, a reload, a 60-second
 * outage, time warnings and the review before finishing, on a phone and a desktop; and an
 * accommodated learner's clock; a practice-mode answer through an outage; pausing in practice mode
 * (the chosen answer kept) and in test-centre mode with the silent timer and its T key. Profession: doctor (lms.spec.ts adds doctor questions of its own,
 * so counts are read from the screen).
 */

// Retired when the file is done: lms.spec.ts counts the doctor questions of its practice set.
const created: number[] = [];
test.afterAll(async ({ baseURL }) => {
  const api = await lmsAdminApi(baseURL ?? '');
  for (const id of created) expect((await api.delete(`/exam-questions/${id}`)).status()).toBe(204);
  await api.dispose();
});

/** The intro in test-centre mode: Confirmation (mode chosen) → NDA → Tutorial → the first question. */
async function startTestCentre(page: Page) {
  await page.goto('/exam');
  await expect(page.getByRole('heading', { name: 'Candidate Confirmation' })).toBeVisible();
  await expect(page.getByText(/webcam|microphone/i)).toHaveCount(0);
  await page.getByRole('radio', { name: /^Test centre/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('I accept the non-disclosure agreement').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Tutorial' })).toBeVisible();
  await expect(page.getByText(/warned at 30, 5 and 1 minutes/)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('navigation', { name: 'Question navigator' })).toBeVisible();
}

const cell = (page: Page, n: number) =>
  page
    .getByRole('navigation', { name: 'Question navigator' })
    .getByRole('button', { name: new RegExp(`^Question ${n}:`) });
/** Waits for the answer to reach the server (the queue sends a choice at once). */
const answerSent = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/user/exam/submit') && r.status() === 200);

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`when a learner sits the exam in test-centre mode on a ${viewport.name}, then the navigator, flags, a changed answer, a reload, a 60-second outage and the review all work`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.slow();
    // Axe once per screen (the sitting's question, offline notice and review), on the phone; the
    // desktop sitting checks the same screens' layout and behaviour.
    await page.setViewportSize(viewport);
    const api = await lmsAdminApi(baseURL ?? '');
    created.push(...(await addQuestions(api, 'doctor', 3, uniqueName('Sitting'))));
    await page.clock.install();
    await signInLearner(
      page,
      await createLearner(request, { profession: 'doctor', prefix: 'sitter', programs: ['exam-results'] }),
    );
    await startTestCentre(page);

    const count = Number((await page.getByText(/^Question 1 of \d+$/).textContent())?.match(/of (\d+)/)?.[1]);
    expect(count).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole('navigation', { name: 'Question navigator' }).getByRole('button')).toHaveCount(count);
    // Only the exam: no app navigation, and nothing about correctness.
    await expect(page.getByRole('link', { name: 'Courses' })).toHaveCount(0);
    if (viewport.name === 'phone') await expectAccessible(page);
    const docWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(docWidth, 'no sideways scrolling').toBeLessThanOrEqual(viewport.width);

    // Question 1: answered, then changed.
    const first = (await page.locator('#exam-question').textContent()) ?? '';
    let sent = answerSent(page);
    await page.getByRole('radio', { name: 'Wrong answer', exact: true }).check();
    await sent;
    await expect(page.getByText(/Correct!|Incorrect!/)).toHaveCount(0);
    await expect(cell(page, 1)).toHaveAccessibleName('Question 1: answered');

    // Question 2: flagged.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText(`Question 2 of ${count}`)).toBeVisible();
    await page.getByRole('button', { name: 'Flag for review' }).click();
    await expect(page.getByRole('button', { name: 'Flagged for review' })).toHaveAttribute('aria-pressed', 'true');
    await expect(cell(page, 2)).toHaveAccessibleName('Question 2: unanswered, flagged');

    // Back to question 1 through the navigator; the answer changes.
    await cell(page, 1).click();
    await expect(page.locator('#exam-question')).toHaveText(first);
    await expect(page.getByRole('radio', { name: 'Wrong answer', exact: true })).toBeChecked();
    sent = answerSent(page);
    await page.getByRole('radio', { name: 'Right answer', exact: true }).check();
    await sent;

    // A reload goes straight back to the question on screen with its answer and the time left.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Candidate Confirmation' })).toHaveCount(0);
    await expect(
      page.getByRole('status').filter({ hasText: /^Your exam is in progress: 2 h 5\d min left\.$/ }),
    ).toBeVisible();
    await expect(page.locator('#exam-question')).toHaveText(first);
    await expect(page.getByRole('radio', { name: 'Right answer', exact: true })).toBeChecked();
    await expect(cell(page, 2)).toHaveAccessibleName('Question 2: unanswered, flagged');

    // Question 2 is opened, then the network goes for 60 seconds: answers are kept and sent when it is back.
    await cell(page, 2).click();
    await expect(page.getByText(`Question 2 of ${count}`)).toBeVisible();
    await context.setOffline(true);
    await page.getByRole('radio', { name: 'Right answer', exact: true }).check();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toContainText('(1 waiting)');
    await cell(page, 1).click();
    await expect(page.locator('#exam-question')).toHaveText(first);
    await page.getByRole('radio', { name: 'Another wrong answer', exact: true }).check();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toContainText('(2 waiting)');
    // A flag set offline waits in the same queue, behind the answers.
    await page.getByRole('button', { name: 'Flag for review' }).click();
    await expect(cell(page, 1)).toHaveAccessibleName('Question 1: answered, flagged');
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toContainText(
      'answers and flags are kept on this device',
    );
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toContainText('(3 waiting)');
    if (viewport.name === 'phone') await expectAccessible(page);
    await page.clock.fastForward(60_000);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    const flagSent = page.waitForResponse((r) => r.url().endsWith('/flags') && r.request().method() === 'PUT');
    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0);
    await expect(cell(page, 2)).toHaveAccessibleName('Question 2: answered, flagged');
    // The flag went last, after both answers; the server has it: a reload shows what it holds.
    expect((await flagSent).status()).toBe(200);
    await page.reload();
    await expect(cell(page, 1)).toHaveAccessibleName('Question 1: answered, flagged');
    await expect(cell(page, 2)).toHaveAccessibleName('Question 2: answered, flagged');

    // The time warnings: the page's clock is moved to 30 minutes before the end (the reload took
    // the time left from the server, whose clock did not see the page's 60 faked seconds).
    await page.clock.fastForward('02:30:00');
    await expect(page.getByRole('alert').filter({ hasText: '30 minutes left.' })).toBeVisible();
    // The resume notice counts with the timer, not from the figure the reload brought (about 2 h 59
    // min). Not a fixed figure: the server's clock is real, so how far under 30 minutes the sitting is
    // depends on how long the test took to get here. Both are read in one go, as the page shows them.
    const shown = () =>
      page.evaluate(() => ({
        timer: document.querySelector('[role="timer"]')?.textContent ?? '',
        notice: [...document.querySelectorAll('[role="status"]')]
          .map((element) => element.textContent ?? '')
          .find((text) => text.startsWith('Your exam is in progress')),
      }));
    await expect
      .poll(async () => {
        const { timer, notice } = await shown();
        const minutes = Number(timer.split(':')[0]);
        return minutes < 30 && notice === `Your exam is in progress: ${minutes} min left.`
          ? 'with the timer'
          : { timer, notice };
      })
      .toBe('with the timer');

    // The review before finishing lists the unanswered and the flagged questions.
    await page.getByRole('button', { name: 'Review and finish' }).click();
    const unanswered = page.getByRole('region', { name: 'Unanswered' });
    await expect(unanswered.getByRole('heading')).toHaveText(`Unanswered (${count - 2})`);
    await expect(
      page.getByRole('region', { name: 'Flagged for review' }).getByRole('button', { name: 'Question 2' }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Flagged for review' }).getByRole('button', { name: 'Question 1' }),
    ).toBeVisible();
    if (viewport.name === 'phone') await expectAccessible(page);
    await page.getByRole('button', { name: 'Finish exam' }).click();
    await page.getByRole('button', { name: 'Yes, finish the exam' }).click();
    await expect(page.getByRole('heading', { name: 'Exam completed' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Courses' })).toBeVisible();

    // The server kept the last answer to each question, in the order given: nothing was lost.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const learner = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { authorization: `Bearer ${token}` },
    });
    const attempts = (await (await learner.get('/user/exam/attempts')).json()) as { attempts: { id: number }[] };
    const review = (await (await learner.get(`/user/exam/attempts/${attempts.attempts[0]?.id}/review`)).json()) as {
      questions: { question: string; userAnswer: string }[];
    };
    expect(review.questions).toHaveLength(2);
    expect(review.questions.find((q) => q.question === first)?.userAnswer).toBe('Another wrong answer');
    expect(review.questions.find((q) => q.question !== first)?.userAnswer).toBe('Right answer');
    await learner.dispose();
    await api.dispose();
  });
}

test('when the network is cut after a reload of a test-centre sitting, then any question opens from the form on the device, its answers wait, and they land when the network is back', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.slow();
  const api = await lmsAdminApi(baseURL ?? '');
  created.push(...(await addQuestions(api, 'doctor', 3, uniqueName('Offline form'))));
  await api.dispose();
  const learner = await createLearner(request, { profession: 'doctor', prefix: 'offline', programs: ['exam-results'] });
  await signInLearner(page, learner);
  const formTaken = () => page.waitForResponse((r) => /\/user\/exam\/attempts\/\d+\/form$/.test(r.url()));
  let form = formTaken();
  await startTestCentre(page);
  expect((await form).status()).toBe(200);
  const first = (await page.locator('#exam-question').textContent()) ?? '';

  // After a reload only the question on screen is loaded; the form comes to the device again.
  form = formTaken();
  await page.reload();
  await expect(page.locator('#exam-question')).toHaveText(first);
  expect((await form).status()).toBe(200);

  await context.setOffline(true);
  await cell(page, 3).click();
  await expect(page.getByText('Loading question...')).toHaveCount(0);
  await expect(page.locator('#exam-question')).not.toHaveText(first);
  const third = (await page.locator('#exam-question').textContent()) ?? '';
  await page.getByRole('radio', { name: 'Right answer', exact: true }).check();
  const offline = page.getByRole('status').filter({ hasText: 'You are offline' });
  await expect(offline).toContainText('(1 waiting)');
  await cell(page, 2).click();
  await expect(page.locator('#exam-question')).not.toHaveText(third);
  await page.getByRole('radio', { name: 'Wrong answer', exact: true }).check();
  await expect(offline).toContainText('(2 waiting)');
  await cell(page, 3).click();
  await expect(page.locator('#exam-question')).toHaveText(third);
  await expect(page.getByRole('radio', { name: 'Right answer', exact: true })).toBeChecked();

  await context.setOffline(false);
  await expect(offline).toHaveCount(0);
  await expect(cell(page, 2)).toHaveAccessibleName('Question 2: answered');
  await expect(cell(page, 3)).toHaveAccessibleName('Question 3: answered');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const learnerApi = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  await expect
    .poll(
      async () =>
        ((await (await learnerApi.get('/user/exam/attempts')).json()) as { attempts: { answered: number }[] })
          .attempts[0]?.answered,
    )
    .toBe(2);
  await learnerApi.dispose();
});

test('when the connection drops in practice mode, then the answer is kept on the device, sent once when it is back and its feedback shown', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.slow();
  const api = await lmsAdminApi(baseURL ?? '');
  created.push(...(await addQuestions(api, 'doctor', 2, uniqueName('Practice offline'))));
  await api.dispose();
  await page.clock.install();
  await page.setViewportSize({ width: 390, height: 500 });
  await signInLearner(page, await createLearner(request, { profession: 'doctor', prefix: 'practiser' }));
  await page.goto('/exam');
  await page.getByRole('radio', { name: /^Practice/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('I accept the non-disclosure agreement').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('#exam-question')).toBeVisible();
  // On a phone the timer and the count stay in sight when the page scrolls (the header is sticky).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(page.getByRole('timer')).toBeInViewport();
  await expect(page.getByText(/^Question 1 of \d+$/)).toBeInViewport();

  await context.setOffline(true);
  await page.getByRole('radio', { name: 'Right answer', exact: true }).check();
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  const kept = page.getByRole('status').filter({ hasText: 'Your answer is kept on this device' });
  await expect(kept).toBeVisible();
  await expectAccessible(page);
  await page.clock.fastForward(60_000);
  await expect(kept).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Correct!')).toBeVisible();
  await expect(kept).toHaveCount(0);

  // Recorded once, however often it was tried.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const learner = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  const attempts = (await (await learner.get('/user/exam/attempts')).json()) as { attempts: { answered: number }[] };
  expect(attempts.attempts[0]?.answered).toBe(1);
  await learner.dispose();
});

test('when an admin gives a learner 1.5 times the time on the users page, then the change is recorded and the learner’s next exam clock shows it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const api = await lmsAdminApi(baseURL ?? '');
  created.push(...(await addQuestions(api, 'doctor', 1, uniqueName('Accommodated'))));
  await api.dispose();
  const learnerPage = await (await browser.newContext({ baseURL })).newPage();
  const { username, ...learner } = await createLearner(request, { profession: 'doctor', prefix: 'sitter' });
  await signInLearner(learnerPage, learner);

  await openLmsAdmin(page);
  await page.goto('/lms-system/admin/users');
  await page.getByLabel('Search by username').fill(username);
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('None');
  await row.getByRole('button', { name: `Accommodation for ${username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Accommodation of ${username}` });
  await expect(dialog.getByText('No changes yet.')).toBeVisible();
  await dialog.getByLabel('Time multiplier').selectOption('1.5');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save accommodation' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('1.5 × time');
  await row.getByRole('button', { name: `Accommodation for ${username}` }).click();
  await expect(dialog.getByRole('region', { name: 'Changes' }).getByRole('listitem')).toContainText(
    `${e2eAccounts.lmsAdmin.username}: 1.5 × time`,
  );

  // The learner's next exam: 180 minutes × 1.5.
  await learnerPage.goto('/exam');
  await learnerPage.getByRole('button', { name: 'Next' }).click();
  await learnerPage.getByLabel('I accept the non-disclosure agreement').check();
  await learnerPage.getByRole('button', { name: 'Next' }).click();
  await learnerPage.getByRole('button', { name: 'Next' }).click();
  await expect(learnerPage.getByRole('timer')).toHaveText(/^(270:00|269:5\d)$/);
  await learnerPage.context().close();
});

test('when a learner whose accommodation allows pausing pauses the exam, then the questions hide, the clock stops, and resuming gives back the time the pause took and the answer chosen', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const api = await lmsAdminApi(baseURL ?? '');
  created.push(...(await addQuestions(api, 'doctor', 1, uniqueName('Paused'))));
  const learner = await createLearner(request, { profession: 'doctor', prefix: 'pauser' });
  const granted = await api.put(`/admin/users/${learner.id}/accommodation`, { data: { pauseAllowed: true } });
  expect(granted.status(), await granted.text()).toBe(200);
  await api.dispose();
  // On a phone's width: the pause's texts and buttons fit it, as the silent timer's below.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.clock.install();
  await signInLearner(page, learner);
  await page.goto('/exam');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('I accept the non-disclosure agreement').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('#exam-question')).toBeVisible();
  // Chosen, not submitted: the server refuses drafts while paused, so the screen saves it first.
  await page.getByRole('radio', { name: 'Wrong answer', exact: true }).check();

  const pausedAnswer = page.waitForResponse((r) => r.url().endsWith('/pause') && r.status() === 200);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const atPause = ((await (await pausedAnswer).json()) as { remainingSeconds: number }).remainingSeconds;
  await expect(page.getByRole('heading', { name: 'Paused' })).toBeVisible();
  await expect(page.locator('#exam-question')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Resume' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'The exam is paused' })).toBeAttached();
  await expectFitsWidth(page);
  await expectAccessible(page);
  // Five minutes on the page's clock: the countdown stands still, as the server's does.
  const timer = page.getByRole('timer', { name: 'Time remaining' });
  const shownAtPause = await timer.textContent();
  await page.clock.fastForward('05:00');
  await expect(timer).toHaveText(shownAtPause ?? '');

  const resumedAnswer = page.waitForResponse((r) => r.url().endsWith('/resume') && r.status() === 200);
  await page.getByRole('button', { name: 'Resume' }).press('Enter');
  const atResume = ((await (await resumedAnswer).json()) as { remainingSeconds: number }).remainingSeconds;
  // The server moved the deadline by the time the pause took: nothing of the exam's time was spent.
  expect(atResume).toBe(atPause);
  await expect(page.locator('#exam-question')).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'The exam goes on' })).toBeAttached();
  await expect(page.getByRole('radio', { name: 'Wrong answer', exact: true })).toBeChecked();
  const seconds = (text: string | null) => {
    const [minutes, secs] = (text ?? '0:0').split(':').map(Number);
    return (minutes ?? 0) * 60 + (secs ?? 0);
  };
  await expect.poll(async () => seconds(await timer.textContent())).toBeGreaterThanOrEqual(atResume - 5);
});

test('when a learner with the silent timer and pausing sits the test-centre exam, then T says the time left, Show time shows it, and a pause hides the questions and navigator and costs no time', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const api = await lmsAdminApi(baseURL ?? '');
  created.push(...(await addQuestions(api, 'doctor', 2, uniqueName('Silent'))));
  const learner = await createLearner(request, { profession: 'doctor', prefix: 'silent' });
  const granted = await api.put(`/admin/users/${learner.id}/accommodation`, {
    data: { pauseAllowed: true, silentTimer: true },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  await api.dispose();
  // On a phone's width: the accommodation's controls and texts (Show time, the keyboard help, Pause) fit it.
  await page.setViewportSize({ width: 390, height: 900 });
  await signInLearner(page, learner);
  await startTestCentre(page);

  // The silent timer: no countdown until asked for; the keyboard help names T, and T says the time.
  const timer = page.getByRole('timer', { name: 'Time remaining' });
  await expect(timer).toHaveCount(0);
  await expect(page.getByText('Keyboard: press T to hear the time left.')).toBeVisible();
  await page.keyboard.press('t');
  await expect(page.getByRole('status').filter({ hasText: /^\d+ (h \d+ )?min left\.$/ })).toBeAttached();
  await expect(timer).toHaveCount(0);
  await page.getByRole('button', { name: 'Show time' }).click();
  await expect(timer).toHaveText(/^\d+:\d\d$/);
  await expectFitsWidth(page);

  const pausedAnswer = page.waitForResponse((r) => r.url().endsWith('/pause') && r.status() === 200);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const atPause = ((await (await pausedAnswer).json()) as { remainingSeconds: number }).remainingSeconds;
  await expect(page.getByRole('heading', { name: 'Paused' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Question navigator' })).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Resume' })).toBeFocused();
  await expectFitsWidth(page);
  await expectAccessible(page);

  const resumedAnswer = page.waitForResponse((r) => r.url().endsWith('/resume') && r.status() === 200);
  await page.getByRole('button', { name: 'Resume' }).click();
  const atResume = ((await (await resumedAnswer).json()) as { remainingSeconds: number }).remainingSeconds;
  // The time the pause took is given back: the server's clock stood still.
  expect(atResume).toBe(atPause);
  await expect(page.getByRole('navigation', { name: 'Question navigator' })).toBeVisible();
});
