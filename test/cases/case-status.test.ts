import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCase, CaseProgress, CasesOverview, CaseStatus, DashboardMetrics } from '../../contracts/cases.js';
import {
  changeStep,
  createCase,
  createService,
  createStep,
  getCase,
  signInCaseAdmin,
  type AdminHeaders,
} from '../factories/cases.js';
import { createTestApp, type TestApp } from '../test-app.js';

describe('case status rule', () => {
  let t: TestApp;
  let headers: AdminHeaders;

  beforeAll(async () => {
    t = await createTestApp({ CASE_LOOKUP_RATE_LIMIT: '1000' });
    headers = (await signInCaseAdmin(t)).headers;
  });
  afterAll(() => t.close());

  const statusOf = async (id: number): Promise<CaseStatus> => (await getCase(t, headers, id)).status;

  const publicStatus = async (found: AdminCase) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/progress',
      query: { caseNumber: found.case_number, passportNumber: found.passport_number },
    });
    expect(response.statusCode).toBe(200);
    return response.json<CaseProgress>();
  };

  it('when a case is new, then it is Under Review', async () => {
    const service = await createService(t, headers);
    const created = await createCase(t, headers, { serviceIds: [service.id, 1] });
    expect(created.status).toBe('Under Review');
    expect(await statusOf(created.id)).toBe('Under Review');
  });

  it('when a case has no services, then it is Under Review', async () => {
    const created = await createCase(t, headers, { serviceIds: [] });
    expect(created.status).toBe('Under Review');
  });

  it('when any service passes its first step, then the case is In Progress', async () => {
    const service = await createService(t, headers, ['A', 'B', 'C']);
    const created = await createCase(t, headers, { serviceIds: [1, service.id] });
    const ours = created.CaseServices.find((s) => s.service_id === service.id)!;
    await changeStep(t, headers, ours.id, 'B');
    expect(await statusOf(created.id)).toBe('In Progress');
  });

  it('when a service goes back to its first step, then the case is Under Review again', async () => {
    const service = await createService(t, headers, ['A', 'B']);
    const created = await createCase(t, headers, { serviceIds: [service.id] });
    await changeStep(t, headers, created.CaseServices[0]!.id, 'B');
    await changeStep(t, headers, created.CaseServices[0]!.id, 'A');
    expect(await statusOf(created.id)).toBe('Under Review');
  });

  it('when some but not all services are on their last step, then the case is In Progress', async () => {
    const first = await createService(t, headers, ['A', 'B']);
    const second = await createService(t, headers, ['A', 'B']);
    const created = await createCase(t, headers, { serviceIds: [first.id, second.id] });
    await changeStep(t, headers, created.CaseServices[0]!.id, 'B');
    expect(await statusOf(created.id)).toBe('In Progress');
  });

  it('when every service is on its last step, then the case is Completed', async () => {
    const first = await createService(t, headers, ['A', 'B', 'C']);
    const second = await createService(t, headers, ['X', 'Y']);
    const created = await createCase(t, headers, { serviceIds: [first.id, second.id] });
    await changeStep(t, headers, created.CaseServices[0]!.id, 'C');
    await changeStep(t, headers, created.CaseServices[1]!.id, 'Y');
    expect(await statusOf(created.id)).toBe('Completed');
    const progress = await publicStatus(created);
    expect(progress.status).toBe('Completed');
    expect(progress.servicesSubscribed.flatMap((s) => s.steps.map((step) => step.status))).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
  });

  it('when every service of a new case has a single step, then the case is Completed at once; a service without steps keeps it from that', async () => {
    const single = await createService(t, headers, ['Only']);
    const empty = await createService(t, headers, []);
    expect((await createCase(t, headers, { serviceIds: [single.id] })).status).toBe('Completed');
    expect((await createCase(t, headers, { serviceIds: [single.id, empty.id] })).status).toBe('Under Review');
  });

  it('when a step is added after the last one, then a Completed case is In Progress again, and Completed once more on the new last step', async () => {
    const service = await createService(t, headers, ['A', 'B']);
    const created = await createCase(t, headers, { serviceIds: [service.id] });
    await changeStep(t, headers, created.CaseServices[0]!.id, 'B');
    expect(await statusOf(created.id)).toBe('Completed');

    await createStep(t, headers, service.id, 'C', 3);
    expect(await statusOf(created.id)).toBe('In Progress');
    expect(
      (await publicStatus(created)).servicesSubscribed[0]!.steps.map(({ name, status }) => ({ name, status })),
    ).toEqual([
      { name: 'A', status: 'completed' },
      { name: 'B', status: 'active' },
      { name: 'C', status: 'pending' },
    ]);

    await changeStep(t, headers, created.CaseServices[0]!.id, 'C');
    expect(await statusOf(created.id)).toBe('Completed');
  });

  it('when a service without steps gets its first step, then its cases start on it and show it publicly', async () => {
    const service = await createService(t, headers, []);
    const created = await createCase(t, headers, { serviceIds: [service.id] });
    expect(created.CaseServices[0]!.current_step).toBeNull();
    t.clock.advance(60_000);

    await createStep(t, headers, service.id, 'Later', 2);
    const startedAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    await createStep(t, headers, service.id, 'Earlier', 1);
    await createStep(t, headers, service.id, 'Last', 3);

    const details = await getCase(t, headers, created.id);
    // It started on the step that was first when it got one; later steps before it do not move it.
    expect(details.CaseServices[0]).toMatchObject({ current_step: 'Later', last_updated: startedAt });
    expect(details.status).toBe('In Progress');
    expect((await publicStatus(created)).servicesSubscribed[0]).toMatchObject({
      currentStep: 'Later',
      steps: [
        { name: 'Earlier', status: 'completed' },
        { name: 'Later', status: 'active' },
        { name: 'Last', status: 'pending' },
      ],
    });
  });

  it('when the last step is deleted while cases sit on the one before, then those cases become Completed', async () => {
    const service = await createService(t, headers, ['A', 'B', 'C']);
    const created = await createCase(t, headers, { serviceIds: [service.id] });
    await changeStep(t, headers, created.CaseServices[0]!.id, 'B');
    expect(await statusOf(created.id)).toBe('In Progress');
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/caseadmin/steps/${service.steps[2]!.id}`,
      headers,
    });
    expect(response.statusCode).toBe(204);
    expect(await statusOf(created.id)).toBe('Completed');
  });

  it('when a completed service is removed from a case, then the status follows the services left', async () => {
    const done = await createService(t, headers, ['A', 'B']);
    const created = await createCase(t, headers, { serviceIds: [done.id, 1] });
    await changeStep(t, headers, created.CaseServices[0]!.id, 'B');
    expect(await statusOf(created.id)).toBe('In Progress');
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/caseadmin/cases/${created.id}/services`,
      headers,
      payload: { serviceIds: [done.id] },
    });
    expect(response.json<AdminCase>().status).toBe('Completed');
  });

  describe('the same status everywhere', () => {
    let s: TestApp;
    let h: AdminHeaders;
    const byStatus: Record<CaseStatus, AdminCase[]> = { 'Under Review': [], 'In Progress': [], Completed: [] };

    beforeAll(async () => {
      s = await createTestApp({ CASE_LOOKUP_RATE_LIMIT: '1000' });
      h = (await signInCaseAdmin(s)).headers;
      const service = await createService(s, h, ['A', 'B', 'C']);
      const plan: [CaseStatus, string | undefined][] = [
        ['Under Review', undefined],
        ['In Progress', 'B'],
        ['Completed', 'C'],
        ['In Progress', 'B'],
        ['Completed', 'C'],
        ['Completed', 'C'],
        ['Under Review', undefined],
      ];
      for (const [status, step] of plan) {
        const created = await createCase(s, h, { serviceIds: [service.id] });
        if (step) await changeStep(s, h, created.CaseServices[0]!.id, step);
        byStatus[status].push(created);
      }
    });
    afterAll(() => s.close());

    it('when the dashboard, the list filter and the public lookup are asked, then they agree', async () => {
      const metrics = (
        await s.app.inject({ method: 'GET', url: '/api/caseadmin/dashboard-metrics', headers: h })
      ).json<DashboardMetrics>();
      expect(metrics).toMatchObject({ totalCases: 7, pendingCases: 2, activeCases: 2, completedCases: 3 });

      const overview = (
        await s.app.inject({ method: 'GET', url: '/api/caseadmin/cases', headers: h })
      ).json<CasesOverview>();
      expect(overview.stats).toEqual({ pending: 2, active: 2, completed: 3 });

      for (const status of ['Under Review', 'In Progress', 'Completed'] as const) {
        const response = await s.app.inject({
          method: 'GET',
          url: '/api/caseadmin/cases',
          headers: h,
          query: { status },
        });
        const listed = response.json<AdminCase[]>();
        expect(listed.map((c) => c.id).sort()).toEqual(byStatus[status].map((c) => c.id).sort());
        expect(listed.every((c) => c.status === status)).toBe(true);
        for (const found of byStatus[status]) {
          const progress = await s.app.inject({
            method: 'GET',
            url: '/api/progress',
            query: { caseNumber: found.case_number, passportNumber: found.passport_number },
          });
          expect(progress.json<CaseProgress>().status).toBe(status);
        }
      }
      const recentStatuses = overview.recentCases.map((recent) => recent.status);
      expect(recentStatuses).toEqual(['Under Review', 'Completed', 'Completed', 'In Progress', 'Completed']);
    });
  });
});
