import { request as playwrightRequest } from '@playwright/test';
import { expect, expectAccessible, signInAs, test } from './fixtures.js';
import { addQuestions, createLearner, lmsAdminApi, signInLearner, uniqueName } from './lms-helpers.js';
import { waitForMail } from './mailbox.js';

/*
 * Premium without a dead end, for a learner with no agency: the locked library shows what it
 * holds, the learner asks for premium, an LMS admin grants it on the users page with one click,
 * and the learner is told (dashboard notice, email) and finds the courses open.
 */

test('when a self-registered learner asks for premium and an LMS admin grants it, then the learner is told and the courses open', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const api = await lmsAdminApi(baseURL ?? '');
  const title = uniqueName('Wound care ');
  const created = await api.post('/admin/courses', {
    data: {
      title,
      description: 'Dressings and healing.',
      profession: 'physiotherapist',
      level: 'Intermediate',
      duration: '3 hours',
      sections: [{ title: 'Lesson one', body: 'The lesson text.' }],
      published: true,
    },
  });
  expect(created.status()).toBe(201);
  const courseId = ((await created.json()) as { id: number }).id;
  const adminContext = await browser.newContext();
  try {
    const email = `${uniqueName('asker')}@example.test`;
    const learner = await createLearner(request, { profession: 'physiotherapist', prefix: 'asker', email });
    const { username } = learner;
    await signInLearner(page, learner);
    await page.goto('/lms-system/dashboard');

    // The locked library names its courses (title and level), but opens none.
    await page.getByRole('link', { name: 'View Courses' }).click();
    const locked = page.getByRole('region', { name: 'Premium Content Locked' });
    const library = locked.getByRole('list', { name: 'Courses in the library' });
    await expect(library.getByText(title)).toBeVisible();
    await expect(library.getByRole('listitem').filter({ hasText: title })).toContainText('Intermediate');
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
    await expect(page.getByText('The lesson text.')).toHaveCount(0);

    await locked.getByRole('button', { name: 'Ask for premium' }).click();
    await locked.getByLabel('Note to the administrator (optional)').fill('Preparing for the licensing exam');
    await expectAccessible(page);
    await locked.getByRole('button', { name: 'Send request' }).click();
    await expect(locked.getByText(/^Requested on .+\. An LMS administrator will answer it\.$/)).toBeVisible();
    await expect(locked.getByRole('button', { name: 'Ask for premium' })).toHaveCount(0);
    // Still so after a reload: one open request at a time.
    await page.reload();
    await expect(page.getByText(/^Requested on /)).toBeVisible();

    // The admin grants it on the users page with one click.
    const admin = await adminContext.newPage();
    await signInAs(admin, 'lmsAdmin');
    await admin.goto('/lms-system/admin/users');
    const requests = admin.getByRole('table', { name: 'Open premium requests' });
    const row = requests.getByRole('row').filter({ hasText: username });
    await expect(row).toContainText('Preparing for the licensing exam');
    await expect(row).toContainText('Course library, Detailed exam results');
    await expectAccessible(admin);
    await row.getByRole('button', { name: `Grant premium to ${username}` }).click();
    await expect(admin.getByText(`Premium granted to ${username}`)).toBeVisible();
    await expect(requests.getByRole('row').filter({ hasText: username })).toHaveCount(0);
    await expect(admin.getByRole('checkbox', { name: `Course library for ${username}` })).toBeChecked();

    const mail = await waitForMail({ to: email, subject: 'Your Pathway premium access is open' });
    expect(mail.text).toContain('Course library');

    // The learner is told on the dashboard, dismisses it, and finds the course open.
    await page.goto('/lms-system/dashboard');
    const notice = page.getByRole('region', { name: 'Your premium request' });
    await expect(notice).toContainText('Your premium request was granted');
    await expect(notice).toContainText('Course library and Detailed exam results are open now.');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Learning Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your premium request' })).toHaveCount(0);
    await page.getByRole('link', { name: 'View Courses' }).click();
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByText('The lesson text.')).toBeVisible();
  } finally {
    await adminContext.close();
    await api.delete(`/admin/courses/${courseId}`);
    await api.dispose();
  }
});

test('when a free learner has finished an exam, then they see their score and verdict on the dashboard and the profile, and the locked details show a sample, labelled as one', async ({
  page,
  request,
  baseURL,
}) => {
  const sampler = await createLearner(request, { profession: 'dentist', prefix: 'sampler' });
  await signInLearner(page, sampler);
  // The attempt itself through the API with the learner's own token: what matters here is what a finished, locked attempt shows.
  const learner = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${sampler.token}` },
  });
  const api = await lmsAdminApi(baseURL ?? '');
  // At least one question, so the exam starts whatever other specs left in the dentists' bank; retired at the end.
  const [questionId] = await addQuestions(api, 'dentist', 1, uniqueName('Sample'));
  try {
    const started = await learner.post('/user/exam/attempts', { data: { mode: 'practice' } });
    expect(started.status()).toBe(201);
    const attemptId = ((await started.json()) as { attemptId: number }).attemptId;
    // One answer right, the rest of the form left: the score counts those wrong, here and everywhere.
    const served = (await (await learner.get('/user/exam/questions')).json()) as { examQuestions: { id: number }[] };
    const first = served.examQuestions[0]?.id ?? 0;
    expect(
      (await learner.post('/user/exam/submit', { data: { questionId: first, userAnswer: 'Right answer' } })).status(),
    ).toBe(200);
    const finished = await learner.post('/user/exam/finish');
    expect(finished.status()).toBe(200);
    const { summary } = (await finished.json()) as {
      summary: { totalQuestions: number; totalScore: number; percentage: number };
    };
    const score = `${summary.percentage.toFixed(1)}% (${summary.totalScore} of ${summary.totalQuestions} questions correct`;

    await page.goto('/lms-system/dashboard');
    const card = page.getByRole('region', { name: 'Results by topic' });
    const sample = card.getByRole('figure', { name: 'Sample results, not yours' });
    await expect(sample).toContainText('Sample: what Premium exam results look like (not your results)');
    await expect(sample).toContainText('a sample learner scored 65.0%');
    await expect(sample.getByRole('meter', { name: 'Pharmacology: 45% correct' })).toBeVisible();
    // A sample has nothing to practise.
    await expect(sample.getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'My Progress' })).toContainText(`Pass mark 60%: you scored ${score}`);
    await expectAccessible(page);

    // The profile scores the same way: one finished exam reads as its results do.
    await page.goto('/lmsprofile');
    await expect(page.getByRole('region', { name: 'Progress' })).toContainText(
      `${summary.percentage.toFixed(1)}%: ${summary.totalScore} of ${summary.totalQuestions} questions correct across your finished exam`,
    );

    await page.goto(`/exam/attempts/${attemptId}/review`);
    const locked = page.getByRole('region', { name: 'Review locked' });
    await expect(locked.getByRole('figure', { name: 'Sample results, not yours' })).toBeVisible();
    await expect(locked.getByRole('button', { name: 'Ask for premium' })).toBeVisible();
    await expectAccessible(page);
  } finally {
    await learner.dispose();
    await api.delete(`/exam-questions/${questionId}`);
    await api.dispose();
  }
});
