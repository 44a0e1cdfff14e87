import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetails, ProfileResponse } from '../../contracts/lms.js';
import { createQuestion, registerLearner, signInLmsAdmin } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

describe('courses, progress, achievements and premium programs', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    admin = await signInLmsAdmin(t);
  });
  afterAll(() => t.close());

  async function createCourse(payload: Record<string, unknown>) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin/courses',
      headers: admin.headers,
      // Published at once: these tests read the courses as learners (drafts: course-drafts.test.ts).
      payload: { published: true, ...payload },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>();
  }

  it('when a free user asks for the course library or recent courses, then it is a 403 with code UPGRADE_REQUIRED', async () => {
    const learner = await registerLearner(t);
    const library = await t.app.inject({ method: 'GET', url: '/user/courses', headers: learner.headers });
    const recent = await t.app.inject({ method: 'GET', url: '/user/courses/recent', headers: learner.headers });
    expect(library.statusCode).toBe(403);
    expect(library.json()).toMatchObject({ code: 'UPGRADE_REQUIRED' });
    expect(recent.statusCode).toBe(403);
    expect(recent.json()).toEqual({
      error: 'This section is locked. Upgrade to Premium to view your recent courses.',
      code: 'UPGRADE_REQUIRED',
    });
    const profile = (
      await t.app.inject({ method: 'GET', url: '/user/profile', headers: learner.headers })
    ).json<ProfileResponse>();
    expect(profile).toMatchObject({
      premiumLocked: true,
      message: 'This section is locked. Upgrade to Premium to access it.',
      progress: { course: { avgProgress: null } },
    });
  });

  it('when an admin grants and revokes the course program, then access follows at once', async () => {
    const learner = await registerLearner(t);
    const grant = await t.app.inject({
      method: 'PUT',
      url: `/admin/users/${learner.id}/programs`,
      headers: admin.headers,
      payload: { allowed_programs: ['course', 'course'] },
    });
    expect(grant.statusCode).toBe(200);
    expect(grant.json()).toMatchObject({ key: { allowed_programs: ['course'] } });
    expect((await t.app.inject({ method: 'GET', url: '/user/courses', headers: learner.headers })).statusCode).toBe(
      200,
    );
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/admin/users/${learner.id}/programs`,
      headers: admin.headers,
      payload: { allowed_programs: ['everything'] },
    });
    expect(bad.statusCode).toBe(400);
    await t.app.inject({
      method: 'PUT',
      url: `/admin/users/${learner.id}/programs`,
      headers: admin.headers,
      payload: { allowed_programs: [] },
    });
    expect((await t.app.inject({ method: 'GET', url: '/user/courses', headers: learner.headers })).statusCode).toBe(
      403,
    );
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/admin/users/999999/programs',
      headers: admin.headers,
      payload: { allowed_programs: [] },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('when a premium user reads lessons, then progress, recent courses and the average come from that record', async () => {
    const mine = await createCourse({
      title: 'Wound care basics',
      description: 'Dressings',
      profession: 'nurse',
      level: 'Beginner',
      sections: [
        { title: 'One', body: 'a' },
        { title: 'Two', body: 'b' },
        { title: 'Three', body: 'c' },
        { title: 'Four', body: 'd' },
      ],
    });
    const everyone = await createCourse({ title: 'Hand hygiene', profession: 'all' });
    const other = await createCourse({ title: 'Orthodontics', profession: 'dentist' });
    const learner = await registerLearner(t, { profession: 'nurse', programs: ['course'] });

    const list = (await t.app.inject({ method: 'GET', url: '/user/courses', headers: learner.headers }))
      .json<{ courses: { id: number }[] }>()
      .courses.map((c) => c.id);
    expect(list).toEqual(expect.arrayContaining([mine.id, everyone.id]));
    expect(list).not.toContain(other.id);
    expect(
      (await t.app.inject({ method: 'GET', url: `/user/courses/${other.id}`, headers: learner.headers })).statusCode,
    ).toBe(404);

    const opened = (
      await t.app.inject({ method: 'GET', url: `/user/courses/${mine.id}`, headers: learner.headers })
    ).json<CourseDetails>();
    expect(opened).toMatchObject({
      progress: 0,
      sections: [{ title: 'One' }, { title: 'Two' }, { title: 'Three' }, { title: 'Four' }],
    });
    t.clock.advance(1000);
    await t.app.inject({
      method: 'PUT',
      url: `/user/courses/${mine.id}/progress`,
      headers: learner.headers,
      payload: { section: 0 },
    });
    const marked = await t.app.inject({
      method: 'PUT',
      url: `/user/courses/${mine.id}/progress`,
      headers: learner.headers,
      payload: { section: 2 },
    });
    expect(marked.json<CourseDetails>()).toMatchObject({ progress: 50, completedSections: [0, 2] });
    const outOfRange = await t.app.inject({
      method: 'PUT',
      url: `/user/courses/${mine.id}/progress`,
      headers: learner.headers,
      payload: { section: 9 },
    });
    expect(outOfRange.statusCode).toBe(400);

    t.clock.advance(1000);
    await t.app.inject({ method: 'GET', url: `/user/courses/${everyone.id}`, headers: learner.headers });
    await t.app.inject({
      method: 'PUT',
      url: `/user/courses/${everyone.id}/progress`,
      headers: learner.headers,
      payload: { section: 0 },
    });

    const recent = (await t.app.inject({ method: 'GET', url: '/user/courses/recent', headers: learner.headers })).json<{
      recentCourses: { id: number; progress: number }[];
    }>();
    expect(recent.recentCourses.map((c) => [c.id, c.progress])).toEqual([
      [everyone.id, 100],
      [mine.id, 50],
    ]);
    const progress = (await t.app.inject({ method: 'GET', url: '/user/progress', headers: learner.headers })).json();
    expect(progress).toEqual({
      progress: {
        exam: { totalScore: 0, totalQuestions: 0, exams: 0, percentage: 0, locked: true },
        course: { avgProgress: 75 },
      },
    });

    const profile = (
      await t.app.inject({ method: 'GET', url: '/user/profile', headers: learner.headers })
    ).json<ProfileResponse>();
    expect(profile.premiumLocked).toBe(false);
    expect(profile.user).toMatchObject({
      username: learner.username,
      profession: 'nurse',
      key: { allowed_programs: ['course'] },
    });
    expect(profile.achievements.map((a) => a.id)).toEqual(['curious-learner', 'course-complete']);
    expect(profile.badges).toEqual([]);
  });

  it('when a learner answers 25 questions, then the matching achievements and badge are earned', async () => {
    for (let i = 0; i < 25; i++) await createQuestion(t, admin.headers, { profession: 'physiotherapist' });
    const learner = await registerLearner(t, { profession: 'physiotherapist', programs: ['exam-results'] });
    expect((await t.app.inject({ method: 'GET', url: '/user/achievements', headers: learner.headers })).json()).toEqual(
      { achievements: [] },
    );
    for (let i = 0; i < 25; i++) {
      const q = (await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers: learner.headers })).json<{
        examQuestions: { id: number }[];
      }>().examQuestions[0];
      await t.app.inject({
        method: 'POST',
        url: '/user/exam/submit',
        headers: learner.headers,
        payload: { questionId: q?.id, userAnswer: i < 18 ? 'Right' : 'Wrong' },
      });
    }
    const profile = (
      await t.app.inject({ method: 'GET', url: '/user/profile', headers: learner.headers })
    ).json<ProfileResponse>();
    // 18 of 25 = 72%: Sharp Mind; the 26th request finds none left and finishes the exam.
    await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers: learner.headers });
    const after = (await t.app.inject({ method: 'GET', url: '/user/achievements', headers: learner.headers })).json<{
      achievements: { id: string }[];
    }>();
    expect(profile.achievements.map((a) => a.id)).toEqual(['first-answer', 'answers-25', 'sharp-mind']);
    expect(profile.badges.map((b) => b.id)).toEqual(['bronze-examinee']);
    // The exam part counts finished exams, scored as their results are: none while it is open.
    expect(profile.progress.exam).toEqual({ totalScore: 0, totalQuestions: 0, exams: 0, percentage: 0, locked: false });
    expect(after.achievements.map((a) => a.id)).toContain('exam-finisher');
    const finished = (await t.app.inject({ method: 'GET', url: '/user/progress', headers: learner.headers })).json<{
      progress: ProfileResponse['progress'];
    }>();
    expect(finished.progress.exam).toEqual({
      totalScore: 18,
      totalQuestions: 25,
      exams: 1,
      percentage: 72,
      locked: false,
    });
  });

  it('when an admin adds, lists and deletes questions and courses, then lists are paged and bad input changes nothing', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: '/exam-questions',
      headers: admin.headers,
      query: { pageSize: '2' },
    });
    const total = Number(before.headers['x-total-count']);
    expect(before.json<{ examQuestions: unknown[] }>().examQuestions).toHaveLength(2);

    const invalid = [
      { question: 'Q', options: ['a', 'b'], correct_answer: 'c', explanation: 'e', profession: 'nurse' },
      { question: 'Q', options: ['a'], correct_answer: 'a', explanation: 'e', profession: 'nurse' },
      { question: '', options: ['a', 'b'], correct_answer: 'a', explanation: 'e', profession: 'nurse' },
      { question: 'Q', options: ['a', 'b'], correct_answer: 'a', explanation: '', profession: 'nurse' },
      { question: 'Q', options: ['a', 'b'], correct_answer: 'a', explanation: 'e' },
    ];
    for (const payload of invalid) {
      const response = await t.app.inject({ method: 'POST', url: '/exam-questions', headers: admin.headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const after = await t.app.inject({ method: 'GET', url: '/exam-questions', headers: admin.headers });
    expect(Number(after.headers['x-total-count'])).toBe(total);

    const created = await createQuestion(t, admin.headers, { options: [' A ', '', 'B'], correct_answer: 'A' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/exam-questions', headers: admin.headers })).json<{
        examQuestions: { id: number; options: string[] }[];
      }>().examQuestions[0],
    ).toMatchObject({ id: created.id, options: ['A', 'B'] });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/exam-questions/${created.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/exam-questions/${created.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/exam-questions/abc', headers: admin.headers })).statusCode,
    ).toBe(400);

    const noTitle = await t.app.inject({
      method: 'POST',
      url: '/admin/courses',
      headers: admin.headers,
      payload: { profession: 'nurse' },
    });
    expect(noTitle.statusCode).toBe(400);
    const course = await createCourse({ title: 'Temp', profession: 'nurse' });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/admin/courses/${course.id}`, headers: admin.headers })).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/admin/courses/${course.id}`, headers: admin.headers })).statusCode,
    ).toBe(404);
  });

  it('when upcoming exams are scheduled, then a learner sees those from today on for their profession or everyone', async () => {
    const add = (payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/admin/upcoming-exams', headers: admin.headers, payload });
    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await add({ title: 'Past', exam_date: '2020-01-01', exam_time: '09:00' })).statusCode).toBe(201);
    expect((await add({ title: 'Today for all', exam_date: today, exam_time: '10:00' })).statusCode).toBe(201);
    expect(
      (await add({ title: 'Dentists only', exam_date: '2099-01-01', exam_time: '10:00', profession: 'dentist' }))
        .statusCode,
    ).toBe(201);
    expect((await add({ title: 'Bad', exam_date: 'tomorrow', exam_time: '10:00' })).statusCode).toBe(400);
    const learner = await registerLearner(t, { profession: 'nurse' });
    const response = await t.app.inject({ method: 'GET', url: '/user/exam/upcoming', headers: learner.headers });
    expect(response.json<{ upcomingExams: { title: string }[] }>().upcomingExams.map((e) => e.title)).toEqual([
      'Today for all',
    ]);
  });
});
