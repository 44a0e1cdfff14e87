import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantCase } from '../../contracts/case-applicant.js';
import type { ChecklistItem } from '../../contracts/case-documents.js';
import { createCase, createService, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { checklistOf, defineDocument, sentDocument, storedFilesOf, tinyPng } from '../factories/case-documents.js';
import { multipartBody } from '../factories/network.js';
import { ACCESS_EMAIL as ACCESS_EMAIL_KIND } from '../../server/cases/applicant-access.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp-server.js';
import { createTestApp, type TestApp } from '../test-app.js';

const PUBLIC_URL = 'https://pathway.test';
// The applicant's routes take changes from the site itself only.
const ORIGIN = PUBLIC_URL;
const MINUTE = 60_000;

/** The applicant's sign-in by emailed link, their session, case page and uploads, against a real SMTP server. */
describe('applicant access', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let headers: AdminHeaders;
  let counter = 0;
  const address = () => `applicant${++counter}-${Date.now().toString(36)}@example.test`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      CASE_LOOKUP_RATE_LIMIT: '1000',
      CASE_APPLICANT_UPLOADS_PER_HOUR: '3',
      CASE_APPLICANT_SESSION_HOURS: '4',
      // A review's email waits out the undo window (as a step move's): one second here.
      CASE_STEP_UNDO_SECONDS: '1',
    });
    headers = (await signInCaseAdmin(t)).headers;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const access = (payload: object) =>
    t.app.inject({ method: 'POST', headers: { origin: ORIGIN }, url: '/api/applicant/access', payload });
  const tokenOf = (mail: ReceivedMail) =>
    new URL(mail.links.find((link) => link.includes('/casetracking/case?token=')) ?? 'https://x/').searchParams.get(
      'token',
    ) ?? '';
  /** A sign-in link email (a case created with an address also gets a "case opened" email). */
  const isAccessLink = (mail: ReceivedMail, email: string) => mail.to.includes(email) && tokenOf(mail) !== '';
  const mailJobsTo = async (email: string) =>
    (
      await t.database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1 AND data->>'compose' = $2`,
        [email, ACCESS_EMAIL_KIND],
      )
    ).rows[0]?.n;

  async function caseWithDocument(withAddress = true) {
    const email = withAddress ? address() : undefined;
    const service = await createService(t, headers, ['Filed', 'Decided']);
    const passport = await defineDocument(t, headers, service.id, 'Passport copy');
    const created = await createCase(t, headers, {
      passport_number: `PP${++counter}`,
      serviceIds: [service.id],
      ...(email ? { client_email: email } : {}),
    });
    return { service, passport, created, email };
  }

  const usedTokens = new Set<string>();
  /** Asks for the link, reads it from the mailbox and trades it for the session cookie. */
  async function signIn(created: { case_number: string; passport_number: string }, email: string): Promise<string> {
    expect(
      (await access({ caseNumber: created.case_number, passportNumber: created.passport_number })).statusCode,
    ).toBe(202);
    // The newest link: earlier ones of this address are in the mailbox too.
    const mail = await smtp.nextMessage((m) => isAccessLink(m, email) && !usedTokens.has(tokenOf(m)));
    usedTokens.add(tokenOf(mail));
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/applicant/session',
      headers: { origin: ORIGIN },
      payload: { token: tokenOf(mail) },
    });
    expect(session.statusCode, session.body).toBe(204);
    const cookie = session.cookies.find((c) => c.name === 'pathway_applicant');
    expect(cookie).toBeDefined();
    return `pathway_applicant=${cookie!.value}`;
  }

  const upload = (cookie: string, documentId: number, data: Buffer = tinyPng) => {
    const form = multipartBody([{ name: 'file', filename: 'passport.jpg', contentType: 'image/jpeg', data }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/applicant/documents/${documentId}`,
      headers: { origin: ORIGIN, cookie, ...form.headers },
      payload: form.payload,
    });
  };

  it('when the case number and passport match a case with an address, then a single-use 15-minute link is emailed and only its hash is stored', async () => {
    const { created, email } = await caseWithDocument();
    const response = await access({
      caseNumber: created.case_number.toLowerCase(),
      passportNumber: created.passport_number,
    });
    expect(response.statusCode).toBe(202);
    const mail = await smtp.nextMessage((m) => isAccessLink(m, email!));
    expect(mail.subject).toBe(`Sign in to case ${created.case_number}`);
    const token = tokenOf(mail);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).not.toContain(created.passport_number);
    const stored = await t.database.pool.query<{ token_hash: string; expires_at: Date }>(
      `SELECT token_hash, expires_at FROM one_time_tokens WHERE purpose = 'applicant-access' AND account_id = $1`,
      [String(created.id)],
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.token_hash).not.toContain(token);
    // Nor does the link sit in the mail queue: the email is written when its job runs.
    const queued = await t.database.pool.query(`SELECT 1 FROM pgboss.job WHERE data::text LIKE '%' || $1 || '%'`, [
      token,
    ]);
    expect(queued.rows).toHaveLength(0);
    expect(stored.rows[0]!.expires_at.getTime() - t.clock.now().getTime()).toBe(15 * MINUTE);

    const first = await t.app.inject({
      method: 'POST',
      headers: { origin: ORIGIN },
      url: '/api/applicant/session',
      payload: { token },
    });
    expect(first.statusCode).toBe(204);
    const cookie = first.cookies.find((c) => c.name === 'pathway_applicant')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/applicant', maxAge: 4 * 60 * 60 });
    const again = await t.app.inject({
      method: 'POST',
      headers: { origin: ORIGIN },
      url: '/api/applicant/session',
      payload: { token },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This sign-in link is not valid any more. Ask for a new one on the tracker.');
  });

  it('when the passport is wrong, the case unknown or without an address, then the answer is the same 202 and nothing is sent', async () => {
    const { created, email } = await caseWithDocument();
    const noAddress = await caseWithDocument(false);
    const answers = await Promise.all([
      access({ caseNumber: created.case_number, passportNumber: 'WRONG' }),
      access({ caseNumber: 'NO-SUCH-CASE', passportNumber: 'X' }),
      access({ caseNumber: noAddress.created.case_number, passportNumber: noAddress.created.passport_number }),
    ]);
    const good = await access({ caseNumber: created.case_number, passportNumber: created.passport_number });
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe(good.body);
    }
    expect(await mailJobsTo(email!)).toBe(1);
    const tokens = await t.database.pool.query(
      `SELECT 1 FROM one_time_tokens WHERE purpose = 'applicant-access' AND account_id = $1`,
      [String(noAddress.created.id)],
    );
    expect(tokens.rows).toHaveLength(0);
    expect((await access({ caseNumber: created.case_number })).statusCode).toBe(400);
  });

  it('when the link is older than 15 minutes, or a newer one was sent, then it opens nothing', async () => {
    const { created, email } = await caseWithDocument();
    await access({ caseNumber: created.case_number, passportNumber: created.passport_number });
    const old = tokenOf(await smtp.nextMessage((m) => isAccessLink(m, email!)));
    t.clock.advance(16 * MINUTE);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          headers: { origin: ORIGIN },
          url: '/api/applicant/session',
          payload: { token: old },
        })
      ).statusCode,
    ).toBe(400);

    await access({ caseNumber: created.case_number, passportNumber: created.passport_number });
    const replaced = tokenOf(await smtp.nextMessage((m) => isAccessLink(m, email!) && tokenOf(m) !== old));
    t.clock.advance(2 * MINUTE);
    await access({ caseNumber: created.case_number, passportNumber: created.passport_number });
    const newest = tokenOf(
      await smtp.nextMessage((m) => isAccessLink(m, email!) && ![old, replaced].includes(tokenOf(m))),
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          headers: { origin: ORIGIN },
          url: '/api/applicant/session',
          payload: { token: replaced },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          headers: { origin: ORIGIN },
          url: '/api/applicant/session',
          payload: { token: newest },
        })
      ).statusCode,
    ).toBe(204);
  });

  it('when signed in, then the case page shows the services with their steps and the checklist; after hours or sign-out it is 401', async () => {
    const { created, email, service } = await caseWithDocument();
    const cookie = await signIn(created, email!);
    const page = await t.app.inject({ method: 'GET', url: '/api/applicant/case', headers: { cookie } });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const body = page.json<ApplicantCase>();
    expect(body).toMatchObject({ caseNumber: created.case_number, status: 'Under Review' });
    expect(body.servicesSubscribed).toEqual([
      expect.objectContaining({ serviceName: service.name, currentStep: 'Filed' }),
    ]);
    expect(body.documents).toEqual([expect.objectContaining({ name: 'Passport copy', status: 'requested' })]);
    expect(JSON.stringify(body)).not.toContain(created.passport_number);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/applicant/logout',
      headers: { origin: ORIGIN, cookie },
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === 'pathway_applicant')?.value).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/applicant/case', headers: { cookie } })).statusCode).toBe(
      401,
    );

    t.clock.advance(2 * MINUTE);
    const later = await signIn(created, email!);
    t.clock.advance(4 * 60 * MINUTE + 1);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/applicant/case', headers: { cookie: later } })).statusCode,
    ).toBe(401);
  });

  it('when the applicant sends a photo and staff reject it, then the applicant reads the reason, gets an email with it, sends another, and all-accepted is emailed', async () => {
    const { created, email, passport } = await caseWithDocument();
    const cookie = await signIn(created, email!);
    const sent = await upload(cookie, passport.id);
    expect(sent.statusCode, sent.body).toBe(201);
    const item = sent.json<ChecklistItem>();
    expect(item).toMatchObject({ status: 'uploaded', contentType: 'image/png' });
    const events = (await t.app.inject({ method: 'GET', url: `/api/caseadmin/cases/${created.id}`, headers })).json<{
      events: { summary: string; changedBy: string }[];
    }>().events;
    expect(events).toContainEqual(
      expect.objectContaining({
        summary: expect.stringMatching(/^Passport copy \(.*\) sent by the applicant$/),
        changedBy: 'applicant',
      }),
    );

    await t.app.inject({
      method: 'POST',
      url: `/api/caseadmin/documents/${item.id}/review`,
      headers,
      payload: { decision: 'rejected', reason: 'The photo is blurred' },
    });
    const rejection = await smtp.nextMessage((m) => m.to.includes(email!) && m.subject.startsWith('Please send'));
    expect(rejection.subject).toBe(`Please send Passport copy again (case ${created.case_number})`);
    expect(rejection.text).toContain('Why: The photo is blurred');
    expect(rejection.links).toContain(`${PUBLIC_URL}/casetracking/case`);
    const page = (
      await t.app.inject({ method: 'GET', url: '/api/applicant/case', headers: { cookie } })
    ).json<ApplicantCase>();
    expect(page.documents[0]).toMatchObject({ status: 'rejected', reason: 'The photo is blurred' });

    expect((await upload(cookie, passport.id)).statusCode).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: `/api/caseadmin/documents/${item.id}/review`,
      headers,
      payload: { decision: 'accepted' },
    });
    const done = await smtp.nextMessage((m) => m.to.includes(email!) && m.subject.startsWith('All documents'));
    expect(done.subject).toBe(`All documents accepted (case ${created.case_number})`);
    expect((await checklistOf(t, headers, created.id))[0]!.status).toBe('accepted');
  });

  it('when a case sends more files in an hour than allowed, then 429 until the hour is over, and nothing more is stored', async () => {
    const { created, email, passport } = await caseWithDocument();
    const cookie = await signIn(created, email!);
    for (let i = 0; i < 3; i++) expect((await upload(cookie, passport.id)).statusCode).toBe(201);
    const refused = await upload(cookie, passport.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(
      /^This case has sent 3 files in the last hour\. Please try again in \d+ minutes?\.$/,
    );
    expect(await storedFilesOf(t, created.id)).toHaveLength(1);
  });

  describe('languages', () => {
    it('when the request reads Arabic, then the sign-in email is Arabic; a body naming Hindi wins over the header; the document emails follow the last one', async () => {
      const { created, email, passport } = await caseWithDocument();
      const numbers = { caseNumber: created.case_number, passportNumber: created.passport_number };
      const arabic = await t.app.inject({
        method: 'POST',
        url: '/api/applicant/access',
        headers: { origin: ORIGIN, 'accept-language': 'fr;q=0.9, ar-SA;q=0.8, en;q=0.1' },
        payload: numbers,
      });
      expect(arabic.statusCode).toBe(202);
      const mail = await smtp.nextMessage((m) => isAccessLink(m, email!));
      // Values in an Arabic email are isolated (U+2068 … U+2069), so they keep their order.
      expect(mail.subject).toBe(`تسجيل الدخول إلى الملف \u2068${created.case_number}\u2069`);
      expect(mail.text).toContain('يعمل الرابط مرة واحدة خلال \u206815\u2069 دقيقة');
      // In the shared layout, mirrored: the button reads Arabic and the page runs right to left.
      expect(mail.html).toMatch(/<html[^>]*dir="rtl"/);
      expect(mail.html).toContain('>افتح ملفي<');
      usedTokens.add(tokenOf(mail));

      t.clock.advance(2 * MINUTE);
      await t.app.inject({
        method: 'POST',
        url: '/api/applicant/access',
        headers: { origin: ORIGIN, 'accept-language': 'ar' },
        payload: { ...numbers, language: 'hi' },
      });
      const hindi = await smtp.nextMessage((m) => isAccessLink(m, email!) && !usedTokens.has(tokenOf(m)));
      expect(hindi.subject).toBe(`केस ${created.case_number} में साइन इन करें`);
      usedTokens.add(tokenOf(hindi));

      const item = await sentDocument(t, headers, created.id, passport.id);
      await t.app.inject({
        method: 'POST',
        url: `/api/caseadmin/documents/${item.id}/review`,
        headers,
        payload: { decision: 'rejected', reason: 'धुंधली फ़ोटो' },
      });
      const rejection = await smtp.nextMessage((m) => m.to.includes(email!) && m.subject.includes('फिर से भेजें'));
      expect(rejection.subject).toBe(`कृपया Passport copy फिर से भेजें (केस ${created.case_number})`);
      expect(rejection.text).toContain('कारण: धुंधली फ़ोटो');
      // The day it was sent, written the Hindi way by Intl.
      expect(rejection.text).toContain(
        `${new Intl.DateTimeFormat('hi', { dateStyle: 'long', timeZone: 'UTC' }).format(t.clock.now())} को`,
      );

      expect((await access({ ...numbers, language: 'fr' })).statusCode).toBe(400);
    });

    it('when a tracker subscription comes from an Arabic page, then its confirmation email is Arabic and the language is stored with it', async () => {
      const { created } = await caseWithDocument();
      const subscriber = address();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/progress/subscribe',
        payload: {
          caseNumber: created.case_number,
          passportNumber: created.passport_number,
          email: subscriber,
          language: 'ar',
        },
      });
      expect(response.statusCode).toBe(202);
      const mail = await smtp.nextMessage((m) => m.to.includes(subscriber));
      expect(mail.subject).toBe(`تأكيد رسائل التحديثات للملف \u2068${created.case_number}\u2069`);
      const stored = await t.database.pool.query<{ language: string }>(
        'SELECT language FROM case_notification_recipients WHERE email = $1',
        [subscriber],
      );
      expect(stored.rows).toEqual([{ language: 'ar' }]);
    });
  });

  describe('attacks', () => {
    it("when a session of one case names another case's document, then 404 and the other case is untouched", async () => {
      const mine = await caseWithDocument();
      const theirs = await caseWithDocument();
      const cookie = await signIn(mine.created, mine.email!);
      const response = await upload(cookie, theirs.passport.id);
      expect(response.statusCode).toBe(404);
      expect((await checklistOf(t, headers, theirs.created.id))[0]!.status).toBe('requested');
      expect(await storedFilesOf(t, theirs.created.id)).toEqual([]);
      // The session reads only its own case, whatever the request says.
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/applicant/case?caseId=${theirs.created.id}`,
        headers: { cookie },
      });
      expect(page.json<ApplicantCase>().caseNumber).toBe(mine.created.case_number);
    });

    it('when there is no cookie, a made-up one, or a staff bearer token, then the applicant routes are 401 and nothing is stored', async () => {
      const { created, passport } = await caseWithDocument();
      for (const requestHeaders of [
        {},
        { cookie: 'pathway_applicant=made-up' },
        { cookie: `pathway_applicant=${'x'.repeat(500)}` },
        headers,
      ]) {
        expect(
          (await t.app.inject({ method: 'GET', url: '/api/applicant/case', headers: requestHeaders })).statusCode,
        ).toBe(401);
        const form = multipartBody([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: tinyPng }]);
        const sent = await t.app.inject({
          method: 'POST',
          url: `/api/applicant/documents/${passport.id}`,
          headers: { origin: ORIGIN, ...requestHeaders, ...form.headers },
          payload: form.payload,
        });
        expect(sent.statusCode).toBe(401);
      }
      expect(await storedFilesOf(t, created.id)).toEqual([]);
    });

    it('when an applicant session calls the staff routes, then 401: the cookie is no staff credential', async () => {
      const { created, email, passport } = await caseWithDocument();
      const cookie = await signIn(created, email!);
      const item = await sentDocument(t, headers, created.id, passport.id);
      for (const [method, url] of [
        ['GET', `/api/caseadmin/cases/${created.id}`],
        ['GET', `/api/caseadmin/documents/${item.id}/file`],
        ['GET', '/api/caseadmin/documents'],
      ] as const) {
        expect((await t.app.inject({ method, url, headers: { cookie } })).statusCode).toBe(401);
      }
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/caseadmin/documents/${item.id}/review`,
            headers: { cookie },
            payload: { decision: 'accepted' },
          })
        ).statusCode,
      ).toBe(401);
    });

    it('when the access request comes faster than the lookup allows, then 429, counted with the lookups', async () => {
      const limited = await createTestApp({ CASE_LOOKUP_RATE_LIMIT: '3' });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 2; i++)
          statuses.push(
            (await limited.app.inject({ method: 'GET', url: '/api/progress?caseNumber=A&passportNumber=B' }))
              .statusCode,
          );
        for (let i = 0; i < 2; i++)
          statuses.push(
            (
              await limited.app.inject({
                method: 'POST',
                url: '/api/applicant/access',
                headers: { origin: 'http://localhost' },
                payload: { caseNumber: 'A', passportNumber: 'B' },
              })
            ).statusCode,
          );
        expect(statuses).toEqual([404, 404, 202, 429]);
      } finally {
        await limited.close();
      }
    });
  });
});
