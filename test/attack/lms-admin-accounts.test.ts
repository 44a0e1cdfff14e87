import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountActionsResponse, PremiumRequest } from '../../contracts/lms.js';
import { registerLearner, signInLmsAdmin } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * The fourth review (issue 35): any LMS admin could set another LMS admin's password, taking the
 * account over, and nothing recorded it. Setting an admin's password (one's own included) now
 * needs the acting admin's own password, and every admin action on an account is recorded in a
 * log the admins read, page by page.
 */

const PASSWORD = 'correct horse battery';

describe('LMS admins acting on accounts', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInLmsAdmin>>;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    admin = await signInLmsAdmin(t);
  });
  afterAll(() => t.close());

  const setPassword = (id: number, body: object, headers = admin.headers) =>
    t.app.inject({ method: 'PUT', url: `/admin/users/${id}/password`, headers, payload: body });
  const signIn = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/auth/login', payload: { username, password } });
  const actions = async (query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/admin/account-actions${query}`,
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return { ...response.json<AccountActionsResponse>(), total: Number(response.headers['x-total-count']) };
  };

  it('when an admin sets another admin’s password without giving their own, or with a wrong one, then it is refused and the other admin keeps theirs', async () => {
    const other = await signInLmsAdmin(t);
    const target = await idOf(other.username);

    const without = await setPassword(target, { password: 'taken over by a stolen token' });
    expect(without.statusCode).toBe(403);
    expect(without.json<{ error: string }>().error).toMatch(/your own password/);
    const wrong = await setPassword(target, { password: 'taken over by a stolen token', adminPassword: 'guess one' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'adminPassword' });

    expect((await signIn(other.username, PASSWORD)).statusCode).toBe(200);
    expect((await signIn(other.username, 'taken over by a stolen token')).statusCode).toBe(401);
  });

  it('when an admin gives their own password, then another admin’s password is set, and the log says who set whose', async () => {
    const other = await signInLmsAdmin(t);
    const target = await idOf(other.username);
    const set = await setPassword(target, { password: 'a new admin password', adminPassword: PASSWORD });
    expect(set.statusCode).toBe(204);
    expect((await signIn(other.username, 'a new admin password')).statusCode).toBe(200);

    const { actions: latest } = await actions();
    expect(latest[0]).toMatchObject({
      action: 'password set',
      admin: admin.username,
      username: other.username,
    });
    expect(JSON.stringify(latest)).not.toContain('a new admin password');
  });

  it('when guesses at the acting admin’s own password go on, then they stop at five in a quarter hour', async () => {
    const guesser = await signInLmsAdmin(t);
    const target = await idOf(admin.username);
    const statuses: number[] = [];
    for (let guess = 0; guess < 7; guess++)
      statuses.push(
        (await setPassword(target, { password: 'new password 123', adminPassword: `guess ${guess}` }, guesser.headers))
          .statusCode,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });

  it('when admins set a learner’s password, programs and accommodation and decide a premium request, then each is in the log, newest first, paged, and learners cannot read it', async () => {
    const learner = await registerLearner(t);
    const asker = await registerLearner(t);
    const before = (await actions()).total;
    expect((await setPassword(learner.id, { password: 'learner new password' })).statusCode).toBe(204);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/admin/users/${learner.id}/programs`,
          headers: admin.headers,
          payload: { allowed_programs: ['course'] },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/admin/users/${learner.id}/accommodation`,
          headers: admin.headers,
          payload: { timeMultiplier: 1.5 },
        })
      ).statusCode,
    ).toBe(200);
    const asked = await t.app.inject({ method: 'POST', url: '/user/premium-requests', headers: asker.headers });
    expect(asked.statusCode, asked.body).toBe(201);
    const granted = await t.app.inject({
      method: 'POST',
      url: `/admin/premium-requests/${asked.json<PremiumRequest>().id}/grant`,
      headers: admin.headers,
    });
    expect(granted.statusCode).toBe(200);

    const log = await actions();
    expect(log.total).toBe(before + 4);
    expect(log.actions.slice(0, 4).map((entry) => [entry.action, entry.username, entry.admin])).toEqual([
      ['premium granted', asker.username, admin.username],
      ['accommodation set', learner.username, admin.username],
      ['programs set', learner.username, admin.username],
      ['password set', learner.username, admin.username],
    ]);
    expect(log.actions[1]?.detail).toMatch(/1\.5/);
    expect(log.actions[2]?.detail).toMatch(/course/);

    const second = await actions('?page=2&pageSize=2');
    expect(second.actions).toHaveLength(2);
    expect(second.actions[0]?.id).toBe(log.actions[2]?.id);

    const byLearner = await t.app.inject({ method: 'GET', url: '/admin/account-actions', headers: asker.headers });
    expect(byLearner.statusCode).toBe(403);
  });

  async function idOf(username: string): Promise<number> {
    const { rows } = await t.database.pool.query<{ id: number }>('SELECT id FROM lms_users WHERE username = $1', [
      username,
    ]);
    const id = rows[0]?.id;
    if (id === undefined) throw new Error(`no user ${username}`);
    return id;
  }
});
