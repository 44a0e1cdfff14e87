import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseDetails } from '../../contracts/cases.js';
import { issueOneTimeToken } from '../../server/platform/one-time-tokens.js';
import { createCase, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { SAME_ORIGIN } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * The fourth review's "access survives a correction" (issue 35): when staff corrected a case's
 * email address or passport number, the old address's applicant sessions and unused sign-in links
 * kept working, and one replaced a document awaiting review. A correction of either now ends every
 * applicant session and link of the case in the same transaction, and staff can end them at will.
 */

describe('applicant access after staff correct a case', () => {
  let t: TestApp;
  let headers: AdminHeaders;
  let adminEmail: string;

  beforeAll(async () => {
    t = await createTestApp({ CASE_LOOKUP_RATE_LIMIT: '1000' });
    const admin = await signInCaseAdmin(t);
    headers = admin.headers;
    adminEmail = admin.email;
  });
  afterAll(() => t.close());

  /** A signed-in applicant of a new case (its cookie) and an unused sign-in link of the same case. */
  async function applicantOf(body: { client_email: string; passport_number: string }) {
    const created = await createCase(t, headers, body);
    const used = await issueOneTimeToken(t.db, 'applicant-access', String(created.id), t.clock.now(), 900);
    const session = await t.app.inject({
      method: 'POST',
      headers: { origin: SAME_ORIGIN },
      url: '/api/applicant/session',
      payload: { token: used },
    });
    expect(session.statusCode).toBe(204);
    const cookie = `pathway_applicant=${session.cookies.find((c) => c.name === 'pathway_applicant')?.value}`;
    const unused = await issueOneTimeToken(t.db, 'applicant-access', String(created.id), t.clock.now(), 900);
    expect((await caseAs(cookie)).statusCode).toBe(200);
    return { created, cookie, unused };
  }
  const caseAs = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/applicant/case', headers: { cookie } });
  const trade = (token: string) =>
    t.app.inject({
      method: 'POST',
      headers: { origin: SAME_ORIGIN },
      url: '/api/applicant/session',
      payload: { token },
    });
  const correct = (id: number, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/caseadmin/cases/${id}/services`,
      headers,
      payload: { serviceIds: [], ...body },
    });
  const eventsOf = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/caseadmin/cases/${id}`, headers })).json<CaseDetails>().events;

  it.each([
    ['the email address', { client_email: 'new.address@example.test' }],
    ['the passport number', { passport_number: 'CORRECTED1', reason: 'Typo at intake' }],
  ])(
    'when staff correct %s, then the applicant’s session and unused link stop working at once',
    async (_what, body) => {
      const { created, cookie, unused } = await applicantOf({
        client_email: `old-${Date.now().toString(36)}@example.test`,
        passport_number: `OLD${Date.now().toString(36)}`,
      });
      expect((await correct(created.id, body)).statusCode).toBe(200);

      expect((await caseAs(cookie)).statusCode).toBe(401);
      expect((await trade(unused)).statusCode).toBe(400);
      expect((await eventsOf(created.id)).map((event) => event.summary)).toContainEqual(
        expect.stringMatching(/^Ended the applicant's sign-ins/),
      );
    },
  );

  it('when staff change neither, then the applicant stays signed in', async () => {
    const { created, cookie, unused } = await applicantOf({
      client_email: `same-${Date.now().toString(36)}@example.test`,
      passport_number: `SAME${Date.now().toString(36)}`,
    });
    expect((await correct(created.id, { client_name: 'Renamed Client', reason: 'Married name' })).statusCode).toBe(200);
    expect((await caseAs(cookie)).statusCode).toBe(200);
    expect((await trade(unused)).statusCode).toBe(204);
  });

  it('when staff end the applicant’s sign-ins, then every session and link of that case stops, others do not, and the history says who did it', async () => {
    const one = await applicantOf({ client_email: 'one@example.test', passport_number: `ONE${Date.now()}` });
    const other = await applicantOf({ client_email: 'other@example.test', passport_number: `OTH${Date.now()}` });

    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/caseadmin/cases/${one.created.id}/applicant-sign-ins`,
      headers,
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ message: 'Ended 1 sign-in and 1 unused sign-in link of the applicant' });

    expect((await caseAs(one.cookie)).statusCode).toBe(401);
    expect((await trade(one.unused)).statusCode).toBe(400);
    expect((await caseAs(other.cookie)).statusCode).toBe(200);
    const event = (await eventsOf(one.created.id)).find((entry) => entry.kind === 'applicant sign-ins ended');
    expect(event).toMatchObject({ changedBy: adminEmail, summary: expect.stringMatching(/^Ended the applicant's/) });

    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/caseadmin/cases/999999/applicant-sign-ins',
      headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});
