import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCase, CaseAdminSummary, CaseDetails, CaseNote } from '../../contracts/cases.js';
import { issueOneTimeToken } from '../../server/platform/one-time-tokens.js';
import {
  createCase,
  createService,
  getCase,
  signInCaseAdmin,
  snapshotCasesTables,
  type AdminHeaders,
} from '../factories/cases.js';
import { mailQueueSettled } from '../attack/support.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { createTestApp, type TestApp } from '../test-app.js';

// The applicant's routes take changes from the site itself only (its PUBLIC_URL).
const ORIGIN = 'https://pathway.test';

const HOUR = 60 * 60_000;

/** A recruiter's everyday extras: a case owner, internal notes, the tracker link sent again. */
describe('case owner, internal notes and tracker link', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let me: { headers: AdminHeaders; email: string };
  let colleague: { headers: AdminHeaders; email: string };
  let counter = 0;
  const address = () => `extras${++counter}-${Date.now().toString(36)}@example.test`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN, CASE_LOOKUP_RATE_LIMIT: '1000' });
    me = await signInCaseAdmin(t);
    colleague = await signInCaseAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const admins = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/caseadmin/admins', headers: me.headers })).json<
      CaseAdminSummary[]
    >();
  const idOf = async (email: string) => (await admins()).find((admin) => admin.email === email)!.id;
  const list = (query: string, headers = me.headers) =>
    t.app.inject({ method: 'GET', url: `/api/caseadmin/cases?${query}`, headers });
  const details = async (id: number) => (await getCase(t, me.headers, id)) as unknown as CaseDetails;
  const edit = (id: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/caseadmin/cases/${id}/services`, headers: me.headers, payload });

  describe('case owner', () => {
    it('when a case is created, then its creator owns it unless another admin or nobody is named, and the list and details say who', async () => {
      const colleagueId = await idOf(colleague.email);
      const mine = await createCase(t, me.headers, { client_name: 'Owned Mine' });
      const theirs = await createCase(t, me.headers, { client_name: 'Owned Theirs', ownerId: colleagueId });
      const nobodys = await createCase(t, me.headers, { client_name: 'Owned Nobody', ownerId: null });
      // Ours beside id and email: the name applicants see, none until the admin sets it.
      expect(mine.owner).toEqual({ id: await idOf(me.email), email: me.email, name: null });
      expect(theirs.owner).toEqual({ id: colleagueId, email: colleague.email, name: null });
      expect(nobodys.owner).toBeNull();

      const listed = (await list(`search=${encodeURIComponent('Owned ')}`)).json<AdminCase[]>();
      expect(Object.fromEntries(listed.map((row) => [row.client_name, row.owner?.email ?? null]))).toEqual({
        'Owned Mine': me.email,
        'Owned Theirs': colleague.email,
        'Owned Nobody': null,
      });
      expect((await details(theirs.id)).events.at(-1)?.summary).toBe(
        `Case created without services, owned by ${colleague.email}`,
      );
    });

    it('when the list is filtered by owner (me, an admin id, none), then only those cases are listed, and the total counts them', async () => {
      const tag = `Flt${Date.now().toString(36)}`;
      const colleagueId = await idOf(colleague.email);
      const mine = await createCase(t, me.headers, { client_name: `${tag} a` });
      const theirs = await createCase(t, colleague.headers, { client_name: `${tag} b` });
      const nobodys = await createCase(t, me.headers, { client_name: `${tag} c`, ownerId: null });
      const idsOf = async (query: string, headers = me.headers) => {
        const response = await list(`search=${tag}&${query}`, headers);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['x-total-count']).toBe(String(response.json<AdminCase[]>().length));
        return response.json<AdminCase[]>().map((row) => row.id);
      };
      expect(await idsOf('owner=me')).toEqual([mine.id]);
      expect(await idsOf('owner=me', colleague.headers)).toEqual([theirs.id]);
      expect(await idsOf(`owner=${colleagueId}`)).toEqual([theirs.id]);
      expect(await idsOf('owner=none')).toEqual([nobodys.id]);
      expect((await idsOf('')).toSorted()).toEqual([mine.id, theirs.id, nobodys.id].toSorted());
      // The export takes the same filter.
      const exported = await t.app.inject({
        method: 'GET',
        url: `/api/caseadmin/cases/export?search=${tag}&owner=me`,
        headers: me.headers,
      });
      expect(exported.body).toContain(mine.case_number);
      expect(exported.body).not.toContain(theirs.case_number);

      for (const bad of ['owner=someone', 'owner=-1', 'owner=']) {
        const refused = await list(bad);
        expect(refused.statusCode, bad).toBe(400);
        expect(refused.json<{ error: string }>().error).toMatch(/owner/i);
      }
    });

    it('when the owner is changed or removed, then the history says so; an unknown owner is a 400 about ownerId and changes nothing', async () => {
      const created = await createCase(t, me.headers);
      const colleagueId = await idOf(colleague.email);
      const moved = await edit(created.id, { serviceIds: [], ownerId: colleagueId });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json<AdminCase>().owner).toEqual({ id: colleagueId, email: colleague.email, name: null });
      expect((await edit(created.id, { serviceIds: [], ownerId: null })).json<AdminCase>().owner).toBeNull();
      expect((await details(created.id)).events.slice(0, 2).map((event) => event.summary)).toEqual([
        'Owner removed',
        `Owner set to ${colleague.email}`,
      ]);

      const before = await snapshotCasesTables(t);
      for (const send of [
        () => edit(created.id, { serviceIds: [], ownerId: 2_000_000_000 }),
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/caseadmin/cases',
            headers: me.headers,
            payload: { passport_number: 'P', client_name: 'C', ownerId: 2_000_000_000 },
          }),
      ]) {
        const refused = await send();
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({
          field: 'ownerId',
          error: 'Choose the owner among the staff: there is no such admin',
        });
      }
      const badType = await edit(created.id, { serviceIds: [], ownerId: 'me' });
      expect(badType.statusCode).toBe(400);
      expect(badType.json()).toMatchObject({ field: 'ownerId' });
      expect(await snapshotCasesTables(t)).toEqual(before);
    });
  });

  describe('internal notes', () => {
    const notes = (caseId: number | string, query = '', headers: AdminHeaders | Record<string, never> = me.headers) =>
      t.app.inject({ method: 'GET', url: `/api/caseadmin/cases/${caseId}/notes${query}`, headers });
    const addNote = (
      caseId: number | string,
      payload: unknown,
      headers: AdminHeaders | Record<string, never> = me.headers,
    ) =>
      t.app.inject({
        method: 'POST',
        url: `/api/caseadmin/cases/${caseId}/notes`,
        headers,
        payload: payload as object,
      });

    it('when staff write notes, then they are listed newest first with author and time, paged, with the total', async () => {
      const created = await createCase(t, me.headers);
      for (let i = 1; i <= 3; i++) {
        const added = await addNote(
          created.id,
          { body: `  Note ${i}\nsecond line  ` },
          i === 2 ? colleague.headers : me.headers,
        );
        expect(added.statusCode, added.body).toBe(201);
        expect(added.json<CaseNote>()).toEqual({
          id: expect.any(Number),
          body: `Note ${i}\nsecond line`,
          author: i === 2 ? colleague.email : me.email,
          createdAt: t.clock.now().toISOString(),
        });
        t.clock.advance(60_000);
      }
      const first = await notes(created.id, '?pageSize=2');
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-total-count']).toBe('3');
      expect(first.json<CaseNote[]>().map((note) => [note.body.split('\n')[0], note.author])).toEqual([
        ['Note 3', me.email],
        ['Note 2', colleague.email],
      ]);
      expect(
        (await notes(created.id, '?pageSize=2&page=2')).json<CaseNote[]>().map((note) => note.body.split('\n')[0]),
      ).toEqual(['Note 1']);
    });

    it('when a note is empty, too long, for an unknown case or unauthenticated, then 4xx says why and nothing is stored', async () => {
      const created = await createCase(t, me.headers);
      for (const payload of [
        {},
        { body: '   ' },
        { body: 'x'.repeat(4001) },
        { body: 'a\u0000b' },
        { body: 'ok', extra: 1 },
        { body: 7 },
      ]) {
        const refused = await addNote(created.id, payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
        expect(refused.json<{ error: string }>().error).toBeTruthy();
      }
      expect((await addNote(2_000_000_000, { body: 'lost' })).statusCode).toBe(404);
      expect((await notes(2_000_000_000)).statusCode).toBe(404);
      expect((await addNote(created.id, { body: 'anonymous' }, {})).statusCode).toBe(401);
      expect((await notes(created.id, '', {})).statusCode).toBe(401);
      expect((await notes(created.id, '?pageSize=1000')).statusCode).toBe(400);
      expect((await notes(created.id)).headers['x-total-count']).toBe('0');
    });

    it('when a case has a note, then no applicant, tracker or subscriber answer carries it (attack)', async () => {
      const service = await createService(t, me.headers, ['Filed', 'Decided']);
      const email = address();
      const created = await createCase(t, me.headers, { client_email: email, serviceIds: [service.id] });
      const secret = `SECRET-NOTE-${Date.now().toString(36)}`;
      expect((await addNote(created.id, { body: `Client owes fees ${secret}` })).statusCode).toBe(201);

      const answers: string[] = [];
      const lookup = await t.app.inject({
        method: 'GET',
        url: `/api/progress?caseNumber=${created.case_number}&passportNumber=${created.passport_number}`,
      });
      expect(lookup.statusCode, lookup.body).toBe(200);
      answers.push(lookup.body);
      const subscribed = await t.app.inject({
        method: 'POST',
        url: '/api/progress/subscribe',
        payload: { caseNumber: created.case_number, passportNumber: created.passport_number, email: address() },
      });
      answers.push(subscribed.body);
      const token = await issueOneTimeToken(t.db, 'applicant-access', String(created.id), t.clock.now(), 3600);
      const session = await t.app.inject({
        method: 'POST',
        headers: { origin: ORIGIN },
        url: '/api/applicant/session',
        payload: { token },
      });
      answers.push(session.body);
      const cookie = session.cookies.find((c) => c.name === 'pathway_applicant');
      expect(cookie).toBeDefined();
      const page = await t.app.inject({
        method: 'GET',
        url: '/api/applicant/case',
        headers: { cookie: `pathway_applicant=${cookie!.value}` },
      });
      expect(page.statusCode, page.body).toBe(200);
      answers.push(page.body, JSON.stringify(page.headers));
      // The step change's email and the tracker link's: what the applicant is sent.
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/caseadmin/cases/${created.id}/tracker-link`,
            headers: me.headers,
          })
        ).statusCode,
      ).toBe(202);
      const mail = await smtp.nextMessage((m) => m.to.includes(email) && m.subject.includes('tracker link'));
      answers.push(mail.text, mail.html ?? '');

      for (const answer of answers) expect(answer).not.toContain(secret);
      // …while staff see it.
      expect((await notes(created.id)).body).toContain(secret);
    });
  });

  describe('resend tracker link', () => {
    const resend = (caseId: number | string, headers: AdminHeaders | Record<string, never> = me.headers) =>
      t.app.inject({ method: 'POST', url: `/api/caseadmin/cases/${caseId}/tracker-link`, headers });

    it("when staff resend the tracker link, then the applicant's email gets the case number and link, and the history records it", async () => {
      const email = address();
      const created = await createCase(t, me.headers, { client_email: email });
      const sent = await resend(created.id);
      expect(sent.statusCode, sent.body).toBe(202);
      expect(sent.json()).toEqual({ message: `Tracker link sent to ${email}` });
      const mail = await smtp.nextMessage(
        (m) => m.to.includes(email) && m.subject === `The tracker link of your case ${created.case_number}`,
      );
      expect(mail.text).toContain(`https://pathway.test/casetracking?case=${created.case_number}`);
      expect(mail.text).not.toContain(created.passport_number);
      expect((await details(created.id)).events[0]).toMatchObject({
        kind: 'tracker link sent',
        summary: `Sent the tracker link to the applicant (${email})`,
        changedBy: me.email,
      });
    });

    it('when the link was resent 3 times within the hour, then a fourth is refused with 429 until the hour has passed', async () => {
      const created = await createCase(t, me.headers, { client_email: address() });
      for (let i = 0; i < 3; i++) {
        expect((await resend(created.id)).statusCode).toBe(202);
        t.clock.advance(10 * 60_000);
      }
      const refused = await resend(created.id);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ error: string }>().error).toBe(
        'The tracker link was sent 3 times in the last hour: try again later',
      );
      expect((await details(created.id)).events.filter((event) => event.kind === 'tracker link sent')).toHaveLength(3);
      t.clock.advance(HOUR - 30 * 60_000 + 1);
      expect((await resend(created.id)).statusCode).toBe(202);
    });

    it('when the case has no applicant email, the applicant unsubscribed, the case is unknown or the caller is not staff, then nothing is sent', async () => {
      const without = await createCase(t, me.headers);
      const noEmail = await resend(without.id);
      expect(noEmail.statusCode).toBe(409);
      expect(noEmail.json<{ error: string }>().error).toBe('The case has no applicant email: add one first');

      const email = address();
      const unsubscribed = await createCase(t, me.headers, { client_email: email });
      await t.database.pool.query(
        `UPDATE case_notification_recipients SET unsubscribed_at = now() WHERE case_id = $1`,
        [unsubscribed.id],
      );
      const refused = await resend(unsubscribed.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ error: string }>().error).toContain('unsubscribed');

      expect((await resend(2_000_000_000)).statusCode).toBe(404);
      expect((await resend(without.id, {})).statusCode).toBe(401);
      for (const id of [without.id, unsubscribed.id])
        expect((await details(id)).events.some((event) => event.kind === 'tracker link sent')).toBe(false);
      await mailQueueSettled(t);
      expect(smtp.messages.filter((m) => m.to.includes(email) && m.subject.startsWith('The tracker link'))).toEqual([]);
    });
  });
});
