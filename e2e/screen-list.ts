import type { APIRequestContext, Page } from '@playwright/test';
import { createCaseViaApi, uniqueSuffix } from './cases-helpers.js';
import { expect, staffHeaders } from './fixtures.js';
import { uniqueName } from './lms-helpers.js';

/**
 * Every screen of the app, in one list for the two places that open them all: the gate's check of
 * each screen once (`e2e/every-screen.spec.ts`: it fits a phone, axe finds nothing serious) and the
 * screenshot sweeps (`npm run screens`: every width, light and dark). A new screen goes here.
 */
export type Screen = { name: string; path: string; heading?: string | RegExp };

const named = (path: string): Screen => ({ name: path === '/' ? 'sign-in' : path.slice(1).replaceAll('/', '-'), path });

/** Signed in, most of these lead on to the area's home, so they are opened before signing in. */
export const visitorScreens: readonly Screen[] = [
  '/',
  '/no-such-page',
  '/casetracking',
  '/caseadmin/login',
  '/caseadmin/forgot-password',
  '/forgot-password',
  '/verify-email',
  '/lms-system/login',
  '/lms-system/register',
].map(named);

/** A member's, a case admin's and a learner's screens, opened in one browser signed in as all three. */
export const signedInScreens: readonly Screen[] = [
  '/Home',
  '/UserDetails',
  '/settings',
  '/caseadmin/dashboard',
  '/caseadmin/manage-cases',
  '/caseadmin/create-case',
  '/caseadmin/services',
  '/lms-system/dashboard',
  '/courses',
  '/exam',
  '/lms-system/mock-exam',
  '/lmsprofile',
  '/journey',
  '/lmsjourney',
  '/notifications',
].map(named);

/**
 * The professional profile the signed-in member's screens show (issue 39): every field filled, long,
 * in English, Arabic and Hindi, as an HR network's members write them.
 */
export const screensProfessional = {
  headline: 'Senior nurse recruiter for Gulf hospitals · مسؤولة توظيف التمريض · नर्स भर्ती',
  role: 'Senior nurse recruiter',
  employer: 'King Fahd Medical City International Recruitment Office',
  location: 'الرياض، المملكة العربية السعودية',
  about:
    'Hiring ICU, NICU and theatre nurses for night rotas across four hospitals. أبحث عن ممرضين وممرضات للعناية المركزة. हम आईसीयू नर्सों की भर्ती कर रहे हैं: २४ पद खुले हैं।',
};

/** The screens that name the signed-in member: found by their employer in search, and their profile. */
export function memberScreens(username: string): Screen[] {
  return [
    {
      name: 'search-members',
      path: `/search?q=${encodeURIComponent(screensProfessional.employer)}`,
      heading: /^Results for /,
    },
    { name: 'member-profile', path: `/members/${encodeURIComponent(username)}` },
  ];
}

/** The case admin's screens that need a case: its details (four services) and a service's steps. */
export function caseScreens(caseId: number): Screen[] {
  return [
    { name: 'caseadmin-manage-cases', path: '/caseadmin/manage-cases', heading: 'Case Management' },
    { name: 'caseadmin-details', path: `/caseadmin/details/${caseId}`, heading: 'Case Details' },
    { name: 'caseadmin-dashboard', path: '/caseadmin/dashboard', heading: 'Admin Dashboard' },
    { name: 'caseadmin-steps', path: '/caseadmin/services/1/steps', heading: /^Steps of / },
  ];
}

/** A case whose details fill the screen: a long name and address, all four default services. */
export function createScreensCase(request: APIRequestContext) {
  return createCaseViaApi(request, {
    case_number: `SCR-${uniqueSuffix()}`,
    passport_number: 'P-SCREENS-1',
    client_name: 'Screens Client With A Rather Long Name',
    client_email: 'a.rather.long.applicant.address@example-recruitment.test',
    serviceIds: [1, 2, 3, 4],
  });
}

/** The LMS admin's screens in the shared admin shell; `courseId` is a course to edit. */
export function lmsAdminScreens(courseId: number): Screen[] {
  return [
    { name: 'lms-admin-questions', path: '/lms-system/admin', heading: 'Exam Question Management' },
    { name: 'lms-admin-import', path: '/lms-system/admin/import', heading: 'Import questions' },
    { name: 'lms-admin-courses', path: '/lms-system/admin/course', heading: 'Course Management' },
    { name: 'lms-admin-course-new', path: '/lms-system/admin/course/new', heading: 'Add New Course' },
    { name: 'lms-admin-course-edit', path: `/lms-system/admin/course/${courseId}`, heading: /^Edit course: / },
    {
      name: 'lms-admin-course-preview',
      path: `/lms-system/admin/course/${courseId}/preview`,
      heading: /^Preview as a learner: /,
    },
    { name: 'lms-admin-users', path: '/lms-system/admin/users', heading: 'Users and Programs' },
    { name: 'lms-admin-logs', path: '/lms-system/admin/logs', heading: 'Exam Logs' },
  ];
}

