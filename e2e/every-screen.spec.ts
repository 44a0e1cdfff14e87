import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, signInAs, staffHeaders, test } from './fixtures.js';
import { createLearner, signInLearner, type Learner } from './lms-helpers.js';
import { createMember } from './network-helpers.js';
import {
  caseScreens,
  createScreensCase,
  createScreensCourse,
  createScreensQuestion,
  expectFitsWidth,
  lmsAdminScreens,
  memberScreens,
  openScreen,
  screensProfessional,
  signedInScreens,
  visitorScreens,
  type Screen,
} from './screen-list.js';

/*
 * Every screen once, at the narrowest width a phone gives it: nothing scrolls sideways or is clipped,
 * and axe finds no serious violation. The other widths, dark mode and the screenshots are
 * `npm run screens` (e2e/screens/), outside the gate: they compare nothing and take minutes.
 */

test.describe.configure({ mode: 'parallel' });
test.use({ viewport: { width: 390, height: 900 } });

async function check(page: Page, screens: readonly Screen[]): Promise<void> {
  for (const screen of screens) {
    await openScreen(page, screen);
    await expectFitsWidth(page);
    await expectAccessible(page);
  }
}

/**
 * The learner's first attempt, started, its first question answered and ended through the API, with
 * exam results open so its row has a Review link and the review a question.
 */
async function finishAnAttempt(request: APIRequestContext, learner: Learner): Promise<void> {
  const headers = { authorization: `Bearer ${learner.token}` };
  const served = await request.get('/user/exam/questions', { headers });
  expect(served.status()).toBe(200);
  const [first] = ((await served.json()) as { examQuestions: { id: number }[] }).examQuestions;
  expect(
    (
      await request.post('/user/exam/submit', {
        headers,
        data: { questionId: first?.id ?? 0, userAnswer: 'Right answer' },
      })
    ).status(),
  ).toBe(200);
  expect((await request.post('/user/exam/finish', { headers })).status()).toBe(200);
  expect(
    (
      await request.put(`/admin/users/${learner.id}/programs`, {
        headers: await staffHeaders('lmsAdmin'),
        data: { allowed_programs: ['exam-results'] },
      })
    ).status(),
  ).toBe(200);
}

test('when every screen a visitor sees is opened on a phone, then it fits and axe finds no serious violation', async ({
  page,
}) => {
  await check(page, visitorScreens);
});

test('when every screen of a signed-in member, case admin and learner is opened on a phone, then it fits and axe finds no serious violation', async ({
  page,
  request,
}) => {
  // The learner's attempt needs a question of their profession; this test brings its own, in
  // Markdown with a table, as the card's heading of the practice set and the review.
  const question = await createScreensQuestion(request);
  const member = await createMember(page.context(), { professional: screensProfessional });
  await signInAs(page, 'caseAdmin');
  const learner = await createLearner(request, { profession: 'nurse' });
  await signInLearner(page, learner);
  const created = await createScreensCase(request);
  const withCase = caseScreens(created.id).filter((screen) => !signedInScreens.some((s) => s.path === screen.path));
  await check(page, [...signedInScreens, ...memberScreens(member.name), ...withCase]);

  // The exam intro once an attempt is finished: its history table, with every attempt's Review link in reach.
  await finishAnAttempt(request, learner);
  await question.remove();
  await page.goto('/exam');
  const review = page.getByRole('link', { name: /^Review the attempt/ });
  await expect(review).toBeVisible();
  await expectFitsWidth(page);
  await expectAccessible(page);
  // Its review: the answered question heads its card.
  await review.click();
  await expect(page.getByRole('listitem', { name: 'Question 1' }).getByRole('heading', { level: 3 })).toBeVisible();
  await expectFitsWidth(page);
  await expectAccessible(page);
});

test("when the LMS admin's screens and a course's Markdown lessons are opened on a phone, then they fit and axe finds no serious violation", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const course = await createScreensCourse(request);
  await signInAs(page, 'lmsAdmin');
  await check(page, lmsAdminScreens(course.id));

  // A learner with the course library reads the same course.
  const learner = await createLearner(request, { profession: 'nurse', programs: ['course'] });
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 900 } });
  const learnerPage = await context.newPage();
  await signInLearner(learnerPage, learner);
  await learnerPage.goto(`/courses/${course.id}`);
  await expect(learnerPage.getByRole('region', { name: 'A lesson with a list' }).getByRole('listitem')).toHaveCount(3);
  await expectFitsWidth(learnerPage);
  await expectAccessible(learnerPage);
  await context.close();
  await course.remove();
});
