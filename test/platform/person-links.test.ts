import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JourneyAnswer, LinkCode, PersonLinksAnswer } from '../../contracts/person-links.js';
import { changeStep, createCase, signInApplicant, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { registerLearner, signInLmsAdmin } from '../factories/lms.js';
import { issueOneTimeToken } from '../../server/platform/one-time-tokens.js';
import { signUpMember } from '../factories/network.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { createTestApp, type TestApp } from '../test-app.js';

const ORIGIN = 'https://pathway.test';

/** Issue 41: a person links their identities by proving control of each, and may take a link off again. */
describe('linked accounts with consent', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let admin: { headers: AdminHeaders };
  let n = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ PUBLIC_URL: ORIGIN, SMTP_URL: smtp.url });
    t.clock.set(new Date('2026-03-01T09:00:00Z'));
    admin = await signInCaseAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const address = () => `person${++n}.${Date.now().toString(36)}@example.test`;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
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

  it('when a link is made, then the other account is emailed about it in its own language; the one that asked is not', async () => {
    // A learner with an address hands a code to a member: the learner is told, in English.
    const learner = await registerLearner(t);
    const learnerEmail = address();
    await t.database.pool.query('UPDATE lms_users SET email = $1 WHERE id = $2', [learnerEmail, learner.id]);
    const memberEmail = address();
    const member = await signUpMember(t, { email: memberEmail, verified: true });
    const { code } = (await call('POST', '/user/links/codes', learner.headers)).json<LinkCode>();
    expect((await call('POST', '/api/network/me/links', member.headers, { code })).statusCode).toBe(200);
    const toLearner = await smtp.nextMessage((mail) => mail.to.includes(learnerEmail));
    expect(toLearner.subject).toBe('Your Pathway learning account was linked with another account');
    expect(toLearner.text).toContain(`the network account "${member.user.username}"`);
    expect(toLearner.links).toContain(`${ORIGIN}/lmsprofile`);

    // The applicant of a case read in Arabic gives her code to the member: the case's address is told, in Arabic.
    const caseEmail = address();
    const someCase = await createCase(t, admin.headers, {
      client_name: 'أمينة الحربي Amina Al-Harbi',
      client_email: caseEmail,
      applicant_language: 'ar',
    });
    const applicant = await signInApplicant(t, someCase.id, ORIGIN);
    const fromCase = (await call('POST', '/api/applicant/links/codes', applicant)).json<LinkCode>();
    expect((await call('POST', '/api/network/me/links', member.headers, { code: fromCase.code })).statusCode).toBe(200);
    const toCase = await smtp.nextMessage((mail) => mail.to.includes(caseEmail) && mail.subject.startsWith('رُبط'));
    // Names and numbers inside Arabic text are isolated (U+2068 … U+2069), so they read in their own direction.
    expect(toCase.subject).toBe(`رُبط ملفك \u2068${someCase.case_number}\u2069 بحساب آخر في Pathway`);
    expect(toCase.text).toMatch(new RegExp(`حساب الشبكة «\u2068?${member.user.username}\u2069?»`));
    expect(toCase.links).toContain(`${ORIGIN}/casetracking/case`);

    // The applicant of another case links by the address a member verified: the member is told.
    const other = await applicantOf(memberEmail.toUpperCase());
    expect((await call('POST', '/api/applicant/links', other.headers, { area: 'network' })).statusCode).toBe(200);
    const toMember = await smtp.nextMessage(
      (mail) => mail.to.includes(memberEmail) && mail.subject.includes('was linked'),
    );
    expect(toMember.subject).toBe('Your Pathway network account was linked with another account');
    expect(toMember.text).toContain(`the case "${other.someCase.case_number}"`);
    expect(toMember.links).toContain(`${ORIGIN}/settings`);
    // Nobody is told of the link they made themselves.
    expect(
      smtp.messages.filter((mail) => mail.to.includes(memberEmail) && mail.subject.includes('linked')),
    ).toHaveLength(1);
  });

  it('when the applicant has not allowed it, then staff see nothing of her linked learner; once she allows it, its readiness and latest results', async () => {
    const { someCase, headers: applicant } = await applicantOf(address());
    const learner = await registerLearner(t);
    const { code } = (await call('POST', '/api/applicant/links/codes', applicant)).json<LinkCode>();
    expect((await call('POST', '/user/links', learner.headers, { code })).statusCode).toBe(200);
    // Two finished exams and one still running: the finished ones are listed, newest first.
    await t.database.pool.query(
      `INSERT INTO exam_attempts (user_id, exam_key, profession, seed, started_at, deadline_at, finished_at, finish_reason, question_ids)
       VALUES ($1, 'nurse-en', 'nurse', 1, '2026-02-01T08:00Z', '2026-02-01T11:00Z', '2026-02-01T10:30Z', 'completed', '{1,2,3,4}'),
              ($1, 'nurse-en', 'nurse', 2, '2026-02-20T08:00Z', '2026-02-20T11:00Z', '2026-02-20T09:45Z', 'completed', '{1,2}'),
              ($1, 'nurse-en', 'nurse', 3, '2026-03-01T08:00Z', '2026-03-01T11:00Z', NULL, NULL, '{1}')`,
      [learner.id],
    );
    const url = `/api/caseadmin/cases/${someCase.id}/learner-readiness`;

    const before = await call('GET', url, admin.headers);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ shared: false, learners: [] });
    expect(before.body).not.toContain(learner.username);
    expect((await call('GET', '/api/applicant/case', applicant)).json()).toMatchObject({
      readinessSharedWithStaff: false,
    });

    // Only the applicant's own session chooses; bad input changes nothing.
    expect(
      (await call('PUT', '/api/applicant/readiness-sharing', { origin: ORIGIN }, { share: true })).statusCode,
    ).toBe(401);
    expect((await call('PUT', '/api/applicant/readiness-sharing', applicant, { share: 'yes' })).statusCode).toBe(400);
    expect((await call('GET', url, admin.headers)).json()).toEqual({ shared: false, learners: [] });

    const allowed = await call('PUT', '/api/applicant/readiness-sharing', applicant, { share: true });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toEqual({ share: true });
    const after = await call('GET', url, admin.headers);
    expect(after.json()).toEqual({
      shared: true,
      learners: [
        {
          username: learner.username,
          profession: 'nurse',
          passChance: null,
          answers: 0,
          latestResults: [
            { finishedAt: '2026-02-20T09:45:00.000Z', correct: 0, questions: 2 },
            { finishedAt: '2026-02-01T10:30:00.000Z', correct: 0, questions: 4 },
          ],
        },
      ],
    });

    // Taken back: staff see nothing again.
    await call('PUT', '/api/applicant/readiness-sharing', applicant, { share: false });
    expect((await call('GET', url, admin.headers)).json()).toEqual({ shared: false, learners: [] });
    expect((await call('GET', '/api/caseadmin/cases/2000000000/learner-readiness', admin.headers)).statusCode).toBe(
      404,
    );
  });

  it("when a linked person opens their journey from any of their accounts, then it shows their readiness, case and licence; nobody else's", async () => {
    const member = await signUpMember(t);
    const learner = await registerLearner(t);
    const someCase = await createCase(t, admin.headers, {
      client_name: 'أمينة الحربي Amina Al-Harbi',
      client_email: address(),
      serviceIds: [4],
    });
    await changeStep(t, admin.headers, someCase.CaseServices[0]!.id, 'Job Offer');
    const licence = await call('POST', `/api/caseadmin/cases/${someCase.id}/licences`, admin.headers, {
      authority: 'DHA',
      licenceType: 'Registered Nurse',
      licenceNumber: 'DHA-RN-٩٩١',
      issuedOn: '2026-02-20',
      expiresOn: '2027-02-20',
    });
    expect(licence.statusCode, licence.body).toBe(201);
    const applicant = await signInApplicant(t, someCase.id, ORIGIN);
    for (const issuer of [
      call('POST', '/api/applicant/links/codes', applicant),
      call('POST', '/user/links/codes', learner.headers),
    ]) {
      const { code } = (await issuer).json<LinkCode>();
      expect((await call('POST', '/api/network/me/links', member.headers, { code })).statusCode).toBe(200);
    }

    const expected: JourneyAnswer = {
      readiness: [{ username: learner.username, profession: 'nurse', passChance: null, answers: 0, latestResults: [] }],
      cases: [
        {
          caseNumber: someCase.case_number,
          status: 'In Progress',
          services: [expect.objectContaining({ serviceName: 'Recruitment Progress', currentStep: 'Job Offer' })],
          documents: { required: 0, requiredAccepted: 0, missing: 0, rejected: 0, awaitingReview: 0 },
          licences: [expect.objectContaining({ authority: 'DHA', licenceType: 'Registered Nurse', status: 'valid' })],
          // The default steps' expected days (too few cases for their distributions): Job Offer 7 and
          // Visa Processing 30 from the change, in every simulated journey alike.
          readyToWork: {
            p50: new Date(t.clock.now().getTime() + 37 * 24 * 60 * 60_000).toISOString(),
            p80: new Date(t.clock.now().getTime() + 37 * 24 * 60 * 60_000).toISOString(),
            remainingSteps: 2,
            measuredSteps: 0,
            fewestCases: null,
            draws: 2000,
          },
        },
      ],
    };
    // The same journey from each of her accounts.
    for (const [url, headers] of [
      ['/api/network/me/journey', member.headers],
      ['/user/journey', learner.headers],
      ['/api/applicant/journey', applicant],
    ] as const) {
      const journey = await call('GET', url, headers);
      expect(journey.statusCode, `${url}: ${journey.body}`).toBe(200);
      expect(journey.json(), url).toEqual(expected);
      expect(journey.headers['cache-control']).toBe('private, no-store');
      // The case's passport number and the licence number stay with staff.
      expect(journey.body).not.toContain(someCase.passport_number);
      expect(journey.body).not.toContain('DHA-RN-٩٩١');
    }

    // Only the person: nobody signed in is refused, staff are refused, another member sees only their own (empty) journey.
    for (const url of ['/api/network/me/journey', '/user/journey', '/api/applicant/journey']) {
      expect((await call('GET', url, {})).statusCode, url).toBe(401);
    }
    const lmsAdmin = await signInLmsAdmin(t);
    expect((await call('GET', '/user/journey', lmsAdmin.headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/network/me/journey', admin.headers)).statusCode).toBe(401);
    const stranger = await signUpMember(t);
    expect((await call('GET', '/api/network/me/journey', stranger.headers)).json()).toEqual({
      readiness: [],
      cases: [],
    });
  });
});
