import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOrResetCaseAdmin, ensureCaseAdmin } from '../../server/cases/case-admins.js';
import { caseAdmins } from '../../server/db/schema/cases.js';
import { lmsUsers } from '../../server/db/schema/lms.js';
import { ensureLmsAdmin } from '../../server/lms/accounts.js';
import { createLogger } from '../../server/platform/logger.js';
import { signInCaseAdmin } from '../factories/cases.js';
import { registerLearner, signInLmsAdmin } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

/**
 * Finding 4 of the review: a case-admin token kept working for 12 h after its admin was deleted
 * or its password reset, and neither bearer area could sign out on the server.
 */
describe('bearer tokens that can be ended', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const caseAdminCall = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/caseadmin/dashboard-metrics', headers });
  const learnerCall = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/user/progress', headers });

  it('when a case admin signs out, then every token of that admin is 401 and a new sign-in works', async () => {
    const admin = await signInCaseAdmin(t);
    const otherDevice = await t.app.inject({
      method: 'POST',
      url: '/api/caseadmin/login',
      payload: { email: admin.email, password: admin.password },
    });
    const otherHeaders = { authorization: `Bearer ${otherDevice.json<{ token: string }>().token}` };
    expect((await caseAdminCall(admin.headers)).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/api/caseadmin/logout', headers: admin.headers });

    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    const after = await caseAdminCall(admin.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toMatch(/session has ended/);
    expect((await caseAdminCall(otherHeaders)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/caseadmin/logout', headers: admin.headers })).statusCode,
    ).toBe(401);
    expect((await caseAdminCall((await signInCaseAdmin(t)).headers)).statusCode).toBe(200);
  });

  it('when a case admin is deleted, then its token is 401 at once', async () => {
    const admin = await signInCaseAdmin(t);
    await t.db.delete(caseAdmins).where(eq(caseAdmins.email, admin.email));
    const response = await caseAdminCall(admin.headers);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatch(/no longer exists/);
  });

  it('when a case admin password is reset by `npm run admin:case` or by CASE_ADMIN_PASSWORD at start, then the tokens issued before are 401', async () => {
    const byScript = await signInCaseAdmin(t);
    await addOrResetCaseAdmin(t.db, byScript.email, 'a brand new password');
    expect((await caseAdminCall(byScript.headers)).statusCode).toBe(401);

    const byEnvironment = await signInCaseAdmin(t);
    // The same password at every start changes nothing, so a restart signs nobody out.
    await ensureCaseAdmin(
      t.db,
      { email: byEnvironment.email, password: byEnvironment.password },
      createLogger('silent'),
    );
    expect((await caseAdminCall(byEnvironment.headers)).statusCode).toBe(200);
    await ensureCaseAdmin(
      t.db,
      { email: byEnvironment.email, password: 'set from the environment' },
      createLogger('silent'),
    );
    expect((await caseAdminCall(byEnvironment.headers)).statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/caseadmin/login',
      payload: { email: byEnvironment.email, password: 'set from the environment' },
    });
    expect((await caseAdminCall({ authorization: `Bearer ${fresh.json<{ token: string }>().token}` })).statusCode).toBe(
      200,
    );
  });

  it('when an LMS learner logs out, then the token is 401 afterwards, on every route', async () => {
    const learner = await registerLearner(t);
    expect((await learnerCall(learner.headers)).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: learner.headers });

    expect(out.statusCode).toBe(204);
    expect((await learnerCall(learner.headers)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/user/profile', headers: learner.headers })).statusCode).toBe(
      401,
    );
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: learner.username, password: learner.password },
    });
    expect((await learnerCall({ authorization: `Bearer ${again.json<{ token: string }>().token}` })).statusCode).toBe(
      200,
    );
  });

  it('when an LMS admin sets a learner password, then the learner tokens are 401 and only the new password signs in', async () => {
    const admin = await signInLmsAdmin(t);
    const learner = await registerLearner(t);

    const set = await t.app.inject({
      method: 'PUT',
      url: `/admin/users/${learner.id}/password`,
      headers: admin.headers,
      payload: { password: 'chosen by the admin' },
    });

    expect(set.statusCode).toBe(204);
    expect((await learnerCall(learner.headers)).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { username: learner.username, password: learner.password },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { username: learner.username, password: 'chosen by the admin' },
        })
      ).statusCode,
    ).toBe(200);
    const other = await registerLearner(t);
    const learnerTries = await t.app.inject({
      method: 'PUT',
      url: `/admin/users/${learner.id}/password`,
      headers: other.headers,
      payload: { password: 'not allowed at all' },
    });
    expect(learnerTries.statusCode).toBe(403);
  });

  it('when the LMS admin password is set again by LMS_ADMIN_PASSWORD at start, or the learner is deleted, then their tokens are 401', async () => {
    const admin = await signInLmsAdmin(t);
    await ensureLmsAdmin(t.db, { username: admin.username, password: 'correct horse battery' }, createLogger('silent'));
    expect((await t.app.inject({ method: 'GET', url: '/admin/users', headers: admin.headers })).statusCode).toBe(200);
    await ensureLmsAdmin(t.db, { username: admin.username, password: 'from the environment' }, createLogger('silent'));
    expect((await t.app.inject({ method: 'GET', url: '/admin/users', headers: admin.headers })).statusCode).toBe(401);

    const learner = await registerLearner(t);
    await t.db.delete(lmsUsers).where(eq(lmsUsers.id, learner.id));
    expect((await learnerCall(learner.headers)).statusCode).toBe(401);
  });

  it('when a token carries no session version (signed before this change, or by hand), then it is refused', async () => {
    const learner = await registerLearner(t);
    const unversioned = await t.tokens.sign(
      { sub: String(learner.id), id: learner.id, username: learner.username, profession: 'nurse', role: 'user' },
      'lms',
      3600,
    );
    expect((await learnerCall({ authorization: `Bearer ${unversioned}` })).statusCode).toBe(401);
  });
});
