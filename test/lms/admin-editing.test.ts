import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCourseDetails, AdminQuestion, CourseDetails } from '../../contracts/lms.js';
import { createQuestion, questionBody, registerLearner, signInLmsAdmin } from '../factories/lms.js';
import { multipartBody, tinyPng } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

describe('the LMS admin edits questions and courses', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    admin = await signInLmsAdmin(t);
  });
  afterAll(() => t.close());

  const putQuestion = (id: number | string, payload: object, headers = admin.headers) =>
    t.app.inject({ method: 'PUT', url: `/exam-questions/${id}`, headers, payload });
  const putCourse = (id: number | string, payload: object, headers = admin.headers) =>
    t.app.inject({ method: 'PUT', url: `/admin/courses/${id}`, headers, payload });
  const listedQuestion = async (id: number, profession: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/exam-questions',
        headers: admin.headers,
        query: { profession, pageSize: '100' },
      })
    )
      .json<{ examQuestions: AdminQuestion[] }>()
      .examQuestions.find((q) => q.id === id);

  it('when an admin edits a question, then every field changes and the list shows it', async () => {
    const created = await createQuestion(t, admin.headers, { profession: 'dentist' });
    const edited = questionBody({
      profession: 'dentist',
      question: 'Which nerve supplies the lower teeth?',
      options: ['Inferior alveolar', 'Lingual'],
      correct_answer: 'Inferior alveolar',
      topic: 'Anatomy',
      difficulty: 'hard',
    });
    const response = await putQuestion(created.id, edited);
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminQuestion>()).toMatchObject({
      id: created.id,
      question: edited.question,
      options: edited.options,
      correct_answer: 'Inferior alveolar',
      topic: 'Anatomy',
      difficulty: 'hard',
    });
    expect(await listedQuestion(created.id, 'dentist')).toMatchObject({ question: edited.question, topic: 'Anatomy' });
  });

  it('when a question edit is invalid, names a missing question or copies another question, then it is a 4xx and nothing changes', async () => {
    const kept = await createQuestion(t, admin.headers, { profession: 'nutritionist' });
    const other = await createQuestion(t, admin.headers, {
      profession: 'nutritionist',
      question: 'Which vitamin is fat-soluble?',
      options: ['A', 'C'],
      correct_answer: 'A',
    });
    const before = await listedQuestion(kept.id, 'nutritionist');
    const invalid = [
      questionBody({ profession: 'nutritionist', correct_answer: 'Not an option' }),
      questionBody({ profession: 'nutritionist', question: '' }),
      { ...questionBody({ profession: 'nutritionist' }), role: 'admin' },
    ];
    for (const payload of invalid)
      expect((await putQuestion(kept.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    const twin = await putQuestion(
      kept.id,
      questionBody({
        profession: 'nutritionist',
        question: '  which VITAMIN is fat-soluble? ',
        options: ['A', 'C'],
        correct_answer: 'A',
      }),
    );
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({ error: 'This question is already in the bank' });
    expect((await putQuestion(999_999, questionBody())).statusCode).toBe(404);
    expect((await putQuestion('abc', questionBody())).statusCode).toBe(400);
    expect(await listedQuestion(kept.id, 'nutritionist')).toEqual(before);
    // A question keeps its own text when only its answer changes.
    expect(
      (
        await putQuestion(
          other.id,
          questionBody({
            profession: 'nutritionist',
            question: 'Which vitamin is fat-soluble?',
            options: ['A', 'C'],
            correct_answer: 'C',
          }),
        )
      ).statusCode,
    ).toBe(200);
    // A deleted question cannot be edited back to life.
    await t.app.inject({ method: 'DELETE', url: `/exam-questions/${other.id}`, headers: admin.headers });
    expect((await putQuestion(other.id, questionBody({ profession: 'nutritionist' }))).statusCode).toBe(404);
  });

  it('when an admin edits a course, then its lessons are replaced and learners keep the progress of the lessons that remain', async () => {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/admin/courses',
        headers: admin.headers,
        payload: {
          title: 'Wound care',
          profession: 'nurse',
          sections: [1, 2, 3, 4].map((n) => ({ title: `Lesson ${n}`, body: `Text ${n}` })),
          published: true,
        },
      })
    ).json<{ id: number }>();
    const learner = await registerLearner(t, { profession: 'nurse', programs: ['course'] });
    for (const section of [0, 3]) {
      const done = await t.app.inject({
        method: 'PUT',
        url: `/user/courses/${created.id}/progress`,
        headers: learner.headers,
        payload: { section },
      });
      expect(done.statusCode).toBe(200);
    }

    const lessons = [
      { title: 'Assessing a wound', body: '## Look\n\n- size\n- depth' },
      { title: 'Dressings', body: 'Choose by *exudate*.' },
    ];
    const response = await putCourse(created.id, {
      title: 'Wound care basics',
      description: 'Assess and dress',
      profession: 'nurse',
      level: 'Intermediate',
      duration: '1 hour',
      sections: lessons,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminCourseDetails>()).toMatchObject({
      id: created.id,
      title: 'Wound care basics',
      level: 'Intermediate',
      sections: lessons,
    });
    const opened = await t.app.inject({ method: 'GET', url: `/admin/courses/${created.id}`, headers: admin.headers });
    expect(opened.json<AdminCourseDetails>().sections).toEqual(lessons);

    const seen = (
      await t.app.inject({ method: 'GET', url: `/user/courses/${created.id}`, headers: learner.headers })
    ).json<CourseDetails>();
    expect(seen).toMatchObject({ title: 'Wound care basics', completedSections: [0], progress: 50 });
  });

  it('when a course edit is invalid or names a missing course, then it is a 4xx and nothing changes', async () => {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/admin/courses',
        headers: admin.headers,
        payload: { title: 'Kept', profession: 'all' },
      })
    ).json<{ id: number }>();
    const before = (
      await t.app.inject({ method: 'GET', url: `/admin/courses/${created.id}`, headers: admin.headers })
    ).json<AdminCourseDetails>();
    for (const payload of [
      { title: '', profession: 'all' },
      { title: 'X', profession: 'pilot' },
      { title: 'X', profession: 'all', sections: [{ title: '', body: 'b' }] },
      { title: 'X', profession: 'all', extra: 1 },
    ]) {
      const response = await putCourse(created.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ error: string }>().error).toBeTruthy();
    }
    expect((await putCourse(999_999, { title: 'X', profession: 'all' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/courses/999999', headers: admin.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/admin/courses/${created.id}`, headers: admin.headers })).json(),
    ).toEqual(before);
  });

  it('when a learner tries to edit a question or a course, then it is a 403 and nothing changes', async () => {
    const learner = await registerLearner(t, { profession: 'nurse' });
    const question = await createQuestion(t, admin.headers, { profession: 'physiotherapist' });
    const course = (
      await t.app.inject({
        method: 'POST',
        url: '/admin/courses',
        headers: admin.headers,
        payload: { title: 'Guarded', profession: 'all' },
      })
    ).json<{ id: number }>();
    expect(
      (
        await putQuestion(
          question.id,
          questionBody({ profession: 'physiotherapist', question: 'Changed?' }),
          learner.headers,
        )
      ).statusCode,
    ).toBe(403);
    expect((await putCourse(course.id, { title: 'Changed', profession: 'all' }, learner.headers)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/admin/courses/${course.id}`, headers: learner.headers })).statusCode,
    ).toBe(403);
    expect((await listedQuestion(question.id, 'physiotherapist'))?.question).not.toBe('Changed?');
    expect(
      (
        await t.app.inject({ method: 'GET', url: `/admin/courses/${course.id}`, headers: admin.headers })
      ).json<AdminCourseDetails>().title,
    ).toBe('Guarded');
  });

  it('when an admin uploads a lesson image, then it is stored under an unguessable name and served as an image; anything else is refused and kept nowhere', async () => {
    const upload = (data: Buffer, filename: string, contentType: string, headers = admin.headers, field = 'image') => {
      const form = multipartBody([{ name: field, filename, contentType, data }]);
      return t.app.inject({
        method: 'POST',
        url: '/admin/lesson-images',
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
    };
    const saved = await upload(tinyPng, 'diagram.png', 'image/png');
    expect(saved.statusCode).toBe(201);
    const { url } = saved.json<{ url: string }>();
    expect(url).toMatch(/^\/lesson-images\/[0-9a-f]{24}\.png$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // Written again without metadata: the same picture, not the same bytes.
    expect(await sharp(served.rawPayload).ensureAlpha().raw().toBuffer()).toEqual(
      await sharp(tinyPng).ensureAlpha().raw().toBuffer(),
    );

    // Judged by content: a script named .png is not an image.
    const script = await upload(Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png');
    expect(script.statusCode).toBe(400);
    expect(script.json()).toEqual({
      error: 'Please choose a photo: JPEG, PNG, GIF, WebP or HEIC photos, up to 5 MB.',
      code: 'MEDIA_TYPE',
    });
    expect((await upload(tinyPng, 'x.png', 'image/png', admin.headers, 'photo')).statusCode).toBe(400);
    const learner = await registerLearner(t, { profession: 'nurse' });
    expect((await upload(tinyPng, 'x.png', 'image/png', learner.headers)).statusCode).toBe(403);
    for (const missing of [
      '/lesson-images/000000000000000000000000.png',
      '/lesson-images/..%2F..%2Fsecrets.png',
      '/lesson-images/diagram.png',
    ]) {
      expect((await t.app.inject({ method: 'GET', url: missing })).statusCode, missing).toBe(404);
    }
  });
});
