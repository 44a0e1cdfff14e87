import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseProgress, DashboardMetrics } from '../../contracts/cases.js';
import { LATE_STEPS_QUEUE } from '../../server/cases/late-steps.js';
import { recomputeStepEstimates } from '../../server/cases/step-estimates.js';
import { startJobQueue, type JobQueue } from '../../server/platform/jobs.js';
import { changeStep, createCase, createService, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp-server.js';
import { createTestApp, type TestApp } from '../test-app.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Late-waiting notices (issue 41) end to end: the schedule's job (sent by hand, as pg-boss would at
 * the cron time), the owner's dashboard, the real mail queue and a real SMTP server.
 */
describe('late-waiting notices', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let jobs: JobQueue;
  let headers: AdminHeaders;
  let ownerEmail: string;
  let ownerId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      CASE_ESTIMATE_MIN_SAMPLES: '5',
      CASE_ADMIN_TOKEN_TTL_SECONDS: String(90 * 24 * 60 * 60),
    });
    jobs = await startJobQueue({ connectionString: t.databaseUrl, logger: t.logger, retryDelaySeconds: 1 });
    const admin = await signInCaseAdmin(t);
    headers = admin.headers;
    ownerEmail = admin.email;
    const [row] = (
      await t.database.pool.query<{ id: number }>('SELECT id FROM case_admins WHERE email = $1', [ownerEmail])
    ).rows;
    ownerId = row!.id;
  });
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
    await smtp?.close();
  });

  const completedSweeps = async () =>
    (
      await t.database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'completed'`,
        [LATE_STEPS_QUEUE],
      )
    ).rows[0]?.n ?? 0;
  /** Runs the schedule's job once, as pg-boss does at the cron time, and waits until it has run. */
  async function runSweep(): Promise<void> {
    const before = await completedSweeps();
    await jobs.send(t.db, LATE_STEPS_QUEUE, {});
    await expect.poll(completedSweeps).toBe(before + 1);
  }
  const mailJobsTo = async (to: string) =>
    (
      await t.database.pool.query<{ subject: string }>(
        `SELECT data->>'subject' AS subject FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1 ORDER BY created_on`,
        [to],
      )
    ).rows.map((row) => row.subject);
  // The background recomputation a step change asks for (a minute later) would count the cases
  // waiting here and move the 80th percentile in the middle of the test: its figures stay as set.
  const holdEstimates = () =>
    t.database.pool.query(`DELETE FROM pgboss.job WHERE name = 'case-step-estimates' AND state = 'created'`);
  const dashboard = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/caseadmin/dashboard-metrics', headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DashboardMetrics>();
  };

  it('when a case has waited at a step longer than 8 in 10 cases there, then its owner is told once (dashboard and email) and the applicant in Arabic that it is followed up; a case within the 80th percentile is not', async () => {
    const service = await createService(t, headers, ['Intake', 'Review', 'Done'], 'Late Service');
    // Five cases left Review after 1 to 5 days: its 80th percentile is 4.5 days.
    for (let days = 1; days <= 5; days++) {
      const created = await createCase(t, headers, { serviceIds: [service.id] });
      await changeStep(t, headers, created.CaseServices[0]!.id, 'Review');
      t.clock.advance(days * DAY);
      await changeStep(t, headers, created.CaseServices[0]!.id, 'Done');
      t.clock.advance(-days * DAY);
    }
    await recomputeStepEstimates(t.db, t.config.cases.estimateMinSamples, t.clock.now());
    await holdEstimates();

    const applicantEmail = 'amina.alharbi@example.test';
    const late = await createCase(t, headers, {
      serviceIds: [service.id],
      client_name: 'أمينة الحربي',
      client_email: applicantEmail,
      applicant_language: 'ar',
      ownerId,
    });
    const onTime = await createCase(t, headers, { serviceIds: [service.id], ownerId });
    await changeStep(t, headers, late.CaseServices[0]!.id, 'Review');
    t.clock.advance(3 * DAY);
    await changeStep(t, headers, onTime.CaseServices[0]!.id, 'Review');
    await holdEstimates();
    // `late` has waited 5 days at Review, `onTime` 2: within the 80th percentile.
    t.clock.advance(2 * DAY);

    await runSweep();
    const [notice, ...others] = (await dashboard()).lateSteps;
    expect(others).toEqual([]);
    expect(notice).toMatchObject({
      caseId: late.id,
      caseNumber: late.case_number,
      serviceName: 'Late Service',
      stepName: 'Review',
      lateAfterDays: 5,
      cases: 5,
      noticedAt: t.clock.now().toISOString(),
    });
    const ownerMail = await smtp.nextMessage(
      (mail: ReceivedMail) => mail.to.includes(ownerEmail) && mail.subject.includes('longer'),
    );
    expect(ownerMail.subject).toBe(`Case ${late.case_number} has waited longer than usual at "Review"`);
    expect(ownerMail.text).toContain('longer than 8 in 10 of the 5 cases there');
    // The applicant, in her language: it is being followed up (no date that has passed).
    const applicantMail = await smtp.nextMessage(
      (mail: ReceivedMail) => mail.to.includes(applicantEmail) && mail.subject.includes('نتابع'),
    );
    // (The case number and the step's English name are isolated from the Arabic around them.)
    expect(applicantMail.subject).toContain(`ملفك \u2068${late.case_number}\u2069: نتابع خطوة «`);
    expect(applicantMail.text).toContain('نحن نتابعها');
    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/progress?caseNumber=${late.case_number}&passportNumber=${late.passport_number}`,
    });
    expect(lookup.json<CaseProgress>().servicesSubscribed[0]).toMatchObject({
      delayed: true,
      remainingDays: expect.anything(),
    });

    // Once: the next sweep, and another instance's (a restart), tell nobody again.
    await runSweep();
    const other = await createTestApp({ SMTP_URL: smtp.url }, { sameDatabaseAs: t });
    try {
      await runSweep();
    } finally {
      await other.close();
    }
    expect((await mailJobsTo(ownerEmail)).filter((subject) => subject.includes('longer than usual'))).toHaveLength(1);
    expect((await mailJobsTo(applicantEmail)).filter((subject) => subject.includes('نتابع'))).toHaveLength(1);
    expect((await dashboard()).lateSteps).toHaveLength(1);
    const history = await t.app.inject({ method: 'GET', url: `/api/caseadmin/cases/${late.id}`, headers });
    expect(
      history.json<{ events: { kind: string }[] }>().events.filter((event) => event.kind === 'late-waiting notice'),
    ).toHaveLength(1);

    // `onTime` passes its 80th percentile three days later: noticed then, once.
    t.clock.advance(3 * DAY);
    await runSweep();
    expect((await dashboard()).lateSteps.map((item) => item.caseNumber)).toEqual([
      onTime.case_number,
      late.case_number,
    ]);
    expect((await mailJobsTo(ownerEmail)).filter((subject) => subject.includes(onTime.case_number))).toHaveLength(1);

    // Moved on, a case leaves the dashboard.
    await changeStep(t, headers, late.CaseServices[0]!.id, 'Done');
    expect((await dashboard()).lateSteps.map((item) => item.caseNumber)).toEqual([onTime.case_number]);
  });

  it('when a case was already late for weeks at the first sweep, then it is on the dashboard but nobody is emailed (no burst of old news)', async () => {
    const service = await createService(t, headers, ['Intake'], 'Stalled Service');
    // Review's expected days (no case measured there) decide when a stay there is late: after 10.
    for (const [sequence, name, expected_days] of [
      [2, 'Review', 10],
      [3, 'Done', 1],
    ] as const) {
      const step = await t.app.inject({
        method: 'POST',
        url: `/api/caseadmin/services/${service.id}/steps`,
        headers,
        payload: { name, sequence, expected_days },
      });
      expect(step.statusCode, step.body).toBe(201);
    }
    const stalledEmail = 'stalled.applicant@example.test';
    const stalled = await createCase(t, headers, {
      serviceIds: [service.id],
      client_email: stalledEmail,
      ownerId,
    });
    await changeStep(t, headers, stalled.CaseServices[0]!.id, 'Review');
    await holdEstimates();
    t.clock.advance(60 * DAY);

    await runSweep();
    expect((await dashboard()).lateSteps.map((item) => item.caseNumber)).toContain(stalled.case_number);
    expect((await mailJobsTo(ownerEmail)).filter((subject) => subject.includes(stalled.case_number))).toEqual([]);
    expect(await mailJobsTo(stalledEmail)).not.toContainEqual(expect.stringContaining('Review'));
  });

  it('when a case noticed late at a step moves on and comes back to it, then its new stay is noticed again when it is late again, once', async () => {
    const service = await createService(t, headers, ['Intake'], 'Return Service');
    // Review is late after its 4 expected days (no case measured there).
    for (const [sequence, name, expected_days] of [
      [2, 'Review', 4],
      [3, 'Corrections', 4],
      [4, 'Done', 1],
    ] as const) {
      const step = await t.app.inject({
        method: 'POST',
        url: `/api/caseadmin/services/${service.id}/steps`,
        headers,
        payload: { name, sequence, expected_days },
      });
      expect(step.statusCode, step.body).toBe(201);
    }
    const returning = await createCase(t, headers, { serviceIds: [service.id], ownerId });
    const caseServiceId = returning.CaseServices[0]!.id;
    const lateMails = async () =>
      (await mailJobsTo(ownerEmail)).filter(
        (subject) => subject === `Case ${returning.case_number} has waited longer than usual at "Review"`,
      );
    await changeStep(t, headers, caseServiceId, 'Review');
    await holdEstimates();
    t.clock.advance(5 * DAY);
    await runSweep();
    expect(await lateMails()).toHaveLength(1);

    // Sent back from Corrections a day later: a new stay at Review, late again after 4 more days.
    await changeStep(t, headers, caseServiceId, 'Corrections');
    t.clock.advance(DAY);
    await changeStep(t, headers, caseServiceId, 'Review');
    await holdEstimates();
    t.clock.advance(2 * DAY);
    await runSweep();
    expect(await lateMails()).toHaveLength(1);
    t.clock.advance(3 * DAY);
    await runSweep();
    await runSweep();
    expect(await lateMails()).toHaveLength(2);
    const [notice] = (await dashboard()).lateSteps.filter((item) => item.caseNumber === returning.case_number);
    expect(notice).toMatchObject({ stepName: 'Review', noticedAt: t.clock.now().toISOString() });
  });
});
