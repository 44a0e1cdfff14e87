import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessCode, ProfileResponse } from '../../contracts/lms.js';
import { registerLearner, signInLmsAdmin } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

describe('access codes', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    admin = await signInLmsAdmin(t);
  });
  afterAll(() => t.close());

  const issue = (payload: object, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: '/admin/access-codes', headers, payload });
  const redeem = (headers: Record<string, string>, code: string) =>
    t.app.inject({ method: 'POST', url: '/user/access-codes/redeem', headers, payload: { code } });
  const list = async () =>
    (await t.app.inject({ method: 'GET', url: '/admin/access-codes', headers: admin.headers })).json<{
      accessCodes: AccessCode[];
    }>().accessCodes;

  it('when an admin issues codes, then they are shown once, only their hash is stored, and a learner redeeming one gains its programs', async () => {
    const issued = await issue({ count: 3, programs: ['course', 'exam-results'], note: 'Agency A' });
    expect(issued.statusCode).toBe(201);
    const { codes } = issued.json<{ codes: string[] }>();
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const { rows } = await t.database.pool.query<{ row: string }>(
      'SELECT row_to_json(a)::text AS row FROM access_codes a',
    );
    for (const code of codes) expect(rows.map((r) => r.row).join()).not.toContain(code.replace(/-/g, ''));
    expect(rows.map((r) => r.row).join()).not.toContain(codes[0] ?? '-');

    const learner = await registerLearner(t);
    expect((await t.app.inject({ method: 'GET', url: '/user/courses', headers: learner.headers })).statusCode).toBe(
      403,
    );
    // As a person types it: lower case, spaces instead of dashes.
    const typed = (codes[0] ?? '').toLowerCase().replace(/-/g, ' ');
    const redeemed = await redeem(learner.headers, typed);
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toEqual({
      message: 'Code redeemed: your premium access is open.',
      allowed_programs: ['course', 'exam-results'],
    });
    expect((await t.app.inject({ method: 'GET', url: '/user/courses', headers: learner.headers })).statusCode).toBe(
      200,
    );
    const profile = (
      await t.app.inject({ method: 'GET', url: '/user/profile', headers: learner.headers })
    ).json<ProfileResponse>();
    expect(profile.premiumLocked).toBe(false);

    const states = await list();
    expect(
      states
        .filter((c) => c.note === 'Agency A')
        .map((c) => c.state)
        .sort(),
    ).toEqual(['redeemed', 'unused', 'unused']);
    expect(states.find((c) => c.state === 'redeemed')?.redeemed_by).toBe(learner.username);
  });

  it('when a code is used again, unknown or expired, then the refusal says why and no program is granted', async () => {
    const [code] = (await issue({ count: 1, programs: ['course'] })).json<{ codes: string[] }>().codes;
    const first = await registerLearner(t);
    expect((await redeem(first.headers, code ?? '')).statusCode).toBe(200);
    const again = await redeem(first.headers, code ?? '');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'You have already redeemed this code.' });
    const second = await registerLearner(t);
    const taken = await redeem(second.headers, code ?? '');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'This code has already been used.' });
    const unknown = await redeem(second.headers, 'AAAA-BBBB-CCCC-DDDD');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'There is no such access code. Check it and try again.' });

    const expiresAt = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const [soon] = (await issue({ count: 1, programs: ['course'], expiresAt })).json<{ codes: string[] }>().codes;
    t.clock.advance(61_000);
    const late = await redeem(second.headers, soon ?? '');
    expect(late.statusCode).toBe(410);
    expect(late.json<{ error: string }>().error).toMatch(
      /^This code expired on \d{4}-\d{2}-\d{2}\. Ask for a new one\.$/,
    );
    expect((await list()).find((c) => c.expires_at === expiresAt)?.state).toBe('expired');
    const { rows } = await t.database.pool.query<{ programs: string[] }>(
      'SELECT allowed_programs AS programs FROM lms_users WHERE id = $1',
      [second.id],
    );
    expect(rows[0]?.programs).toEqual([]);
  });

  it('when two learners redeem one code at once, then exactly one gets it', async () => {
    const [code] = (await issue({ count: 1, programs: ['exam-results'] })).json<{ codes: string[] }>().codes;
    const learners = await Promise.all([registerLearner(t), registerLearner(t), registerLearner(t)]);
    const results = await Promise.all(learners.map((l) => redeem(l.headers, code ?? '')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('when the body is bad or the caller is not an admin, then nothing is issued', async () => {
    const before = (await list()).length;
    for (const payload of [
      { count: 0, programs: ['course'] },
      { count: 501, programs: ['course'] },
      { count: 1, programs: [] },
      { count: 1, programs: ['gold'] },
      { count: 1, programs: ['course'], expiresAt: 'tomorrow' },
      { count: 1, programs: ['course'], extra: 1 },
    ]) {
      const response = await issue(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json<{ error: string }>().error).toBe('string');
    }
    const past = await issue({
      count: 1,
      programs: ['course'],
      expiresAt: new Date(t.clock.now().getTime() - 1000).toISOString(),
    });
    expect(past.json()).toMatchObject({ error: 'expiresAt must be in the future' });
    const learner = await registerLearner(t);
    expect((await issue({ count: 1, programs: ['course'] }, learner.headers)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/access-codes', headers: learner.headers })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/user/access-codes/redeem', payload: { code: 'x' } })).statusCode,
    ).toBe(401);
    expect((await list()).length).toBe(before);
  });

  it('when a learner keeps guessing codes, then tries past ten an hour get 429, right or wrong', async () => {
    const learner = await registerLearner(t);
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await redeem(learner.headers, `GUES-S000-0000-00${String(i).padStart(2, '0')}`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
