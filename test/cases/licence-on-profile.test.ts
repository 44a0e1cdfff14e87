import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantLicence, StaffLicence } from '../../contracts/case-licences.js';
import type { MemberProfile } from '../../contracts/network.js';
import type { LinkCode } from '../../contracts/person-links.js';
import { createCase, signInApplicant, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { signUpMember, type TestMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

const ORIGIN = 'https://pathway.test';

/** Issue 41: the applicant chooses to show the case's licence on their network profile, and it leaves by itself. */
describe('the licence on the profile', () => {
  let t: TestApp;
  let admin: { headers: AdminHeaders };
  let viewer: TestMember;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: ORIGIN, CASE_LOOKUP_RATE_LIMIT: '1000' });
    t.clock.set(new Date('2026-03-01T09:00:00Z'));
    admin = await signInCaseAdmin(t);
    viewer = await signUpMember(t);
  });
  afterAll(() => t.close());

  const address = () => `licensed${++n}.${Date.now().toString(36)}@example.test`;
  const licence = (caseId: number, expiresOn = '2027-02-20') =>
    t.app
      .inject({
        method: 'POST',
        url: `/api/caseadmin/cases/${caseId}/licences`,
        headers: admin.headers,
        payload: {
          authority: 'DHA',
          licenceType: 'ممرضة مسجلة Registered Nurse',
          licenceNumber: `DHA-RN-${++n}`,
          issuedOn: '2026-02-20',
          expiresOn,
        },
      })
      .then((response) => response.json<StaffLicence>());
  const show = (headers: Record<string, string>, id: number, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/applicant/licences/${id}/profile`, headers, payload: payload as object });
  const badgesOf = async (member: TestMember) => {
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/network/members/${member.user.username}`,
      headers: viewer.headers,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    return profile.json<MemberProfile>().verifiedLicences;
  };

  it('when she shows the licence, then her profile carries it until staff revoke it', async () => {
    const email = address();
    const member = await signUpMember(t, { email, verified: true });
    const someCase = await createCase(t, admin.headers, { client_email: email });
    const recorded = await licence(someCase.id);
    const applicant = await signInApplicant(t, someCase.id, ORIGIN);
    expect(await badgesOf(member)).toEqual([]);

    const shown = await show(applicant, recorded.id, { show: true });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<ApplicantLicence>()).toMatchObject({ id: recorded.id, shownOnProfile: true, status: 'valid' });
    expect(await badgesOf(member)).toEqual([
      {
        authority: 'DHA',
        licenceType: 'ممرضة مسجلة Registered Nurse',
        expiresOn: '2027-02-20',
        status: 'valid',
        credentialUrl: recorded.credentialUrl,
        verifyUrl: recorded.verifyUrl,
      },
    ]);

    await t.app.inject({
      method: 'POST',
      url: `/api/caseadmin/licences/${recorded.id}/revoke`,
      headers: admin.headers,
      payload: { reason: 'Withdrawn by the authority' },
    });
    expect(await badgesOf(member)).toEqual([]);
    // Once revoked, it cannot be shown again.
    expect((await show(applicant, recorded.id, { show: true })).statusCode).toBe(409);
  });

  it('when she takes it off, unlinks, or it expires, then the profile no longer carries it', async () => {
    const email = address();
    const member = await signUpMember(t, { email, verified: true });
    const someCase = await createCase(t, admin.headers, { client_email: email });
    const applicant = await signInApplicant(t, someCase.id, ORIGIN);
    const first = await licence(someCase.id);
    expect((await show(applicant, first.id, { show: true })).statusCode).toBe(200);
    expect((await show(applicant, first.id, { show: false })).json<ApplicantLicence>().shownOnProfile).toBe(false);
    expect(await badgesOf(member)).toEqual([]);

    // Taking the link off takes the licence off the profile with it.
    expect((await show(applicant, first.id, { show: true })).statusCode).toBe(200);
    const unlinked = await t.app.inject({
      method: 'DELETE',
      url: `/api/network/me/links/cases/${someCase.id}`,
      headers: member.headers,
    });
    expect(unlinked.statusCode, unlinked.body).toBe(204);
    expect(await badgesOf(member)).toEqual([]);

    // Linked again (by the address), a licence that expires leaves the profile at its expiry date.
    const soon = await licence(someCase.id, '2026-03-02');
    expect((await show(applicant, soon.id, { show: true })).statusCode).toBe(200);
    expect((await badgesOf(member)).map((badge) => badge.expiresOn).sort()).toEqual(['2026-03-02', '2027-02-20']);
    t.clock.set(new Date('2026-03-02T00:00:00Z'));
    expect((await badgesOf(member)).map((badge) => badge.expiresOn)).toEqual(['2027-02-20']);
    t.clock.set(new Date('2026-03-01T09:00:00Z'));
  });

  it('when no network member has proved the case address, then 409 says what to do; a code links one', async () => {
    const someCase = await createCase(t, admin.headers, { client_email: address() });
    const applicant = await signInApplicant(t, someCase.id, ORIGIN);
    const recorded = await licence(someCase.id);
    // A member with another address, and one with the case's address but unverified, are not hers.
    await signUpMember(t, { email: someCase.client_email ?? undefined });
    const refused = await show(applicant, recorded.id, { show: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'NO_LINKED_MEMBER',
      error: expect.stringContaining('join the network'),
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/applicant/case', headers: applicant })).json(),
    ).toMatchObject({
      licences: [{ id: recorded.id, shownOnProfile: false }],
    });

    // Signed in to her member account under another address, she links it with a code from the case.
    const member = await signUpMember(t, { email: address(), verified: true });
    const { code } = (
      await t.app.inject({ method: 'POST', url: '/api/applicant/links/codes', headers: applicant })
    ).json<LinkCode>();
    await t.app.inject({ method: 'POST', url: '/api/network/me/links', headers: member.headers, payload: { code } });
    expect((await show(applicant, recorded.id, { show: true })).statusCode).toBe(200);
    expect(await badgesOf(member)).toHaveLength(1);
  });

  it("when the licence is another case's, or the input is bad, then it is refused and nothing changes", async () => {
    const email = address();
    await signUpMember(t, { email, verified: true });
    const mine = await createCase(t, admin.headers, { client_email: email });
    const theirs = await createCase(t, admin.headers, { client_email: email });
    const theirLicence = await licence(theirs.id);
    const applicant = await signInApplicant(t, mine.id, ORIGIN);
    expect((await show(applicant, theirLicence.id, { show: true })).statusCode).toBe(404);
    for (const payload of [{}, { show: 'yes' }, { show: true, extra: 1 }, null])
      expect((await show(applicant, theirLicence.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect((await show(applicant, 0, { show: true })).statusCode).toBe(400);
    // Staff cannot show it for her: their token is no applicant's sign-in.
    expect((await show({ ...admin.headers, origin: ORIGIN }, theirLicence.id, { show: true })).statusCode).toBe(401);
    const stored = await t.database.pool.query('SELECT shown_on_profile FROM case_licences WHERE id = $1', [
      theirLicence.id,
    ]);
    expect(stored.rows).toEqual([{ shown_on_profile: false }]);
  });
});
