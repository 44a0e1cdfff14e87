import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCourse, AdminCourseDetails, CourseDetails, Progress } from '../../contracts/lms.js';
import { registerLearner, signInLmsAdmin } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

/** Decision 043: a course is a draft until an LMS admin publishes it, and learners never read a draft. */
describe('course drafts and publishing', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    admin = await signInLmsAdmin(t);
  });
  afterAll(() => t.close());

  const lessons = [
    { title: 'قياس العلامات الحيوية', body: 'Pulse **٧٢** per minute.' },
    { title: 'रक्तचाप मापना', body: '| Reading | mmHg |\n|---|---|\n| Systolic | १२० |' },
  ];

  /** Every way a learner reads a course, as status codes and whether the course is listed. */
  async function learnerReads(learner: { headers: Record<string, string> }, id: number, title: string) {
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: learner.headers });
    // Opening and marking first, so a readable course is among the recent ones and in the average.
    const detail = (await get(`/user/courses/${id}`)).statusCode;
    const progress = (
      await t.app.inject({
        method: 'PUT',
        url: `/user/courses/${id}/progress`,
        headers: learner.headers,
        payload: { section: 1 },
      })
    ).statusCode;
    const library = await get('/user/courses');
    const preview = await get('/user/courses/preview');
    const recent = await get('/user/courses/recent');
    const summary = await get('/user/progress');
    return {
      listed: library.json<{ courses: { id: number }[] }>().courses.some((c) => c.id === id),
      inPreview: preview.json<{ courses: { id: number }[] }>().courses.some((c) => c.id === id),
      inRecent: recent.json<{ recentCourses: { id: number }[] }>().recentCourses.some((c) => c.id === id),
      // Clients search the library's titles; the title must not reach them at all.
      titleSent: [library.body, preview.body, recent.body].some((body) => body.includes(title)),
      detail,
      progress,
      avgProgress: summary.json<{ progress: Progress }>().progress.course.avgProgress,
    };
  }

  it('when an admin adds a course, then it is a draft every learner route answers as not found, until it is published; unpublished, it is gone again with the progress kept', async () => {
    const title = `Vital signs ${Date.now()} — العلامات الحيوية`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/admin/courses',
      headers: admin.headers,
      payload: { title, profession: 'nurse', description: 'Pulse and pressure', sections: lessons },
    });
    expect(created.statusCode).toBe(201);
    const course = created.json<AdminCourse>();
    expect(course.published_at).toBeNull();
    const learner = await registerLearner(t, { profession: 'nurse', programs: ['course'] });

    const hidden = {
      listed: false,
      inPreview: false,
      inRecent: false,
      titleSent: false,
      detail: 404,
      progress: 404,
      avgProgress: null,
    };
    expect(await learnerReads(learner, course.id, title)).toEqual(hidden);
    // A free learner's locked library does not name it either.
    const free = await registerLearner(t, { profession: 'nurse' });
    const freePreview = await t.app.inject({ method: 'GET', url: '/user/courses/preview', headers: free.headers });
    expect(freePreview.body).not.toContain(title);

    // The admins see it as a draft, and open it whole: "Preview as a learner" reads this.
    const list = await t.app.inject({ method: 'GET', url: '/admin/courses', headers: admin.headers });
    expect(list.json<{ courses: AdminCourse[] }>().courses.find((c) => c.id === course.id)).toMatchObject({
      published_at: null,
      sectionCount: 2,
    });
    const opened = await t.app.inject({ method: 'GET', url: `/admin/courses/${course.id}`, headers: admin.headers });
    expect(opened.json<AdminCourseDetails>()).toMatchObject({ published_at: null, sections: lessons });

    t.clock.advance(60_000);
    const published = await t.app.inject({
      method: 'POST',
      url: `/admin/courses/${course.id}/publish`,
      headers: admin.headers,
    });
    expect(published.statusCode).toBe(200);
    const publishedAt = published.json<AdminCourseDetails>().published_at;
    expect(publishedAt).toBe(t.clock.now().toISOString());
    // Publishing again keeps the first moment.
    t.clock.advance(60_000);
    const again = await t.app.inject({
      method: 'POST',
      url: `/admin/courses/${course.id}/publish`,
      headers: admin.headers,
    });
    expect(again.json<AdminCourseDetails>().published_at).toBe(publishedAt);

    const seen = await learnerReads(learner, course.id, title);
    expect(seen).toEqual({
      listed: true,
      inPreview: true,
      inRecent: true,
      titleSent: true,
      detail: 200,
      progress: 200,
      avgProgress: 50,
    });

    // Editing a published course keeps it published.
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/admin/courses/${course.id}`,
      headers: admin.headers,
      payload: { title, profession: 'nurse', sections: lessons },
    });
    expect(edited.json<AdminCourseDetails>().published_at).toBe(publishedAt);
    // Being published is changed only by publish and unpublish.
    const sneaky = await t.app.inject({
      method: 'PUT',
      url: `/admin/courses/${course.id}`,
      headers: admin.headers,
      payload: { title, profession: 'nurse', sections: lessons, published: false },
    });
    expect(sneaky.statusCode).toBe(400);

    const unpublished = await t.app.inject({
      method: 'POST',
      url: `/admin/courses/${course.id}/unpublish`,
      headers: admin.headers,
    });
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.json<AdminCourseDetails>().published_at).toBeNull();
    expect(await learnerReads(learner, course.id, title)).toEqual(hidden);

    // Published again, the learner's lessons done are still there.
    await t.app.inject({ method: 'POST', url: `/admin/courses/${course.id}/publish`, headers: admin.headers });
    const back = await t.app.inject({ method: 'GET', url: `/user/courses/${course.id}`, headers: learner.headers });
    expect(back.json<CourseDetails>()).toMatchObject({ completedSections: [1], progress: 50 });
  });

  it('when a course is added as published (content loaded in bulk), then learners read it at once', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/admin/courses',
      headers: admin.headers,
      payload: { title: `Hand hygiene ${Date.now()}`, profession: 'all', published: true },
    });
    expect(created.json<AdminCourse>().published_at).toBe(t.clock.now().toISOString());
    const learner = await registerLearner(t, { profession: 'dentist', programs: ['course'] });
    const id = created.json<AdminCourse>().id;
    expect(
      (await t.app.inject({ method: 'GET', url: `/user/courses/${id}`, headers: learner.headers })).statusCode,
    ).toBe(200);
  });

  it('when publishing names a missing course, a bad id, or comes from a learner, then it is a 4xx and nothing changes', async () => {
    const learner = await registerLearner(t, { profession: 'nurse', programs: ['course'] });
    const draft = (
      await t.app.inject({
        method: 'POST',
        url: '/admin/courses',
        headers: admin.headers,
        payload: { title: `Draft ${Date.now()}`, profession: 'nurse' },
      })
    ).json<AdminCourse>();
    for (const action of ['publish', 'unpublish']) {
      expect(
        (await t.app.inject({ method: 'POST', url: `/admin/courses/999999/${action}`, headers: admin.headers }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: 'POST', url: `/admin/courses/abc/${action}`, headers: admin.headers }))
          .statusCode,
      ).toBe(400);
      expect(
        (await t.app.inject({ method: 'POST', url: `/admin/courses/${draft.id}/${action}`, headers: learner.headers }))
          .statusCode,
      ).toBe(403);
    }
    const still = await t.app.inject({ method: 'GET', url: `/admin/courses/${draft.id}`, headers: admin.headers });
    expect(still.json<AdminCourseDetails>().published_at).toBeNull();
    expect(
      (await t.app.inject({ method: 'GET', url: `/user/courses/${draft.id}`, headers: learner.headers })).statusCode,
    ).toBe(404);
  });
});
