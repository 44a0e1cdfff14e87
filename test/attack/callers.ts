import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCase, createService, signInCaseAdmin } from '../factories/cases.js';
import { createQuestion, registerLearner, signInLmsAdmin } from '../factories/lms.js';
import {
  createPost,
  SAME_ORIGIN,
  sessionCookieOf,
  signUpMember,
  tinyPng,
  type TestMember,
} from '../factories/network.js';
import { setPrograms } from '../../server/lms/accounts.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { forgedToken } from './support.js';

/** The kinds of caller every route is tried with. */
export const callers = [
  'anonymous',
  'member',
  'other member',
  'LMS user',
  'LMS admin',
  'case admin',
  'expired token',
  'forged token',
] as const;
export type Caller = (typeof callers)[number];

/** Which credentials a route looks at: expired and forged callers bring those of that area. */
export type Area = 'cases' | 'lms' | 'network' | 'platform';

const decode = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

/**
 * One app with one of each kind of caller and some data of theirs: a case, LMS questions and a
 * course, a post with an image by `member`. All requests send our Origin, as a browser would,
 * so the network's cross-site check is not what refuses them.
 */
export async function createWorld(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'pathway-attack-'));
  // Every route is called here, by every kind of caller and with bad input: each answer is held to
  // the OpenAPI document the web's types come from.
  const t: TestApp = await createTestApp(
    {
      LOGIN_RATE_LIMIT: '10000',
      CASE_LOOKUP_RATE_LIMIT: '10000',
      DATA_DIR: dataDir,
      ...env,
    },
    { checkAnswers: true },
  );
  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

  const caseAdmin = await signInCaseAdmin(t);
  const service = await createService(t, caseAdmin.headers, ['Filed', 'Decided']);
  const someCase = await createCase(t, caseAdmin.headers, { serviceIds: [service.id] });

  const lmsAdmin = await signInLmsAdmin(t);
  const lmsAdminId = Number(decode(lmsAdmin.token).id);
  await setPrograms(t.db, lmsAdminId, ['course', 'exam-results']);
  const learner = await registerLearner(t, { profession: 'nurse', programs: ['course', 'exam-results'] });
  const otherLearner = await registerLearner(t, { profession: 'nurse', programs: ['course', 'exam-results'] });
  for (const profession of ['nurse', 'doctor'] as const) {
    for (let i = 0; i < 6; i++) await createQuestion(t, lmsAdmin.headers, { profession });
  }
  const courseResponse = await t.app.inject({
    method: 'POST',
    url: '/admin/courses',
    headers: lmsAdmin.headers,
    payload: { title: 'Wound care', profession: 'all', sections: [{ title: 'One', body: 'Text' }], published: true },
  });
  const courseId = courseResponse.json<{ id: number }>().id;

  const member = await signUpMember(t);
  const otherMember = await signUpMember(t);
  const postResponse = await createPost(t, member, 'a post with a picture', {
    name: 'media',
    filename: 'pic.png',
    contentType: 'image/png',
    data: tinyPng,
  });
  const post = postResponse.json<{ id: string; mediaURL: string }>();

  // Credentials that were real once: their lifetime ends a minute later, and the clock moves past it.
  const expiredCaseAdmin = await t.tokens.sign(
    { sub: String(decode(caseAdmin.token).sub), email: caseAdmin.email },
    'caseadmin',
    60,
  );
  const expiredLms = await t.tokens.sign(
    { sub: String(lmsAdminId), id: lmsAdminId, username: lmsAdmin.username, profession: 'doctor', role: 'admin' },
    'lms',
    60,
  );
  const expiredMember = await signUpMember(t);
  await t.database.pool.query(`UPDATE network_sessions SET expires_at = $1 WHERE user_id = $2`, [
    new Date(t.clock.now().getTime() + 60_000),
    expiredMember.user.uid,
  ]);
  t.clock.advance(120_000);

  const forgedCaseAdmin = await forgedToken(
    { sub: String(decode(caseAdmin.token).sub), email: caseAdmin.email },
    'caseadmin',
    nowSeconds(),
  );
  const forgedLms = await forgedToken(
    { sub: String(lmsAdminId), id: lmsAdminId, username: lmsAdmin.username, profession: 'doctor', role: 'admin' },
    'lms',
    nowSeconds(),
  );
  const forgedSession = `pathway_session=${randomBytes(32).toString('base64url')}`;

  const bearer = (token: string) => ({ authorization: `Bearer ${token}`, origin: SAME_ORIGIN });
  const memberHeaders = (m: TestMember) => ({ cookie: m.cookie, origin: SAME_ORIGIN });

  function headersOf(caller: Caller, area: Area): Record<string, string> {
    switch (caller) {
      case 'anonymous':
        return { origin: SAME_ORIGIN };
      case 'member':
        return memberHeaders(member);
      case 'other member':
        return memberHeaders(otherMember);
      case 'LMS user':
        return bearer(learner.token);
      case 'LMS admin':
        return bearer(lmsAdmin.token);
      case 'case admin':
        return bearer(caseAdmin.token);
      case 'expired token':
        if (area === 'network') return memberHeaders(expiredMember);
        return bearer(area === 'cases' ? expiredCaseAdmin : expiredLms);
      case 'forged token':
        if (area === 'network') return { cookie: forgedSession, origin: SAME_ORIGIN };
        return bearer(area === 'cases' ? forgedCaseAdmin : forgedLms);
    }
  }

  /** A fresh session of a member, for calls that end the session they use. */
  async function freshSession(m: TestMember): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/network/auth/sign-in',
      headers: { origin: SAME_ORIGIN },
      payload: { email: m.email, password: m.password },
    });
    return sessionCookieOf(response.headers['set-cookie']);
  }

  /** Every secret a response could leak: password hashes, other callers' tokens and cookies. */
  const secrets = {
    member: member.cookie.split('=')[1] ?? '',
    'other member': otherMember.cookie.split('=')[1] ?? '',
    'LMS user': learner.token,
    'LMS admin': lmsAdmin.token,
    'case admin': caseAdmin.token,
  } satisfies Partial<Record<Caller, string>>;

  return {
    t,
    headersOf,
    freshSession,
    secrets,
    caseAdmin,
    someCase,
    service,
    lmsAdmin: { ...lmsAdmin, id: lmsAdminId },
    learner,
    otherLearner,
    courseId,
    member,
    otherMember,
    post,
    async close() {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type World = Awaited<ReturnType<typeof createWorld>>;
