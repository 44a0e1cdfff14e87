import { createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExamResult, LicenceVerification, StaffLicence } from '../../contracts/case-licences.js';
import type { ApplicantCase } from '../../contracts/case-applicant.js';
import { issueOneTimeToken } from '../../server/platform/one-time-tokens.js';
import { createCase, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { createTestApp, type TestApp } from '../test-app.js';

const ORIGIN = 'https://pathway.test';
const DAY = 24 * 60 * 60_000;

/** Issue 41: staff record the licence a case produced; it is issued as a credential anyone can verify. */
describe('licences, verified', () => {
  let t: TestApp;
  let admin: { headers: AdminHeaders; email: string };

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: ORIGIN, CASE_LOOKUP_RATE_LIMIT: '1000' });
    t.clock.set(new Date('2026-03-01T09:00:00Z'));
    admin = await signInCaseAdmin(t);
  });
  afterAll(() => t.close());

  const record = (caseId: number, payload: object, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: `/api/caseadmin/cases/${caseId}/licences`, headers, payload });
  const pathOf = (url: string) => new URL(url).pathname;
  const statusOf = async (licence: StaffLicence) =>
    (await t.app.inject({ method: 'GET', url: `${pathOf(licence.credentialUrl)}/status` })).json<LicenceVerification>();
  const jwks = async () =>
    createLocalJWKSet((await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json<JSONWebKeySet>());

  const nurseLicence = {
    authority: 'DHA',
    licenceType: 'Registered Nurse',
    licenceNumber: 'DHA-RN-٤٥٦٧٨',
    issuedOn: '2026-02-20',
    expiresOn: '2027-02-20',
  };

  it('when staff record a licence, then its credential verifies with jose from the JWKS alone, until staff revoke it', async () => {
    const someCase = await createCase(t, admin.headers, {
      client_name: 'أمينة الحربي Amina Al-Harbi',
      passport_number: 'P9988776',
    });
    const recorded = await record(someCase.id, nurseLicence);
    expect(recorded.statusCode).toBe(201);
    const licence = recorded.json<StaffLicence>();
    expect(licence).toMatchObject({ ...nurseLicence, status: 'valid', shownOnProfile: false, revokedAt: null });
    expect(licence.credentialUrl.startsWith(`${ORIGIN}/api/credentials/licences/`)).toBe(true);
    expect(licence.verifyUrl.startsWith(`${ORIGIN}/casetracking/licences/`)).toBe(true);

    const served = await t.app.inject({ method: 'GET', url: pathOf(licence.credentialUrl) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/vc+jwt');
    const jwt = served.body;
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'EdDSA', typ: 'vc+jwt' });

    // A verifier knows the JWKS and nothing else of ours.
    const { payload } = await jwtVerify(jwt, await jwks(), {
      typ: 'vc+jwt',
      issuer: `${ORIGIN}/`,
      currentDate: t.clock.now(),
    });
    expect(payload).toMatchObject({
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      id: licence.credentialUrl,
      issuer: { id: `${ORIGIN}/`, type: ['Profile'] },
      validUntil: '2027-02-20T00:00:00Z',
      credentialSubject: {
        type: ['AchievementSubject'],
        name: 'أمينة الحربي Amina Al-Harbi',
        achievement: { type: ['Achievement'], achievementType: 'License', name: 'Registered Nurse' },
      },
    });
    expect(payload.exp).toBe(Date.parse('2027-02-20T00:00:00Z') / 1000);
    // Public fields only: the passport number, the case number and the licence number stay inside.
    for (const secret of ['P9988776', someCase.case_number, nurseLicence.licenceNumber]) {
      expect(JSON.stringify(payload)).not.toContain(secret);
    }
    // After the expiry date, the same credential no longer verifies.
    await expect(
      jwtVerify(jwt, await jwks(), { currentDate: new Date('2027-02-20T00:00:01Z') }),
    ).rejects.toBeInstanceOf(errors.JWTExpired);

    const verification = await statusOf(licence);
    expect(verification).toEqual({
      status: 'valid',
      holderName: 'أمينة الحربي Amina Al-Harbi',
      authority: 'DHA',
      licenceType: 'Registered Nurse',
      issuedOn: '2026-02-20',
      expiresOn: '2027-02-20',
      revokedOn: null,
      issuer: 'Pathway',
      credentialUrl: licence.credentialUrl,
    });
    for (const secret of ['P9988776', someCase.case_number, nurseLicence.licenceNumber]) {
      expect(JSON.stringify(verification)).not.toContain(secret);
    }

    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/caseadmin/licences/${licence.id}/revoke`,
      headers: admin.headers,
      payload: { reason: 'Withdrawn by the DHA after a registration audit' },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<StaffLicence>()).toMatchObject({ status: 'revoked', revokedReason: expect.any(String) });
    expect(await statusOf(licence)).toMatchObject({ status: 'revoked', revokedOn: '2026-03-01' });
    const gone = await t.app.inject({ method: 'GET', url: pathOf(licence.credentialUrl) });
    expect(gone.statusCode).toBe(410);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/caseadmin/licences/${licence.id}/revoke`,
      headers: admin.headers,
      payload: { reason: 'twice' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toBe('This licence is already revoked');
  });

  it('when a licence passes its expiry date, then its verify answer says expired', async () => {
    const someCase = await createCase(t, admin.headers);
    const licence = (
      await record(someCase.id, {
        ...nurseLicence,
        authority: 'SCFHS',
        issuedOn: '2025-01-01',
        expiresOn: '2026-04-01',
      })
    ).json<StaffLicence>();
    expect((await statusOf(licence)).status).toBe('valid');
    t.clock.advance(40 * DAY);
    const staff = await signInCaseAdmin(t);
    try {
      expect((await statusOf(licence)).status).toBe('expired');
      const listed = await t.app.inject({
        method: 'GET',
        url: `/api/caseadmin/cases/${someCase.id}/licences`,
        headers: staff.headers,
      });
      expect(listed.json<StaffLicence[]>().map((item) => item.status)).toEqual(['expired']);
    } finally {
      t.clock.set(new Date('2026-03-01T09:00:00Z'));
    }
  });

  it('when the input is wrong, then a clear 400 changes nothing', async () => {
    const someCase = await createCase(t, admin.headers);
    const cases: [object, string][] = [
      [{ ...nurseLicence, authority: 'XYZ' }, 'authority'],
      [{ ...nurseLicence, expiresOn: '2026-02-20' }, 'expiresOn'],
      [{ ...nurseLicence, issuedOn: '20/02/2026' }, 'issuedOn'],
      [{ ...nurseLicence, licenceNumber: '  ' }, 'licenceNumber'],
    ];
    for (const [payload, field] of cases) {
      const refused = await record(someCase.id, payload);
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json<{ field: string }>().field).toBe(field);
    }
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/caseadmin/cases/${someCase.id}/licences`,
      headers: admin.headers,
    });
    expect(listed.json()).toEqual([]);
    expect((await record(2_000_000_000, nurseLicence)).statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/credentials/licences/00000000-0000-4000-8000-000000000000/status',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/credentials/licences/1' })).statusCode).toBe(400);
  });

  it('when a candidate reports the real exam result, then staff record it on the case', async () => {
    const someCase = await createCase(t, admin.headers);
    const url = `/api/caseadmin/cases/${someCase.id}/exam-results`;
    const recorded = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { authority: 'DHA', takenOn: '2026-02-02', passed: true, score: 68.5 },
    });
    expect(recorded.statusCode).toBe(201);
    await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { authority: 'DHA', takenOn: '2025-11-10', passed: false },
    });
    const listed = (await t.app.inject({ method: 'GET', url, headers: admin.headers })).json<ExamResult[]>();
    expect(listed.map(({ takenOn, passed, score }) => ({ takenOn, passed, score }))).toEqual([
      { takenOn: '2026-02-02', passed: true, score: 68.5 },
      { takenOn: '2025-11-10', passed: false, score: null },
    ]);
  });

  it('when the applicant opens their case, then it lists its licences without their numbers, a revoked one as revoked', async () => {
    const someCase = await createCase(t, admin.headers, { client_email: 'amina.licence@example.test' });
    const kept = (await record(someCase.id, nurseLicence)).json<StaffLicence>();
    const withdrawn = (await record(someCase.id, { ...nurseLicence, authority: 'NMC' })).json<StaffLicence>();
    await t.app.inject({
      method: 'POST',
      url: `/api/caseadmin/licences/${withdrawn.id}/revoke`,
      headers: admin.headers,
      payload: { reason: 'Recorded on the wrong case' },
    });
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/applicant/session',
      headers: { origin: ORIGIN },
      payload: { token: await issueOneTimeToken(t.db, 'applicant-access', String(someCase.id), t.clock.now(), 3600) },
    });
    expect(session.statusCode, session.body).toBe(204);
    const cookie = session.cookies.find((c) => c.name === 'pathway_applicant')!;
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/applicant/case',
      headers: { cookie: `pathway_applicant=${cookie.value}` },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<ApplicantCase>().licences).toEqual([
      {
        id: kept.id,
        authority: 'DHA',
        licenceType: 'Registered Nurse',
        expiresOn: '2027-02-20',
        status: 'valid',
        shownOnProfile: false,
      },
      {
        id: withdrawn.id,
        authority: 'NMC',
        licenceType: 'Registered Nurse',
        expiresOn: '2027-02-20',
        status: 'revoked',
        shownOnProfile: false,
      },
    ]);
    expect(answer.body).not.toContain(nurseLicence.licenceNumber);
  });
});

describe('the configured authority list (LICENCE_AUTHORITIES)', () => {
  let t: TestApp;
  let admin: { headers: AdminHeaders; email: string };

  beforeAll(async () => {
    t = await createTestApp({ LICENCE_AUTHORITIES: 'DHA,QCHP', CASE_LOOKUP_RATE_LIMIT: '1000' });
    admin = await signInCaseAdmin(t);
  });
  afterAll(() => t.close());

  it('when an operator configures the authorities, then the screens get that list, and a licence or exam result from any other is refused with nothing stored', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json<{ licenceAuthorities: string[] }>().licenceAuthorities).toEqual(['DHA', 'QCHP']);

    const someCase = await createCase(t, admin.headers);
    const licences = `/api/caseadmin/cases/${someCase.id}/licences`;
    const results = `/api/caseadmin/cases/${someCase.id}/exam-results`;
    const licence = {
      licenceType: 'صيدلي Pharmacist',
      licenceNumber: 'QCHP-٧٧١٢',
      issuedOn: '2026-01-10',
      expiresOn: '2028-01-10',
    };
    // MOH is on the default list, not on this one.
    const refused = await t.app.inject({
      method: 'POST',
      url: licences,
      headers: admin.headers,
      payload: { ...licence, authority: 'MOH' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'authority', error: 'authority must be one of DHA, QCHP' });
    const refusedResult = await t.app.inject({
      method: 'POST',
      url: results,
      headers: admin.headers,
      payload: { authority: 'MOH', takenOn: '2025-12-01', passed: true },
    });
    expect(refusedResult.statusCode).toBe(400);
    expect(refusedResult.json()).toMatchObject({ field: 'authority' });
    expect((await t.app.inject({ method: 'GET', url: licences, headers: admin.headers })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: results, headers: admin.headers })).json()).toEqual([]);

    const accepted = await t.app.inject({
      method: 'POST',
      url: licences,
      headers: admin.headers,
      payload: { ...licence, authority: 'QCHP' },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json<StaffLicence>()).toMatchObject({ authority: 'QCHP', status: 'valid' });
    const acceptedResult = await t.app.inject({
      method: 'POST',
      url: results,
      headers: admin.headers,
      payload: { authority: 'QCHP', takenOn: '2025-12-01', passed: true },
    });
    expect(acceptedResult.statusCode).toBe(201);
  });
});
