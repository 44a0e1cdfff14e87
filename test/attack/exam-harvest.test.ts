import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  questionCsvColumns,
  type AnswerResult,
  type CurrentQuestionResponse,
  type PracticeSetResponse,
  type MockResult,
} from '../../contracts/lms.js';
import { signInLmsAdmin } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * The harvest two security reviews ran: a free account answering every question (each answer
 * said which option was right), retaking for a fresh form, and fresh accounts by the minute,
 * collected 295 of 300 questions with their answers in 9 seconds. Replayed here from one client
 * for an hour of the clock, with the shipped limits (new accounts per client per hour, questions
 * per learner per day, requests per learner per minute): it must come away with at most a fifth
 * of the bank's answers. Each account also spends the hour's practice sets checking guesses: the
 * sets draw within the same day budget, so they show nothing the forms did not.
 */

const BANK = 300;
const FORM = 20;
const OPTIONS = ['Alpha', 'Bravo', 'Charlie', 'Delta'];
const ATTACKER = '198.51.100.77';

describe('the exam bank harvest', () => {
  let t: TestApp;

  beforeAll(async () => {
    // The shipped limits, not the test default that lets test files sign up many learners from one address.
    t = await createTestApp({
      EXAM_QUESTION_COUNT: String(FORM),
      LMS_SIGNUPS_PER_HOUR: '3',
      LOGIN_RATE_LIMIT: '1000',
      LMS_TOKEN_TTL_SECONDS: String(3 * 24 * 3600),
    });
    const admin = await signInLmsAdmin(t);
    // Each question's right option is a different one of four, so guessing learns nothing for free.
    const rows = Array.from({ length: BANK }, (_, i) => {
      const right = OPTIONS[i % OPTIONS.length] ?? 'Alpha';
      return `"Harvest question ${i}?",multiple-choice,"${OPTIONS.join(', ')}",${right},Because ${i}.,nurse,${['easy', 'medium', 'hard'][i % 3]},Topic ${i % 5}`;
    });
    const imported = await t.app.inject({
      method: 'POST',
      url: '/exam-questions/import',
      headers: { ...admin.headers, 'content-type': 'text/csv' },
      payload: [questionCsvColumns.filter((c) => c !== 'question_format').join(','), ...rows].join('\n'),
    });
    expect(imported.json()).toEqual({ imported: BANK });
  });
  afterAll(() => t.close());

  it('when one client replays the harvest (fresh accounts, every answer, retakes until nothing new) for an hour, then it learns at most a fifth of the answers', async () => {
    const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url, headers, remoteAddress: ATTACKER, ...(payload ? { payload } : {}) });
    // What the harvest knows: per question, the options it has seen refused and the one it saw accepted or was told.
    const known = new Map<number, string>();
    const refused = new Map<number, Set<string>>();
    const shown = new Set<number>();
    let accounts = 0;
    let refusedSignups = 0;
    let rateLimited = 0;
    let practiceSets = 0;

    for (let n = 0; n < 30; n++) {
      const signup = await t.app.inject({
        method: 'POST',
        url: '/auth/register',
        remoteAddress: ATTACKER,
        payload: {
          username: `harvester${n}_${Date.now().toString(36)}`,
          password: 'long enough password',
          profession: 'nurse',
        },
      });
      if (signup.statusCode === 429) {
        refusedSignups++;
        continue;
      }
      expect(signup.statusCode).toBe(201);
      accounts++;
      const headers = { authorization: `Bearer ${signup.json<{ token: string }>().token}` };
      // Retakes until a whole form brings nothing new to learn (or 10 forms).
      for (let form = 0; form < 10; form++) {
        if (form > 0) expect((await call('POST', '/user/exam/attempts', headers)).statusCode).toBe(201);
        let learned = false;
        for (;;) {
          const served = await call('GET', '/user/exam/questions', headers);
          if (served.statusCode === 429) {
            rateLimited++;
            t.clock.advance(60_000);
            continue;
          }
          const question = served.json<CurrentQuestionResponse>().examQuestions[0];
          if (!question) break;
          shown.add(question.id);
          const tried = refused.get(question.id) ?? new Set<string>();
          const guess =
            known.get(question.id) ??
            question.options.find((option) => !tried.has(option)) ??
            question.options[0] ??
            '';
          let answered = await call('POST', '/user/exam/submit', headers, {
            questionId: question.id,
            userAnswer: guess,
          });
          while (answered.statusCode === 429) {
            rateLimited++;
            t.clock.advance(60_000);
            answered = await call('POST', '/user/exam/submit', headers, { questionId: question.id, userAnswer: guess });
          }
          const result = answered.json<AnswerResult>();
          if (result.correctAnswer) known.set(question.id, result.correctAnswer);
          if (result.correct) {
            if (!known.has(question.id)) learned = true;
            known.set(question.id, guess);
          } else {
            refused.set(question.id, tried.add(guess));
            learned = true;
            // Three options refused: the fourth is the answer.
            const left = question.options.filter((option) => !tried.has(option));
            if (left.length === 1 && left[0]) known.set(question.id, left[0]);
          }
        }
        if (!learned) break;
      }
      // Then every practice set the hour allows, each answered with untried guesses and scored.
      for (;;) {
        const served = await call('GET', '/user/exam/questions?set=mock', headers);
        if (served.statusCode === 429) break;
        const set = served.json<PracticeSetResponse>();
        if (!set.practiceSet || set.examQuestions.length === 0) break;
        const guesses = Object.fromEntries(
          set.examQuestions.map((question) => {
            shown.add(question.id);
            const tried = refused.get(question.id) ?? new Set<string>();
            return [
              String(question.id),
              known.get(question.id) ?? question.options.find((option) => !tried.has(option)) ?? '',
            ];
          }),
        );
        const scored = await call('POST', '/user/exam/submit', headers, {
          answers: guesses,
          setId: set.practiceSet.id,
        });
        expect(scored.statusCode).toBe(200);
        practiceSets++;
        for (const item of scored.json<MockResult>().review ?? []) {
          if (item.correctAnswer) known.set(item.questionId, item.correctAnswer);
          if (item.outcome === 'correct') known.set(item.questionId, item.userAnswer);
          else {
            const tried = (refused.get(item.questionId) ?? new Set<string>()).add(item.userAnswer);
            refused.set(item.questionId, tried);
            const left = item.options.filter((option) => !tried.has(option));
            if (left.length === 1 && left[0]) known.set(item.questionId, left[0]);
          }
        }
      }
    }

    // The clock moved a minute per 429 at most; the replay stays within the hour it is about.
    expect(refusedSignups).toBeGreaterThan(0);
    expect(accounts).toBe(3);
    // The practice sets were served and checked, and showed nothing past each account's day budget.
    expect(practiceSets).toBeGreaterThan(accounts);
    expect(shown.size).toBeLessThanOrEqual(accounts * FORM);
    expect(known.size).toBeLessThanOrEqual(BANK / 5);
    // Recorded for the report: what the replay got.
    console.info(
      `harvest replay: ${accounts} accounts, ${practiceSets} practice sets, ${shown.size} questions shown, ${known.size} of ${BANK} answers learned, ${rateLimited} requests rate-limited`,
    );
  });

  it('when a learner retakes the same day, then the form reuses the questions already shown; a day later new ones are drawn', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      remoteAddress: '203.0.113.20',
      payload: {
        username: `retaker_${Date.now().toString(36)}`,
        password: 'long enough password',
        profession: 'nurse',
      },
    });
    const learnerId = Number(
      JSON.parse(Buffer.from(signup.json<{ token: string }>().token.split('.')[1] ?? '', 'base64url').toString()).id,
    );
    const headers = { authorization: `Bearer ${signup.json<{ token: string }>().token}` };
    const formOf = async () => {
      const { rows } = await t.database.pool.query<{ ids: number[] }>(
        'SELECT question_ids AS ids FROM exam_attempts WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
        [learnerId],
      );
      return new Set(rows[0]?.ids ?? []);
    };
    await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers });
    const first = await formOf();
    expect(first.size).toBe(FORM);
    const retake = async () => {
      await t.app.inject({ method: 'POST', url: '/user/exam/finish', headers });
      expect((await t.app.inject({ method: 'POST', url: '/user/exam/attempts', headers })).statusCode).toBe(201);
      return formOf();
    };
    t.clock.advance(60 * 60 * 1000);
    expect(await retake()).toEqual(first);
    t.clock.advance(24 * 60 * 60 * 1000);
    const nextDay = await retake();
    expect(nextDay.size).toBe(FORM);
    expect([...nextDay].filter((id) => !first.has(id)).length).toBeGreaterThan(0);
  });

  it('when a learner whose results are locked asks for quick practice and topic sets, then they draw only within the day budget shared with the exam form; a day later new ones come', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      remoteAddress: '203.0.113.21',
      payload: {
        username: `practiser_${Date.now().toString(36)}`,
        password: 'long enough password',
        profession: 'nurse',
      },
    });
    const learnerId = Number(
      JSON.parse(Buffer.from(signup.json<{ token: string }>().token.split('.')[1] ?? '', 'base64url').toString()).id,
    );
    const headers = { authorization: `Bearer ${signup.json<{ token: string }>().token}` };
    const set = async (query: string) => {
      const served = await t.app.inject({ method: 'GET', url: `/user/exam/questions?${query}`, headers });
      expect(served.statusCode).toBe(200);
      const body = served.json<PracticeSetResponse>();
      // Each set is scored, as a harvest would, so the next one is a new set.
      if (body.practiceSet) {
        const answers = Object.fromEntries(
          body.examQuestions.map((question) => [String(question.id), question.options[0] ?? '']),
        );
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: '/user/exam/submit',
              headers,
              payload: { answers, setId: body.practiceSet.id },
            })
          ).statusCode,
        ).toBe(200);
      }
      return body;
    };
    // Before any exam: quick practice spends the budget (a form's worth) and then only repeats it.
    const seen = new Set<number>();
    for (let n = 0; n < 6; n++) for (const question of (await set('set=mock')).examQuestions) seen.add(question.id);
    expect(seen.size).toBeGreaterThan(10);
    expect(seen.size).toBeLessThanOrEqual(FORM);
    for (const question of (await set('set=mock&topic=Topic 1')).examQuestions) seen.add(question.id);
    expect(seen.size).toBeLessThanOrEqual(FORM);
    // The exam form that day is drawn from the same budget: the questions practice already showed.
    expect((await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers })).statusCode).toBe(200);
    const { rows } = await t.database.pool.query<{ ids: number[] }>(
      'SELECT question_ids AS ids FROM exam_attempts WHERE user_id = $1',
      [learnerId],
    );
    for (const id of rows[0]?.ids ?? []) seen.add(id);
    expect(rows[0]?.ids.length).toBe(FORM);
    expect(seen.size).toBe(FORM);
    await t.app.inject({ method: 'POST', url: '/user/exam/finish', headers });
    // A day later: new questions again, at most a budget's worth.
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const next = new Set<number>();
    for (let n = 0; n < 6; n++) for (const question of (await set('set=mock')).examQuestions) next.add(question.id);
    expect([...next].filter((id) => !seen.has(id)).length).toBeGreaterThan(0);
    expect(next.size).toBeLessThanOrEqual(FORM);
  });

  it('when a learner posts exam log events as fast as it can, then requests past the per-learner limit get 429', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      remoteAddress: '203.0.113.9',
      payload: {
        username: `flooder_${Date.now().toString(36)}`,
        password: 'long enough password',
        profession: 'nurse',
      },
    });
    const headers = { authorization: `Bearer ${signup.json<{ token: string }>().token}` };
    await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers });
    const statuses: number[] = [];
    // From many addresses: the limit follows the learner, not the address.
    for (let i = 0; i < 320; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/user/exam/events',
        headers,
        remoteAddress: `192.0.2.${i % 250}`,
        payload: { event: 'copy' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(299);
    expect(statuses.at(-1)).toBe(429);
    const { rows } = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM exam_logs l JOIN lms_users u ON u.id = l.user_id WHERE u.username LIKE 'flooder_%' AND l.log_data->>'event' = 'copy'`,
    );
    expect(rows[0]?.n).toBe(statuses.filter((s) => s === 201).length);
  });
});
