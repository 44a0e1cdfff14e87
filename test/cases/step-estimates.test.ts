import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseProgress } from '../../contracts/cases.js';
import { changeStep, createCase, createService, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { createTestApp, type TestApp } from '../test-app.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Estimates from real cases: stays at a step are measured from the step changes (the injected
 * clock moves between them) and the background job turns them into each step's median and 80th
 * percentile once CASE_ESTIMATE_MIN_SAMPLES cases have left it.
 */
describe('step estimates from real cases', () => {
  let t: TestApp;
  let headers: AdminHeaders;

  beforeAll(async () => {
    // The clock moves weeks ahead and back: the admin's sign-in must outlast it.
    t = await createTestApp({
      CASE_LOOKUP_RATE_LIMIT: '1000',
      CASE_ESTIMATE_MIN_SAMPLES: '20',
      CASE_ADMIN_TOKEN_TTL_SECONDS: String(90 * 24 * 60 * 60),
    });
    headers = (await signInCaseAdmin(t)).headers;
  });
  afterAll(() => t.close());

  const query = async <T extends object>(text: string, values: unknown[] = []) =>
    (await t.database.pool.query<T & Record<string, unknown>>(text, values)).rows;
  const waitingJobs = () =>
    query<{ id: string }>(`SELECT id FROM pgboss.job WHERE name = 'case-step-estimates' AND state = 'created'`);
  /** Makes the waiting recomputation due now (as its minute running out would) and waits until it has run. */
  async function recompute(): Promise<void> {
    await query(`UPDATE pgboss.job SET start_after = now() WHERE name = 'case-step-estimates' AND state = 'created'`);
    await expect
      .poll(
        async () =>
          (
            await query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'case-step-estimates' AND state IN ('created', 'retry', 'active')`,
            )
          )[0]?.n,
      )
      .toBe(0);
  }
  const lookupCase = async (created: { case_number: string; passport_number: string }) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/progress?caseNumber=${created.case_number}&passportNumber=${created.passport_number}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CaseProgress>();
  };
  const lookup = async (created: { case_number: string; passport_number: string }) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/progress?caseNumber=${created.case_number}&passportNumber=${created.passport_number}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CaseProgress>().servicesSubscribed[0]!;
  };

  it('when 20 cases have left a step after 1 to 20 days, then the lookup gives its median and 80th percentile and the estimate uses them; under the minimum they are none', async () => {
    const service = await createService(t, headers, ['Intake', 'Review', 'Done']);
    // Review has the staff's 2 expected days; what cases really take will replace them.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/caseadmin/steps/${service.steps[1]!.id}`,
      headers,
      payload: { expected_days: 2 },
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/caseadmin/steps/${service.steps[0]!.id}`,
      headers,
      payload: { expected_days: 1 },
    });
    for (let days = 1; days <= 20; days++) {
      const created = await createCase(t, headers, { serviceIds: [service.id] });
      await changeStep(t, headers, created.CaseServices[0]!.id, 'Review');
      t.clock.advance(days * DAY);
      await changeStep(t, headers, created.CaseServices[0]!.id, 'Done');
      t.clock.advance(-days * DAY);
    }
    expect(await waitingJobs()).toHaveLength(1);

    const watched = await createCase(t, headers, { serviceIds: [service.id] });
    await changeStep(t, headers, watched.CaseServices[0]!.id, 'Review');
    await recompute();
    const progress = await lookup(watched);
    const review = progress.steps.find((step) => step.name === 'Review')!;
    // Stays of 1..20 days: median 10.5 (rounded 11), 80th percentile 16.2 (rounded up 17).
    expect(review.typicalDays).toEqual({ median: 11, p80: 17, cases: 21 });
    // Intake: 21 stays of no time at all (each case moved on at once).
    expect(progress.steps.find((step) => step.name === 'Intake')!.typicalDays).toEqual({
      median: 0,
      p80: 0,
      cases: 21,
    });
    expect(progress.steps.find((step) => step.name === 'Done')!.typicalDays).toBeNull();
    expect(progress.estimatedCompletion).toBe(new Date(t.clock.now().getTime() + 11 * DAY).toISOString());

    // Issue 41: the time left given the days already waited, with the cases it rests on. On arrival
    // it is the step's own figures; 12 days in, only the stays that lasted longer (13 to 20 days) speak.
    expect(progress.remainingDays).toEqual({ median: 11, p80: 17, cases: 21 });
    const ready = (await lookupCase(watched)).readyToWork!;
    expect(ready).toMatchObject({ remainingSteps: 1, measuredSteps: 1, fewestCases: 21, draws: 2000 });
    const daysAhead = (iso: string) => (new Date(iso).getTime() - t.clock.now().getTime()) / DAY;
    expect(Math.abs(daysAhead(ready.p50) - 10.5)).toBeLessThan(1);
    expect(Math.abs(daysAhead(ready.p80) - 16.5)).toBeLessThan(1);
    t.clock.advance(12 * DAY);
    try {
      const later = await lookupCase(watched);
      expect(later.servicesSubscribed[0]!.remainingDays).toEqual({ median: 4, p80: 7, cases: 21 });
      // Ready about 4 days from now, not 10.5 - 12 (already past) as the step's median would say.
      expect(Math.abs(daysAhead(later.readyToWork!.p50) - 4.25)).toBeLessThan(1);
      // The staff's case page shows the applicant's dates.
      const details = await t.app.inject({ method: 'GET', url: `/api/caseadmin/cases/${watched.id}`, headers });
      expect(details.json<{ readyToWork: unknown }>().readyToWork).toEqual(later.readyToWork);
    } finally {
      t.clock.advance(-12 * DAY);
    }

    // Issue 41's leftover: figures kept before migration 0039 have no distribution until a step
    // change anywhere asks for a recomputation; an instance starting after the upgrade asks for it.
    const distributions = () =>
      query<{ id: number; typical_distribution: unknown }>(
        `SELECT id, typical_distribution FROM steps WHERE service_id = $1 AND typical_median_days IS NOT NULL ORDER BY id`,
        [service.id],
      );
    expect((await distributions()).map((step) => step.typical_distribution)).toEqual([
      expect.anything(),
      expect.anything(),
    ]);
    await query(`UPDATE steps SET typical_distribution = NULL WHERE service_id = $1`, [service.id]);
    const upgraded = await createTestApp({ CASE_ESTIMATE_MIN_SAMPLES: '20' }, { sameDatabaseAs: t });
    try {
      await expect
        .poll(async () => (await distributions()).map((step) => step.typical_distribution !== null))
        .toEqual([true, true]);
    } finally {
      await upgraded.close();
    }

    // Fewer stays than the minimum (22 here, 20 known) give no figures: the staff's days come back.
    await query(`UPDATE steps SET typical_median_days = NULL, typical_p80_days = NULL WHERE id = $1`, [
      service.steps[1]!.id,
    ]);
    const strict = await createTestApp({ CASE_ESTIMATE_MIN_SAMPLES: '22' }, { sameDatabaseAs: t });
    try {
      const { recomputeStepEstimates } = await import('../../server/cases/step-estimates.js');
      await recomputeStepEstimates(strict.db, strict.config.cases.estimateMinSamples, t.clock.now());
    } finally {
      await strict.close();
    }
    const without = await lookup(watched);
    expect(without.steps.find((step) => step.name === 'Review')!.typicalDays).toBeNull();
    expect(without.estimatedCompletion).toBe(new Date(t.clock.now().getTime() + 2 * DAY).toISOString());
  });

  it('when half the cases at a step are still waiting, then its figures count them (censored) instead of the finished ones alone', async () => {
    const service = await createService(t, headers, ['Intake', 'Review', 'Done'], 'Censored service');
    // 20 cases left Review after 1 to 20 days: alone they say median 10.5, 80th percentile 16.2.
    for (let days = 1; days <= 20; days++) {
      const created = await createCase(t, headers, { serviceIds: [service.id] });
      await changeStep(t, headers, created.CaseServices[0]!.id, 'Review');
      t.clock.advance(days * DAY);
      await changeStep(t, headers, created.CaseServices[0]!.id, 'Done');
      t.clock.advance(-days * DAY);
    }
    // 20 more reached Review at the same time and are still there 30 days later.
    const waiting = [];
    for (let index = 0; index < 20; index++) {
      const created = await createCase(t, headers, { serviceIds: [service.id] });
      await changeStep(t, headers, created.CaseServices[0]!.id, 'Review');
      waiting.push(created);
    }
    t.clock.advance(30 * DAY);
    try {
      await query(`UPDATE pgboss.job SET start_after = now() WHERE name = 'case-step-estimates' AND state = 'created'`);
      await recompute();
      // Kaplan-Meier reaches the median only at 20 days and never the 80th percentile, so the
      // censored exponential fit answers: 20 finished over 210 + 20 x 30 days, median ln 2 x 810 / 20.
      const review = (await lookup(waiting[0]!)).steps.find((step) => step.name === 'Review')!;
      expect(review.typicalDays).toEqual({ median: 28, p80: 66, cases: 40 });
      const [stored] = await query<{ typical_samples: number }>(`SELECT typical_samples FROM steps WHERE id = $1`, [
        service.steps[1]!.id,
      ]);
      expect(stored?.typical_samples).toBe(40);
    } finally {
      t.clock.advance(-30 * DAY);
    }
  });

  it('when a case has been at a step longer than its 80th percentile or its expected days, then the Overdue filter lists it and the dashboard counts it; a last step or a completed case is never overdue', async () => {
    const overdueApp = await createTestApp({
      CASE_ADMIN_TOKEN_TTL_SECONDS: String(90 * 24 * 60 * 60),
      CASE_ESTIMATE_MIN_SAMPLES: '20',
    });
    try {
      const staff = (await signInCaseAdmin(overdueApp)).headers;
      const service = await createService(overdueApp, staff, ['Intake', 'Review', 'Done'], 'Overdue service');
      await overdueApp.app.inject({
        method: 'PATCH',
        url: `/api/caseadmin/steps/${service.steps[0]!.id}`,
        headers: staff,
        payload: { expected_days: 3 },
      });
      await overdueApp.app.inject({
        method: 'PATCH',
        url: `/api/caseadmin/steps/${service.steps[1]!.id}`,
        headers: staff,
        payload: { expected_days: 10 },
      });
      const late = await createCase(overdueApp, staff, { serviceIds: [service.id] });
      const onTime = await createCase(overdueApp, staff, { serviceIds: [service.id] });
      const finished = await createCase(overdueApp, staff, { serviceIds: [service.id] });
      await changeStep(overdueApp, staff, finished.CaseServices[0]!.id, 'Done');
      overdueApp.clock.advance(4 * DAY);
      // Moved to Review a day ago: within Review's 10 days.
      await changeStep(overdueApp, staff, onTime.CaseServices[0]!.id, 'Review');
      overdueApp.clock.advance(1 * DAY);

      const listed = async (query: string) => {
        const response = await overdueApp.app.inject({
          method: 'GET',
          url: `/api/caseadmin/cases?${query}`,
          headers: staff,
        });
        expect(response.statusCode, response.body).toBe(200);
        return {
          numbers: response.json<{ case_number: string }[]>().map((c) => c.case_number),
          total: response.headers['x-total-count'],
        };
      };
      // Intake's 3 expected days are over for `late` (5 days in), not `onTime` (1 day into Review), never for `finished`.
      expect(await listed('overdue=true')).toEqual({ numbers: [late.case_number], total: '1' });
      expect((await listed('overdue=false')).numbers).toHaveLength(3);
      expect((await listed('overdue=true&status=Completed')).numbers).toEqual([]);
      expect(
        (await overdueApp.app.inject({ method: 'GET', url: '/api/caseadmin/cases?overdue=yes', headers: staff }))
          .statusCode,
      ).toBe(400);
      const metrics = await overdueApp.app.inject({
        method: 'GET',
        url: '/api/caseadmin/dashboard-metrics',
        headers: staff,
      });
      expect(metrics.json()).toMatchObject({ overdueCases: 1, totalCases: 3 });

      overdueApp.clock.advance(10 * DAY);
      expect((await listed('overdue=true')).numbers.sort()).toEqual([late.case_number, onTime.case_number].sort());
    } finally {
      await overdueApp.close();
    }
  });
});
