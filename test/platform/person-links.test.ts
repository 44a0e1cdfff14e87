import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkCode, PersonLinksAnswer } from '../../contracts/person-links.js';
import { createCase, signInApplicant, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { registerLearner, signInLmsAdmin } from '../factories/lms.js';
import { issueOneTimeToken } from '../../server/platform/one-time-tokens.js';
import { signUpMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

const ORIGIN = 'https://pathway.test';

/** Issue 41: a person links their identities by proving control of each, and may take a link off again. */
describe('linked accounts with consent', () => {
  let t: TestApp;
  let admin: { headers: AdminHeaders };
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: ORIGIN });
    t.clock.set(new Date('2026-03-01T09:00:00Z'));
    admin = await signInCaseAdmin(t);
  });
  afterAll(() => t.close());

  const address = () => `person${++n}.${Date.now().toString(36)}@example.test`;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const areasOf = (answer: PersonLinksAnswer) =>
    answer.identities.map((identity) => `${identity.area}:${identity.label}${identity.current ? ' (me)' : ''}`).sort();
  const applicantOf = async (email: string | undefined, name = 'أمينة الحربي Amina Al-Harbi') => {
    const someCase = await createCase(t, admin.headers, {
      client_name: name,
      ...(email ? { client_email: email } : {}),
    });
    return { someCase, headers: await signInApplicant(t, someCase.id, ORIGIN) };
  };
  const rowCount = async () => (await t.database.pool.query('SELECT 1 FROM person_links')).rowCount;

  it('when an applicant links the network member who verified the case address, then each side lists the other', async () => {
    const email = address();
    const member = await signUpMember(t, { email, verified: true });
    const { someCase, headers } = await applicantOf(email.toUpperCase());

    const linked = await call('POST', '/api/applicant/links', headers, { area: 'network' });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(areasOf(linked.json())).toEqual([`cases:${someCase.case_number} (me)`, `network:${member.user.username}`]);

    const fromNetwork = await call('GET', '/api/network/me/links', member.headers);
    expect(areasOf(fromNetwork.json())).toEqual([
      `cases:${someCase.case_number}`,
      `network:${member.user.username} (me)`,
    ]);
  });

  it('when the address is not verified, or belongs to someone else, then nothing is linked', async () => {
    const email = address();
    const unverified = await signUpMember(t, { email });
    const { headers } = await applicantOf(email);
    const before = await rowCount();

    // The member never followed the verification link: the shared address proves nothing.
    const refused = await call('POST', '/api/applicant/links', headers, { area: 'network' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NO_ACCOUNT_WITH_THIS_EMAIL' });
    // ...nor from the member's side, whose own address is not verified.
    const fromMember = await call('POST', '/api/network/me/links', unverified.headers, { area: 'cases' });
    expect(fromMember.statusCode).toBe(409);
    expect(fromMember.json()).toMatchObject({ code: 'NO_VERIFIED_EMAIL' });

    // A verified member cannot take a case by its address alone (its sign-in also asks for the passport).
    const verified = await signUpMember(t, { email: address(), verified: true });
    const { headers: otherApplicant } = await applicantOf(verified.email);
    expect((await call('POST', '/api/network/me/links', verified.headers, { area: 'cases' })).statusCode).toBe(409);
    // Another person's member, whose verified address is not this case's: refused.
    expect((await call('POST', '/api/applicant/links', headers, { area: 'network' })).statusCode).toBe(409);
    // LMS addresses are never verified: a learner is never linked by one.
    expect((await call('POST', '/api/network/me/links', verified.headers, { area: 'lms' })).statusCode).toBe(409);
    expect(await rowCount()).toBe(before);
    expect(
      (await call('GET', '/api/applicant/links', otherApplicant)).json<PersonLinksAnswer>().identities,
    ).toHaveLength(1);
  });

  it('when a learner hands a code from their signed-in account to the member, then the two are linked once', async () => {
    const learner = await registerLearner(t);
    const member = await signUpMember(t);
    const issued = await call('POST', '/user/links/codes', learner.headers);
    expect(issued.statusCode, issued.body).toBe(201);
    const { code } = issued.json<LinkCode>();

    const linked = await call('POST', '/api/network/me/links', member.headers, { code });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(areasOf(linked.json())).toEqual([`lms:${learner.username}`, `network:${member.user.username} (me)`]);
    expect(areasOf((await call('GET', '/user/links', learner.headers)).json())).toEqual([
      `lms:${learner.username} (me)`,
      `network:${member.user.username}`,
    ]);

    // A code works once, and not after its ten minutes.
    const someoneElse = await signUpMember(t);
    const again = await call('POST', '/api/network/me/links', someoneElse.headers, { code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'LINK_CODE_INVALID' });
    const late = (await call('POST', '/user/links/codes', learner.headers)).json<LinkCode>();
    t.clock.advance(11 * 60_000);
    expect((await call('POST', '/api/network/me/links', someoneElse.headers, { code: late.code })).statusCode).toBe(
      400,
    );
    // Its own code is no link to itself.
    const own = (await call('POST', '/user/links/codes', learner.headers)).json<LinkCode>();
    expect((await call('POST', '/user/links', learner.headers, { code: own.code })).statusCode).toBe(400);
    expect(
      (await call('GET', '/api/network/me/links', someoneElse.headers)).json<PersonLinksAnswer>().identities,
    ).toHaveLength(1);
  });

  it('when the person removes a link, then neither side lists it, and another person cannot remove it', async () => {
    const learner = await registerLearner(t);
    const member = await signUpMember(t);
    const { code } = (await call('POST', '/user/links/codes', learner.headers)).json<LinkCode>();
    await call('POST', '/api/network/me/links', member.headers, { code });

    const stranger = await signUpMember(t);
    const notTheirs = await call('DELETE', `/api/network/me/links/lms/${learner.id}`, stranger.headers);
    expect(notTheirs.statusCode).toBe(404);
    expect((await call('GET', '/user/links', learner.headers)).json<PersonLinksAnswer>().identities).toHaveLength(2);

    const removed = await call('DELETE', `/api/network/me/links/lms/${learner.id}`, member.headers);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(areasOf((await call('GET', '/api/network/me/links', member.headers)).json())).toEqual([
      `network:${member.user.username} (me)`,
    ]);
    expect((await call('GET', '/user/links', learner.headers)).json<PersonLinksAnswer>().identities).toHaveLength(1);
    expect((await call('DELETE', `/api/network/me/links/lms/${learner.id}`, member.headers)).statusCode).toBe(404);
  });

  it('when staff try to link, then they are refused: an LMS admin, a case admin, nobody signed in', async () => {
    const lmsAdmin = await signInLmsAdmin(t);
    const before = await rowCount();
    expect((await call('POST', '/user/links/codes', lmsAdmin.headers)).statusCode).toBe(403);
    const member = await signUpMember(t);
    const { code } = (await call('POST', '/api/network/me/links/codes', member.headers)).json<LinkCode>();
    const adminClaims = await call('POST', '/user/links', lmsAdmin.headers, { code });
    expect(adminClaims.statusCode).toBe(403);
    expect(adminClaims.json()).toMatchObject({ code: 'STAFF_ACCOUNT' });
    // A case admin's token is no member's, applicant's or learner's sign-in.
    for (const url of ['/api/network/me/links', '/api/applicant/links', '/user/links'])
      expect((await call('POST', url, { ...admin.headers, origin: ORIGIN }, { code })).statusCode, url).toBe(401);
    expect(await rowCount()).toBe(before);
  });

  it('when the input is bad, then a clear 400 and nothing changes', async () => {
    const member = await signUpMember(t, { email: address(), verified: true });
    const before = await rowCount();
    for (const payload of [
      {},
      { area: 'facebook' },
      { area: 'lms', code: 'x' },
      { code: '' },
      { code: 'x'.repeat(101) },
      [],
    ]) {
      const response = await call('POST', '/api/network/me/links', member.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ error: string }>().error.length).toBeGreaterThan(5);
    }
    expect((await call('POST', '/api/network/me/links', member.headers, { code: 'not-a-code-٣٤' })).statusCode).toBe(
      400,
    );
    expect((await call('DELETE', '/api/network/me/links/facebook/1', member.headers)).statusCode).toBe(400);
    // An over-long address part is refused by the platform before any route runs.
    expect((await call('DELETE', `/api/network/me/links/lms/${'9'.repeat(120)}`, member.headers)).statusCode).toBe(414);
    expect((await call('DELETE', '/api/network/me/links/cases/abc', member.headers)).statusCode).toBe(404);
    expect(await rowCount()).toBe(before);
  });
  it('when staff correct a case address, then the links made through its old sign-ins go, and so does its unused code', async () => {
    // The address was mistyped: its owner signed in to the case and linked their own member account.
    const typo = address();
    const stranger = await signUpMember(t, { email: typo, verified: true });
    const { someCase, headers } = await applicantOf(typo);
    expect((await call('POST', '/api/applicant/links', headers, { area: 'network' })).statusCode).toBe(200);
    const issued = await call('POST', '/api/applicant/links/codes', headers);
    expect(issued.statusCode, issued.body).toBe(201);

    const corrected = await t.app.inject({
      method: 'PUT',
      url: `/api/caseadmin/cases/${someCase.id}/services`,
      headers: admin.headers,
      payload: { serviceIds: [], client_email: address() },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);

    expect(areasOf((await call('GET', '/api/network/me/links', stranger.headers)).json())).toEqual([
      `network:${stranger.user.username} (me)`,
    ]);
    const someoneElse = await signUpMember(t, { email: address(), verified: true });
    const withOldCode = await call('POST', '/api/network/me/links', someoneElse.headers, {
      code: issued.json<LinkCode>().code,
    });
    expect(withOldCode.statusCode).toBe(400);
  });

  it("when the owner of an address takes back the member account a squatter made with it, then the squatter's links go", async () => {
    const email = address();
    const squatter = await signUpMember(t, { email });
    const learner = await registerLearner(t);
    const { code } = (await call('POST', '/user/links/codes', learner.headers)).json<LinkCode>();
    expect((await call('POST', '/api/network/me/links', squatter.headers, { code })).statusCode).toBe(200);

    const token = await issueOneTimeToken(t.db, 'network-password-reset', squatter.user.uid, t.clock.now(), 3600);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/network/auth/password-reset/confirm',
      headers: { origin: ORIGIN },
      payload: { token, password: 'the owner password' },
    });
    expect(reset.statusCode).toBe(204);

    expect(areasOf((await call('GET', '/user/links', learner.headers)).json())).toEqual([
      `lms:${learner.username} (me)`,
    ]);
  });
});