/** A course of Markdown lessons (a list, a word too long for a phone), for the learner's course screen. */
export async function createScreensCourse(
  request: APIRequestContext,
): Promise<{ id: number; remove: () => Promise<void> }> {
  const headers = await staffHeaders('lmsAdmin');
  const created = await request.post('/admin/courses', {
    headers,
    data: {
      title: `Screens course ${uniqueName('')}`,
      profession: 'nurse',
      description: 'A course for the screens test.',
      sections: [
        {
          title: 'A lesson with a list',
          body: "Before the **procedure**:\n\n- confirm the patient's identity\n- explain what will happen\n- check for allergies\n\n## Afterwards\n\nRecord what was done, and by whom.",
        },
        {
          title: 'A lesson with a long word',
          body: 'Pneumonoultramicroscopicsilicovolcanoconiosis is a long word that must wrap rather than push the page sideways.',
        },
      ],
      published: true,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  return {
    id,
    remove: async () =>
      expect((await request.delete(`/admin/courses/${id}`, { headers: await staffHeaders('lmsAdmin') })).status()).toBe(
        204,
      ),
  };
}

/**
 * A nurse's question written in Markdown, a dosage table in it (a GIFT `[markdown]` text, issue 39):
 * the practice set, the exam and its review draw it as their card's heading. Its options are the
 * ones the tests answer with.
 */
export async function createScreensQuestion(
  request: APIRequestContext,
): Promise<{ id: number; remove: () => Promise<void> }> {
  const headers = await staffHeaders('lmsAdmin');
  const created = await request.post('/exam-questions', {
    headers,
    data: {
      question: `Which **maintenance** dose fits a patient of ٦٠ kg? (${uniqueName('screens')})\n\n| Weight | Dose |\n|---|---|\n| ٦٠ kg | १२ mg |`,
      question_format: 'markdown',
      question_type: 'multiple-choice',
      options: ['Right answer', 'Wrong answer'],
      correct_answer: 'Right answer',
      explanation: 'The table gives 12 mg for 60 kg.',
      profession: 'nurse',
      difficulty: 'easy',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  return {
    id,
    remove: async () =>
      expect(
        (await request.delete(`/exam-questions/${id}`, { headers: await staffHeaders('lmsAdmin') })).status(),
      ).toBe(204),
  };
}

/**
 * Opens a screen and waits until it is drawn: its heading (the one named, or any first-level one),
 * then no spinner (the feed keeps a live stream open, so "network idle" never comes).
 */
export async function openScreen(page: Page, screen: Screen): Promise<void> {
  await page.goto(screen.path);
  await expect(
    page.getByRole('heading', { level: 1, ...(screen.heading ? { name: screen.heading } : {}) }).first(),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
}

/**
 * Nothing on the page scrolls sideways or is cut off: the document is no wider than the
 * viewport, every visible control lies inside it, and no scrolling or clipping box hides part
 * of its content sideways (a table that only fits by scrolling inside its card counts as clipped;
 * a text cut with an ellipsis and whole in its tooltip does not).
 */
export async function expectFitsWidth(page: Page): Promise<void> {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const viewport = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > viewport)
      found.push(`document is ${document.documentElement.scrollWidth}px wide in a ${viewport}px viewport`);
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
    for (const el of Array.from(document.querySelectorAll('button, a, input, select, textarea'))) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden
      if (box.left < -0.5 || box.right > viewport + 0.5)
        found.push(`${describe(el)} spans ${Math.round(box.left)}–${Math.round(box.right)}px`);
    }
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const style = getComputedStyle(el);
      if (!['auto', 'scroll', 'hidden'].includes(style.overflowX)) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      // A deliberate cut is no hidden content: a text cut with an ellipsis or clamped to its lines,
      // whole in a tooltip (a long step name at the desk; issue 38) and in the page for screen readers.
      const cut = style.textOverflow === 'ellipsis' || (style.webkitLineClamp || 'none') !== 'none';
      if (cut && el.closest('[title]')) continue;
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(`${describe(el)} hides ${el.scrollWidth - el.clientWidth}px sideways`);
    }
    for (const el of Array.from(document.querySelectorAll('button, a'))) {
      // A control's own text must not spill out of it (e.g. a label wider than a crushed button).
      const box = el.getBoundingClientRect();
      if (box.width <= 1) continue;
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline')
        found.push(`${describe(el)} text overflows its box`);
    }
    return found;
  });
  expect(problems, `at ${page.viewportSize()?.width}px on ${page.url()}`).toEqual([]);
}
