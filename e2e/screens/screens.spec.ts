import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInAs, test } from '../fixtures.js';
import { createLearner, signInLearner } from '../lms-helpers.js';
import { createMember, createPost, memberBrowser, moderatorBrowser } from '../network-helpers.js';
import { workerApp } from '../worker-app.js';
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
} from '../screen-list.js';

/*
 * `npm run screens`: every screen at phone, tablet and desktop widths, light and dark. Each is saved
 * as test-results/screens/{screen}-{width}-{light|dark}.png for a person to judge the look, and axe
 * checks each; the admin screens and the main ones must also fit every width. Outside the gate: they
 * take minutes and compare nothing (the gate opens every screen once, e2e/every-screen.spec.ts).
 */

// The sweeps share nothing: let both workers take them.
test.describe.configure({ mode: 'parallel' });

const phoneToDesk = [390, 1024, 1440, 1920];

/** Each screen at each width, in light and then dark mode: fits (if asked), axe, a screenshot. */
async function sweep(
  page: Page,
  screens: readonly Screen[],
  widths: readonly number[],
  { fits }: { fits: boolean },
): Promise<void> {
  for (const dark of [false, true]) {
    // The choice is read from the app's storage, so the page must be on the app's origin to set it.
    if (page.url() === 'about:blank') await page.goto('/casetracking');
    await page.evaluate((value) => localStorage.setItem('darkMode', String(value)), dark);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      for (const screen of screens) {
        await openScreen(page, screen);
        if (fits) await expectFitsWidth(page);
        await expectAccessible(page);
        await page.screenshot({
          path: `test-results/screens/${screen.name}-${width}-${dark ? 'dark' : 'light'}.png`,
          fullPage: true,
        });
      }
    }
  }
}

// A phone and a desktop (1440 px: where the issue 39 walk saw the admin sidebar wrap its labels).
const phoneAndDesk = [390, 1440];

test('when every screen a visitor sees is opened at 390 and 1440 px in light and dark mode, then axe finds no serious violation and a screenshot is saved', async ({
  page,
}) => {
  await sweep(page, visitorScreens, phoneAndDesk, { fits: false });
});

test('when every screen of a signed-in member, case admin and learner is opened at 390 and 1440 px in light and dark mode, then axe finds no serious violation and a screenshot is saved', async ({
  page,
  request,
}) => {
  // The practice set and the exam's intro have a question to show: a Markdown one with a table.
  const question = await createScreensQuestion(request);
  const member = await createMember(page.context(), { professional: screensProfessional });
  await signInAs(page, 'caseAdmin');
  await signInLearner(page, await createLearner(request, { profession: 'nurse' }));
  await sweep(page, [...signedInScreens, ...memberScreens(member.name)], phoneAndDesk, { fits: false });
  await question.remove();
});

test('when a moderator opens the queue with a reported post and an appeal in it at 390 and 1440 px in light and dark mode, then axe finds no serious violation and a screenshot is saved', async ({
  browser,
}) => {
  const origin = workerApp().url;
  const author = await memberBrowser(browser);
  const reporter = await memberBrowser(browser);
  const moderator = await moderatorBrowser(browser);
  // One report waiting, and one removal its author has appealed: the queue's two lists both hold something.
  const waiting = await createPost(author.context, 'Buy followers today, DM me for the price list');
  const removed = await createPost(author.context, 'Free gifts for everyone who shares this post');
  for (const postId of [waiting, removed]) {
    const reported = await reporter.context.request.post(`/api/network/posts/${postId}/reports`, {
      headers: { origin },
      data: { reason: 'spam' },
    });
    expect(reported.status(), await reported.text()).toBe(201);
  }
  const resolved = await moderator.page.request.post(`/api/network/moderation/reports/${removed}/resolve`, {
    headers: { origin },
    data: { action: 'remove', note: 'Advertising is not allowed here' },
  });
  expect(resolved.status(), await resolved.text()).toBe(200);
  await author.page.goto('/notifications');
  await author.page.getByRole('button', { name: 'Appeal this removal' }).click();
  const appeal = author.page.getByRole('form', { name: 'Appeal this removal' });
  await appeal.getByRole('textbox').fill('It was a giveaway for nurses on our ward, not an advert.');
  await appeal.getByRole('button', { name: /Send/ }).click();
  await expect(author.page.getByText('You appealed.')).toBeVisible();
  await sweep(moderator.page, [{ name: 'moderation', path: '/moderation' }], phoneAndDesk, { fits: false });
  await Promise.all([author.close(), reporter.close(), moderator.close()]);
});

test('when the main screens are shown from 390 to 1920 px, then nothing scrolls sideways or is clipped', async ({
  page,
  request,
}) => {
  await createMember(page.context());
  await signInAs(page, 'caseAdmin');
  await signInLearner(page, await createLearner(request, { profession: 'nurse' }));
  const main = ['/Home', '/casetracking', '/caseadmin/manage-cases', '/lms-system/dashboard', '/exam'];
  for (const width of [390, 768, 900, 1024, 1280, 1440, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of main) {
      await openScreen(page, { name: path, path });
      await expectFitsWidth(page);
    }
  }
});

test('when the case admin screens are opened from 390 to 1920 px in light and dark mode, then they fit, axe finds no serious violation and a screenshot is saved', async ({
  page,
  request,
}) => {
  const created = await createScreensCase(request);
  await signInAs(page, 'caseAdmin');
  await sweep(page, caseScreens(created.id), phoneToDesk, { fits: true });
});

test('when the LMS admin screens and a course as a learner reads it are opened from 390 to 1920 px in light and dark mode, then they fit, axe finds no serious violation and a screenshot is saved', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const course = await createScreensCourse(request);
  await signInAs(page, 'lmsAdmin');
  await sweep(page, lmsAdminScreens(course.id), phoneToDesk, { fits: true });

  const context = await browser.newContext({ baseURL });
  const learnerPage = await context.newPage();
  await signInLearner(learnerPage, await createLearner(request, { profession: 'nurse', programs: ['course'] }));
  const lessons: Screen = { name: 'lms-course-markdown', path: `/courses/${course.id}` };
  await sweep(learnerPage, [lessons], phoneToDesk, { fits: true });
  await expect(learnerPage.getByRole('region', { name: 'A lesson with a list' }).getByRole('listitem')).toHaveCount(3);
  await context.close();
  await course.remove();
});
