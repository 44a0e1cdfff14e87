import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoContent } from '../../server/lms/demo-content.js';
import { registerLearner } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

describe('LMS demo content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('when loaded twice, then every profession has at least 30 questions of all types and difficulties, courses per level, and nothing is duplicated', async () => {
    const first = await loadDemoContent(t.db, t.clock.now());
    expect(first.questions).toBeGreaterThanOrEqual(150);
    expect(await loadDemoContent(t.db, t.clock.now())).toEqual({ questions: 0, courses: 0, upcomingExams: 0 });

    const { rows } = await t.database.pool.query<{
      profession: string;
      n: number;
      types: number;
      difficulties: number;
    }>(
      'SELECT profession, count(*)::int AS n, count(DISTINCT question_type)::int AS types, count(DISTINCT difficulty)::int AS difficulties FROM exam_questions GROUP BY profession ORDER BY profession',
    );
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row).toMatchObject({ n: expect.any(Number), types: 3, difficulties: 3 });
    expect(rows.every((row) => row.n >= 30)).toBe(true);

    // The right option is not simply the first one: roughly one in four, as chance would have it with four options.
    const firsts = await t.database.pool.query<{ first: number; total: number }>(
      `SELECT count(*) FILTER (WHERE options->>0 = correct_answer)::int AS first, count(*)::int AS total FROM exam_questions WHERE question_type = 'multiple-choice'`,
    );
    const { first: rightFirst, total } = firsts.rows[0] ?? { first: 0, total: 0 };
    expect(total).toBeGreaterThanOrEqual(90);
    expect(rightFirst / total).toBeLessThan(0.4);

    const levels = await t.db.execute(
      sql`SELECT profession, count(DISTINCT level)::int AS levels FROM courses WHERE profession <> 'all' GROUP BY profession`,
    );
    expect(levels.rows).toHaveLength(5);
    expect(levels.rows.every((row) => row.levels === 3)).toBe(true);
  });

  it('when the demo courses are loaded, then every lesson is real Markdown content: several paragraphs and a list, not one sentence', async () => {
    const { rows } = await t.database.pool.query<{ title: string; sections: { title: string; body: string }[] }>(
      'SELECT title, sections FROM courses',
    );
    expect(rows.length).toBeGreaterThanOrEqual(17);
    const thin: string[] = [];
    for (const course of rows) {
      expect(course.sections.length, course.title).toBeGreaterThanOrEqual(3);
      for (const lesson of course.sections) {
        const paragraphs = lesson.body.split(/\n{2,}/).filter((block) => block.trim() !== '');
        const hasList = /^(\s*[-*] |\s*\d+\. )/m.test(lesson.body);
        if (lesson.body.length < 700 || paragraphs.length < 3 || !hasList)
          thin.push(`${course.title} / ${lesson.title}`);
        // Rendered without raw HTML (web/lms/lesson-markdown.tsx), so the content carries none.
        expect(lesson.body, lesson.title).not.toMatch(/<[a-z]/i);
      }
    }
    expect(thin).toEqual([]);
  });

  it('when a learner starts the exam after loading, then a demo question of their profession is served and upcoming exams show', async () => {
    const learner = await registerLearner(t, { profession: 'dentist' });
    const response = await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers: learner.headers });
    expect(response.json()).toMatchObject({
      examQuestions: [{ id: expect.any(Number) }],
      attempt: { totalQuestions: 30 },
    });
    const upcoming = await t.app.inject({ method: 'GET', url: '/user/exam/upcoming', headers: learner.headers });
    expect(upcoming.json<{ upcomingExams: unknown[] }>().upcomingExams).toHaveLength(2);
  });
});
