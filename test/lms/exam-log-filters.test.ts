import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExamLog } from '../../contracts/lms.js';
import { createQuestion, registerLearner, signInLmsAdmin } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

const DAY = 24 * 60 * 60 * 1000;

describe('the exam log, filtered by learner and date', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const logs = async (headers: Record<string, string>, query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/admin/exam-logs', headers, query });
  const usernames = (response: { json: <T>() => T }) =>
    new Set(response.json<{ logs: ExamLog[] }>().logs.map((log) => log.username));

  it('when an admin names a learner or a range of days, then only their events show, paged, and a bad filter is a 400', async () => {
    const first = await signInLmsAdmin(t);
    await createQuestion(t, first.headers, { profession: 'dentist' });
    // Two learners whose names share a part, the second two days later.
    const early = await registerLearner(t, { profession: 'dentist' });
    await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers: early.headers });
    const startDay = t.clock.now().toISOString().slice(0, 10);
    t.clock.advance(2 * DAY);
    const late = await registerLearner(t, { profession: 'dentist' });
    await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers: late.headers });
    const lateDay = t.clock.now().toISOString().slice(0, 10);
    const admin = await signInLmsAdmin(t);

    expect(usernames(await logs(admin.headers, {}))).toEqual(new Set([early.username, late.username]));
    // By learner: a part of the username, any case; `%` and `_` are plain text.
    const byName = await logs(admin.headers, { learner: early.username.toUpperCase() });
    expect(byName.statusCode).toBe(200);
    expect(usernames(byName)).toEqual(new Set([early.username]));
    expect(byName.headers['x-total-count']).toBe('1');
    expect(usernames(await logs(admin.headers, { learner: '%' }))).toEqual(new Set());
    // By day (UTC, both ends included).
    expect(usernames(await logs(admin.headers, { from: lateDay }))).toEqual(new Set([late.username]));
    expect(usernames(await logs(admin.headers, { to: startDay }))).toEqual(new Set([early.username]));
    expect(usernames(await logs(admin.headers, { from: startDay, to: lateDay, learner: late.username }))).toEqual(
      new Set([late.username]),
    );
    // Paged like every admin list.
    const paged = await logs(admin.headers, { pageSize: '1', page: '2' });
    expect(paged.json<{ logs: ExamLog[] }>().logs).toHaveLength(1);
    expect(paged.headers['x-total-count']).toBe('2');

    const refused: Record<string, string>[] = [
      { from: '2026-13-40' },
      { to: 'yesterday' },
      { from: lateDay, to: startDay },
      { learner: 'x'.repeat(101) },
    ];
    for (const query of refused) {
      const bad = await logs(admin.headers, query);
      expect(bad.statusCode, JSON.stringify(query)).toBe(400);
      expect(typeof bad.json<{ error: string }>().error).toBe('string');
    }
  });
});
