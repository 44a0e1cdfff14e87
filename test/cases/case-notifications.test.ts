import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseDetails } from '../../contracts/cases.js';
import {
  changeStep,
  createCase,
  createService,
  createStep,
  getCase,
  signInCaseAdmin,
  type AdminHeaders,
} from '../factories/cases.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp-server.js';
import { createTestApp, type TestApp } from '../test-app.js';

const PUBLIC_URL = 'https://pathway.test';

/**
 * The notification rules end to end: step changes queue a delayed job per case in their own
 * transaction; the job emails every pending change of the case at once through the real mail
 * queue to a real SMTP server. The delay is an hour here, and each test makes the waiting job due
 * by hand, so what ends up in one email does not depend on how fast the machine is.
 */
describe('case notifications', () => {
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
      CASE_NOTIFICATION_DELAY_SECONDS: '3600',
      CASE_LOOKUP_RATE_LIMIT: '1000',
    });
    headers = (await signInCaseAdmin(t)).headers;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const query = async <T extends object>(text: string, values: unknown[] = []) =>
    (await t.database.pool.query<T & Record<string, unknown>>(text, values)).rows;
  const waitingJobs = (caseId: number) =>
    query<{ id: string }>(
      `SELECT id FROM pgboss.job WHERE name = 'case-notification' AND state = 'created' AND data->>'caseId' = $1`,
      [String(caseId)],
    );
  /** Makes the case's waiting notification job due now, as the delay running out would. */
  const makeDue = (caseId: number) =>
    query(
      `UPDATE pgboss.job SET start_after = now() WHERE name = 'case-notification' AND state = 'created' AND data->>'caseId' = $1`,
      [String(caseId)],
    );
  /** Resolves once the case's job has run: no change of it is pending any more. */
  async function jobHasRun(caseId: number): Promise<void> {
    await expect
      .poll(
        async () =>
          (
            await query<{ n: number }>(
              `SELECT count(*)::int AS n FROM case_notification_changes WHERE case_id = $1 AND notified_at IS NULL`,
              [caseId],
            )
          )[0]?.n,
      )
      .toBe(0);
  }
  const mailJobsTo = async (email: string) =>
    (
      await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1 AND coalesce(data->>'subject', '') NOT LIKE '%has been opened'`,
        [email],
      )
    )[0]?.n;
  // Every case created with an address first gets its "has been opened" email; these tests are about what follows.
  const isOpenedMail = (mail: ReceivedMail) => mail.subject.endsWith('has been opened');
  const nextProgressMail = (match: (mail: ReceivedMail) => boolean) =>
    smtp.nextMessage((m) => !isOpenedMail(m) && match(m));
  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email) && !isOpenedMail(m));
  const tokenOf = (mail: ReceivedMail, path: string) =>
    new URL(mail.links.find((link) => link.includes(path)) ?? 'https://x/').searchParams.get('token') ?? '';

  it('when a service changes step, then the applicant gets one email with the case, service, step, its description and the tracker link without the passport', async () => {
    const email = address();
    const created = await createCase(t, headers, {
      passport_number: 'SECRET-PASS-1',
      client_email: email,
      serviceIds: [1],
    });
    await changeStep(t, headers, created.CaseServices[0]!.id, 'Attestation');
    expect(await waitingJobs(created.id)).toHaveLength(1);
    await makeDue(created.id);

    const mail = await nextProgressMail((m) => m.to.includes(email));
    expect(mail.subject).toBe(`Your case ${created.case_number} moved to Attestation`);
    expect(mail.text).toContain('Documents Verification: now at "Attestation"');
    expect(mail.text).toContain('attested by the issuing authorities');
    expect(mail.links).toContain(`${PUBLIC_URL}/casetracking?case=${created.case_number}`);
    expect(mail.text + (mail.html ?? '')).not.toContain('SECRET-PASS-1');
    expect(mail.links.some((link) => link.startsWith(`${PUBLIC_URL}/casetracking/unsubscribe?token=`))).toBe(true);
    // mailparser files List-* headers under "list".
    expect(mail.headers.list).toContain('/casetracking/unsubscribe?token=');

    await jobHasRun(created.id);
    const details = (await getCase(t, headers, created.id)) as unknown as CaseDetails;
    expect(details.events[0]).toMatchObject({
      kind: 'notification sent',
      changedBy: 'system',
      summary: 'Emailed the applicant about: Documents Verification → Attestation',
    });
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("when a case is created with the applicant's email, then the applicant gets the case number and the tracker link at once, in the shared layout, with a way to stop the emails", async () => {
    const email = address();
    const created = await createCase(t, headers, {
      passport_number: 'SECRET-PASS-2',
      client_email: email,
      serviceIds: [1],
    });
    const mail = await smtp.nextMessage((m) => m.to.includes(email));
    expect(mail.subject).toBe(`Your case ${created.case_number} has been opened`);
    expect(mail.text).toContain(`Your case number is ${created.case_number}.`);
    expect(mail.links).toContain(`${PUBLIC_URL}/casetracking?case=${created.case_number}`);
    expect(mail.html).toContain('Track your application');
    expect(mail.text + (mail.html ?? '')).not.toContain('SECRET-PASS-2');
    expect(mail.headers.list).toContain('/casetracking/unsubscribe?token=');

    // Its stop link works at once.
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: '/api/progress/unsubscribe',
      payload: { token: tokenOf(mail, '/unsubscribe') },
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    expect(unsubscribed.json()).toMatchObject({ code: 'UNSUBSCRIBED', caseNumber: created.case_number });

    // Without an address nobody is told.
    const without = await createCase(t, headers, { serviceIds: [1] });
    const [jobs] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->>'subject' LIKE $1`,
      [`%${without.case_number}%`],
    );
    expect(jobs?.n).toBe(0);
  });

  it('when staff create a case saying the applicant reads Arabic, then the "case opened" email is Arabic, right to left, with the date written the Arabic way', async () => {
    const email = address();
    const created = await createCase(t, headers, { client_email: email, serviceIds: [1], applicant_language: 'ar' });
    const mail = await smtp.nextMessage((m) => m.to.includes(email));
    // Values in an Arabic email are isolated (U+2068 … U+2069), so they keep their order.
    expect(mail.subject).toBe(`تم فتح ملفك \u2068${created.case_number}\u2069`);
    expect(mail.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(mail.text).toContain(
      new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeZone: 'UTC' }).format(t.clock.now()),
    );
    expect(mail.text).toContain('إيقاف هذه الرسائل: ');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/caseadmin/cases',
      headers,
      payload: { client_name: 'X', passport_number: 'P', applicant_language: 'fr' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'Applicant language must be one of en, ar, hi.',
      field: 'applicant_language',
    });
  });

  it('when several changes come before the delay runs out, then they go out as one email, each service at its latest step', async () => {
    const email = address();
    const created = await createCase(t, headers, { client_email: email, serviceIds: [1, 3] });
    await changeStep(t, headers, created.CaseServices[0]!.id, 'Documents Under Review');
    await changeStep(t, headers, created.CaseServices[1]!.id, 'Fee Payment');
    await changeStep(t, headers, created.CaseServices[0]!.id, 'Attestation');
    expect(await waitingJobs(created.id)).toHaveLength(1);
    await makeDue(created.id);

    const mail = await nextProgressMail((m) => m.to.includes(email));
    expect(mail.text).not.toContain('Documents Under Review');
    expect(mail.text).toContain('License Registration: now at "Fee Payment"');
    expect(mail.text).toContain('Documents Verification: now at "Attestation"');
    await jobHasRun(created.id);
    expect(await mailJobsTo(email)).toBe(1);
  });

  it('when the case completes, then the email says so', async () => {
    const email = address();
    const service = await createService(t, headers, ['Filed', 'Done']);
    const created = await createCase(t, headers, { client_email: email, serviceIds: [service.id] });
    await changeStep(t, headers, created.CaseServices[0]!.id, 'Done');
    await makeDue(created.id);
    const mail = await nextProgressMail((m) => m.to.includes(email));
    expect(mail.subject).toBe(`Your case ${created.case_number} is complete`);
    expect(mail.text).toContain('your case is complete');
  });

  it('when the applicant last asked in Arabic and a subscriber subscribed in Hindi, then each gets the step change and the completion in their language', async () => {
    const email = address();
    const subscriber = address();
    const service = await createService(t, headers, ['Filed', 'Checked', 'Done']);
    const created = await createCase(t, headers, {
      passport_number: 'PX-LANG',
      client_email: email,
      serviceIds: [service.id],
    });
    const numbers = { caseNumber: created.case_number, passportNumber: 'PX-LANG' };
    // The case's own address asks for a sign-in link from an Arabic browser; another subscribes from a Hindi page.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/applicant/access',
      headers: { origin: PUBLIC_URL, 'accept-language': 'ar' },
      payload: numbers,
    });
    expect(asked.statusCode).toBe(202);
    await t.app.inject({
      method: 'POST',
      url: '/api/progress/subscribe',
      payload: { ...numbers, email: subscriber, language: 'hi' },
    });
    const confirmation = await nextProgressMail((m) => m.to.includes(subscriber));
    expect(confirmation.html).toMatch(/<html[^>]*lang="hi"/);
    await t.app.inject({
      method: 'POST',
      url: '/api/progress/subscribe/confirm',
      payload: { token: tokenOf(confirmation, '/confirm') },
    });

    await changeStep(t, headers, created.CaseServices[0]!.id, 'Checked');
    await makeDue(created.id);
    const arabic = await nextProgressMail((m) => m.to.includes(email) && m.subject.includes('Checked'));
    expect(arabic.subject).toBe(`انتقل ملفك \u2068${created.case_number}\u2069 إلى \u2068Checked\u2069`);
    expect(arabic.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(arabic.text).toContain('إيقاف هذه الرسائل: ');
    const hindi = await nextProgressMail((m) => m.to.includes(subscriber) && m.subject.includes('Checked'));
    expect(hindi.subject).toBe(`आपका केस ${created.case_number} Checked पर पहुँचा`);
    await jobHasRun(created.id);

    await changeStep(t, headers, created.CaseServices[0]!.id, 'Done');
    await makeDue(created.id);
    const done = await nextProgressMail((m) => m.to.includes(email) && m.subject.startsWith('اكتمل'));
    expect(done.subject).toBe(`اكتمل ملفك \u2068${created.case_number}\u2069`);
    const doneHindi = await nextProgressMail((m) => m.to.includes(subscriber) && m.subject.includes('पूरा हुआ'));
    expect(doneHindi.subject).toBe(`आपका केस ${created.case_number} पूरा हुआ`);
  });

  it("when the case's own address subscribes from a Hindi page after asking in Arabic, then its emails follow Hindi, the language it used last", async () => {
    const email = address();
    const created = await createCase(t, headers, { passport_number: 'PX-LAST', client_email: email, serviceIds: [1] });
    const numbers = { caseNumber: created.case_number, passportNumber: 'PX-LAST' };
    await t.app.inject({
      method: 'POST',
      headers: { origin: PUBLIC_URL },
      url: '/api/applicant/access',
      payload: { ...numbers, language: 'ar' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/progress/subscribe',
      payload: { ...numbers, email, language: 'hi' },
    });
    await changeStep(t, headers, created.CaseServices[0]!.id, 'Attestation');
    await makeDue(created.id);
    const mail = await nextProgressMail((m) => m.to.includes(email) && m.subject.includes('Attestation'));
    expect(mail.subject).toBe(`आपका केस ${created.case_number} Attestation पर पहुँचा`);
  });

  it('when the case has no address, or the change fails, then nothing is sent', async () => {
    const silent = await createCase(t, headers, { serviceIds: [1] });
    await changeStep(t, headers, silent.CaseServices[0]!.id, 'Attestation');
    await makeDue(silent.id);
    await jobHasRun(silent.id);
    const details = (await getCase(t, headers, silent.id)) as unknown as CaseDetails;
    expect(details.events.filter((event) => event.kind === 'notification sent')).toEqual([]);

    const email = address();
    const created = await createCase(t, headers, { client_email: email, serviceIds: [1] });
    const failed = await t.app.inject({
      method: 'PUT',
      url: `/api/caseadmin/caseservices/${created.CaseServices[0]!.id}/step`,
      headers,
      payload: { newStep: 'No Such Step' },
    });
    expect(failed.statusCode).toBe(400);
    expect(await waitingJobs(created.id)).toEqual([]);
    expect(await query(`SELECT id FROM case_notification_changes WHERE case_id = $1`, [created.id])).toEqual([]);
    expect(await mailJobsTo(email)).toBe(0);
  });

  it('when the applicant unsubscribes through the link, then later changes send them nothing while a confirmed subscriber still hears', async () => {
    const email = address();
    const subscriber = address();
    const created = await createCase(t, headers, { passport_number: 'PX1', client_email: email, serviceIds: [4] });
    await changeStep(t, headers, created.CaseServices[0]!.id, 'Interview');
    await makeDue(created.id);
    const first = await nextProgressMail((m) => m.to.includes(email));

    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: '/api/progress/unsubscribe',
      payload: { token: tokenOf(first, '/unsubscribe') },
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    expect(unsubscribed.json<{ message: string }>().message).toContain('Unsubscribed');

    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/progress/subscribe',
      payload: { caseNumber: created.case_number, passportNumber: 'px1', email: subscriber },
    });
    expect(subscribed.statusCode).toBe(202);
    const confirmation = await nextProgressMail((m) => m.to.includes(subscriber));
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/progress/subscribe/confirm',
      payload: { token: tokenOf(confirmation, '/confirm') },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    await changeStep(t, headers, created.CaseServices[0]!.id, 'Job Offer');
    await makeDue(created.id);
    const toSubscriber = await nextProgressMail((m) => m.to.includes(subscriber) && m.subject.includes('moved to'));
    expect(toSubscriber.text).toContain('now at "Job Offer"');
    await jobHasRun(created.id);
    expect(await mailJobsTo(email)).toBe(1);
    // Editing the case later does not undo the applicant's choice.
    await t.app.inject({
      method: 'PUT',
      url: `/api/caseadmin/cases/${created.id}/services`,
      headers,
      payload: { serviceIds: [4], client_email: email },
    });
    const [row] = await query<{ unsubscribed_at: Date | null }>(
      `SELECT unsubscribed_at FROM case_notification_recipients WHERE case_id = $1 AND email = $2`,
      [created.id, email],
    );
    expect(row?.unsubscribed_at).not.toBeNull();
  });

  it('when someone subscribes from the tracker, then only the confirmation goes out until the link is opened, and a wrong passport learns nothing', async () => {
    const subscriber = address();
    const created = await createCase(t, headers, { passport_number: 'PX2', serviceIds: [1] });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/progress/subscribe',
      payload: { caseNumber: created.case_number, passportNumber: 'PX3', email: subscriber },
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ error: 'Case details not found. Please verify your information.' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/progress/subscribe',
      payload: { caseNumber: 'NO-SUCH-CASE', passportNumber: 'PX2', email: subscriber },
    });
    expect(unknown.json()).toEqual(wrong.json());

    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/progress/subscribe',
      payload: { caseNumber: created.case_number, passportNumber: 'PX2', email: subscriber },
    });
    expect(subscribed.statusCode).toBe(202);
    const confirmation = await nextProgressMail((m) => m.to.includes(subscriber));
    expect(confirmation.subject).toBe(`Confirm email updates for case ${created.case_number}`);
    expect(confirmation.links[0]).toMatch(new RegExp(`^${PUBLIC_URL}/casetracking/confirm\\?token=[A-Za-z0-9_-]{32}$`));

    // Not confirmed yet: a change sends nothing to the address.
    await changeStep(t, headers, created.CaseServices[0]!.id, 'Documents Under Review');
    await makeDue(created.id);
    await jobHasRun(created.id);
    expect(await mailJobsTo(subscriber)).toBe(1);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/progress/subscribe/confirm',
      payload: { token: tokenOf(confirmation, '/confirm') },
    });
    expect(confirmed.statusCode).toBe(200);
    // A code and the case for the page to say it in its own language; the sentence for API callers.
    expect(confirmed.json()).toEqual({
      code: 'SUBSCRIPTION_CONFIRMED',
      caseNumber: created.case_number,
      message: `Confirmed: you will get an email when case ${created.case_number} changes.`,
    });
    await changeStep(t, headers, created.CaseServices[0]!.id, 'Attestation');
    await makeDue(created.id);
    const update = await nextProgressMail((m) => m.to.includes(subscriber) && m.subject.includes('moved to'));
    expect(update.text).toContain('now at "Attestation"');
    expect(update.text).not.toContain('Documents Under Review');

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/progress/subscribe/confirm',
      payload: { token: 'x'.repeat(32) },
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().code).toBe('SUBSCRIPTION_LINK_INVALID');
  });

  it('when cases are moved in bulk, then each applicant gets one email about their case', async () => {
    const [a, b] = [address(), address()];
    const service = await createService(t, headers, ['Filed', 'Reviewed', 'Decided']);
    const first = await createCase(t, headers, { client_email: a, serviceIds: [service.id] });
    const second = await createCase(t, headers, { client_email: b, serviceIds: [service.id] });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/caseadmin/cases/bulk-step',
      headers,
      payload: { caseIds: [first.id, second.id], serviceId: service.id, newStep: 'Reviewed' },
    });
    expect(response.statusCode, response.body).toBe(200);
    await makeDue(first.id);
    await makeDue(second.id);
    const [mailA, mailB] = await Promise.all([
      nextProgressMail((m) => m.to.includes(a)),
      nextProgressMail((m) => m.to.includes(b)),
    ]);
    expect(mailA.subject).toContain(first.case_number);
    expect(mailB.subject).toContain(second.case_number);
    await Promise.all([jobHasRun(first.id), jobHasRun(second.id)]);
    expect([await mailJobsTo(a), await mailJobsTo(b)]).toEqual([1, 1]);
  });

  it('when a service reaches its last step and goes back before the email is sent, then the email names it once, at its latest step, and does not call the case complete', async () => {
    const email = address();
    const service = await createService(t, headers, ['Filed', 'Fee Payment', 'Issued']);
    const created = await createCase(t, headers, { client_email: email, serviceIds: [service.id] });
    await changeStep(t, headers, created.CaseServices[0]!.id, 'Issued');
    await changeStep(t, headers, created.CaseServices[0]!.id, 'Fee Payment');
    await makeDue(created.id);

    const mail = await nextProgressMail((m) => m.to.includes(email));
    expect(mail.subject).toBe(`Your case ${created.case_number} moved to Fee Payment`);
    expect(mail.text).toContain(`${service.name}: now at "Fee Payment"`);
    expect(mail.text).not.toContain('Issued');
    expect(mail.text).not.toContain('complete');
    expect(mail.html).not.toContain('Issued');
    await jobHasRun(created.id);
    const details = (await getCase(t, headers, created.id)) as unknown as CaseDetails;
    expect(details.events[0]?.summary).toBe(`Emailed the applicant about: ${service.name} → Fee Payment`);
  });

  it('when a service goes back and then on to its last step before the email is sent, then the email says the case is complete, naming the service once', async () => {
    const email = address();
    const service = await createService(t, headers, ['Filed', 'Fee Payment', 'Issued']);
    const created = await createCase(t, headers, { client_email: email, serviceIds: [service.id] });
    await changeStep(t, headers, created.CaseServices[0]!.id, 'Fee Payment');
    await changeStep(t, headers, created.CaseServices[0]!.id, 'Issued');
    await makeDue(created.id);

    const mail = await nextProgressMail((m) => m.to.includes(email));
    expect(mail.subject).toBe(`Your case ${created.case_number} is complete`);
    expect(mail.text).toContain(`${service.name}: now at "Issued"`);
    expect(mail.text).not.toContain('Fee Payment');
  });

  it('when removing its unfinished service completes a case, then the applicant is told the case is complete', async () => {
    const email = address();
    const [done, open] = [await createService(t, headers, ['A', 'B']), await createService(t, headers, ['A', 'B'])];
    const created = await createCase(t, headers, { client_email: email, serviceIds: [done.id, open.id] });
    await changeStep(t, headers, created.CaseServices[0]!.id, 'B');
    await makeDue(created.id);
    const moved = await nextProgressMail((m) => m.to.includes(email));
    expect(moved.subject).toContain('moved to');
    await jobHasRun(created.id);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/caseadmin/cases/${created.id}/services`,
      headers,
      payload: { serviceIds: [done.id] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ status: string }>().status).toBe('Completed');
    expect(await waitingJobs(created.id)).toHaveLength(1);
    await makeDue(created.id);
    const completed = await nextProgressMail((m) => m.to.includes(email) && m.subject.includes('is complete'));
    expect(completed.subject).toBe(`Your case ${created.case_number} is complete`);
    expect(completed.text).toContain('your case is complete');
    await jobHasRun(created.id);
    expect(await mailJobsTo(email)).toBe(2);
  });

  it('when deleting the last step of a service completes a case, then the applicant is told the case is complete', async () => {
    const email = address();
    const service = await createService(t, headers, ['Filed', 'Reviewed', 'Decided']);
    const created = await createCase(t, headers, { client_email: email, serviceIds: [service.id] });
    await changeStep(t, headers, created.CaseServices[0]!.id, 'Reviewed');
    await makeDue(created.id);
    await nextProgressMail((m) => m.to.includes(email));
    await jobHasRun(created.id);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/caseadmin/steps/${service.steps[2]!.id}`,
      headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await getCase(t, headers, created.id)).status).toBe('Completed');
    await makeDue(created.id);
    const completed = await nextProgressMail((m) => m.to.includes(email) && m.subject.includes('is complete'));
    expect(completed.subject).toBe(`Your case ${created.case_number} is complete`);
  });

  it('when a step-less service gets its first and only step and that completes a case, then the applicant is told the case is complete', async () => {
    const email = address();
    const service = await createService(t, headers, []);
    const created = await createCase(t, headers, { client_email: email, serviceIds: [service.id] });
    await createStep(t, headers, service.id, 'Done', 1);
    expect((await getCase(t, headers, created.id)).status).toBe('Completed');
    await makeDue(created.id);
    const completed = await nextProgressMail((m) => m.to.includes(email));
    expect(completed.subject).toBe(`Your case ${created.case_number} is complete`);
  });

  it('when a completion is undone before the email is sent and nothing else moved, then nothing is sent', async () => {
    const email = address();
    const [done, open] = [await createService(t, headers, ['A']), await createService(t, headers, ['A', 'B'])];
    const created = await createCase(t, headers, { client_email: email, serviceIds: [done.id, open.id] });
    const put = (serviceIds: number[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/caseadmin/cases/${created.id}/services`,
        headers,
        payload: { serviceIds },
      });
    expect((await put([done.id])).json<{ status: string }>().status).toBe('Completed');
    expect((await put([done.id, open.id])).json<{ status: string }>().status).toBe('Under Review');
    await makeDue(created.id);
    await jobHasRun(created.id);
    expect(await mailJobsTo(email)).toBe(0);
  });

  it('when the applicant unsubscribes, subscribes again on the tracker and confirms, then they keep getting emails after staff change the case email', async () => {
    const [e1, f1] = [address(), address()];
    const created = await createCase(t, headers, { passport_number: 'PX9', client_email: e1, serviceIds: [1] });
    await changeStep(t, headers, created.CaseServices[0]!.id, 'Documents Under Review');
    await makeDue(created.id);
    const first = await nextProgressMail((m) => m.to.includes(e1));
    await jobHasRun(created.id);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/progress/unsubscribe',
          payload: { token: tokenOf(first, '/unsubscribe') },
        })
      ).statusCode,
    ).toBe(200);

    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/progress/subscribe',
      payload: { caseNumber: created.case_number, passportNumber: 'PX9', email: e1 },
    });
    expect(subscribed.statusCode).toBe(202);
    const confirmation = await nextProgressMail((m) => m.to.includes(e1) && m.subject.startsWith('Confirm'));
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/progress/subscribe/confirm',
      payload: { token: tokenOf(confirmation, '/confirm') },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/caseadmin/cases/${created.id}/services`,
      headers,
      payload: { serviceIds: [1], client_email: f1 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await changeStep(t, headers, created.CaseServices[0]!.id, 'Attestation');
    await makeDue(created.id);
    const [toE1, toF1] = await Promise.all([
      nextProgressMail((m) => m.to.includes(e1) && m.text.includes('now at "Attestation"')),
      nextProgressMail((m) => m.to.includes(f1)),
    ]);
    expect(toE1.subject).toContain('moved to');
    expect(toF1.subject).toContain('moved to');
  });

  it('when a former client email subscribes on the tracker, then it must confirm, and is emailed once it has', async () => {
    const [e1, f1] = [address(), address()];
    const created = await createCase(t, headers, { passport_number: 'PX10', client_email: e1, serviceIds: [1] });
    await t.app.inject({
      method: 'PUT',
      url: `/api/caseadmin/cases/${created.id}/services`,
      headers,
      payload: { serviceIds: [1], client_email: f1 },
    });
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/progress/subscribe',
      payload: { caseNumber: created.case_number, passportNumber: 'PX10', email: e1 },
    });
    expect(subscribed.statusCode).toBe(202);
    const confirmation = await nextProgressMail((m) => m.to.includes(e1) && m.subject.startsWith('Confirm'));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/progress/subscribe/confirm',
          payload: { token: tokenOf(confirmation, '/confirm') },
        })
      ).statusCode,
    ).toBe(200);
    await changeStep(t, headers, created.CaseServices[0]!.id, 'Attestation');
    await makeDue(created.id);
    const update = await nextProgressMail((m) => m.to.includes(e1) && m.subject.includes('moved to'));
    expect(update.text).toContain('now at "Attestation"');
  });
});
