import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkStepResponse, CaseDetails, ChangeStepResponse } from '../../contracts/cases.js';
import { createCase, createService, getCase, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { createTestApp, type TestApp } from '../test-app.js';

/**
 * A single step change asks whether to email the applicant and can be undone for a while
 * (CASE_STEP_UNDO_SECONDS, on the app's clock); its email waits at least that long, so undoing
 * withdraws it. The notification delay is shorter than the undo window here on purpose.
 */
describe('step change: notify choice and undo', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let headers: AdminHeaders;
  let counter = 0;
  const address = () => `undo${++counter}-${Date.now().toString(36)}@example.test`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://pathway.test',
      CASE_NOTIFICATION_DELAY_SECONDS: '5',
      CASE_STEP_UNDO_SECONDS: '60',
    });
    headers = (await signInCaseAdmin(t)).headers;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const query = async <T extends object>(text: string, values: unknown[] = []) =>
    (await t.database.pool.query<T & Record<string, unknown>>(text, values)).rows;
  const pendingNews = async (caseId: number) =>
    (
      await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM case_notification_changes WHERE case_id = $1 AND notified_at IS NULL`,
        [caseId],
      )
    )[0]?.n;
  const waitingJob = async (caseId: number) =>
    (
      await query<{ wait: number }>(
        `SELECT extract(epoch FROM start_after - created_on)::int AS wait FROM pgboss.job WHERE name = 'case-notification' AND state = 'created' AND data->>'caseId' = $1`,
        [String(caseId)],
      )
    )[0];
  const change = (caseServiceId: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/caseadmin/caseservices/${caseServiceId}/step`, headers, payload });
  const undo = (stepChangeId: number | string, as: AdminHeaders | Record<string, never> = headers) =>
    t.app.inject({ method: 'POST', url: `/api/caseadmin/step-changes/${stepChangeId}/undo`, headers: as });
  const details = async (id: number) => (await getCase(t, headers, id)) as unknown as CaseDetails;

  async function caseOnTwoStepService(email = address()) {
    const service = await createService(t, headers, ['Received', 'Reviewed', 'Approved']);
    const created = await createCase(t, headers, { client_email: email, serviceIds: [service.id] });
    return { service, created, caseServiceId: created.CaseServices[0]!.id, email };
  }

  it('when an admin changes a step, then the answer names the change and its undo deadline, and its email waits for the undo window', async () => {
    const { created, caseServiceId } = await caseOnTwoStepService();
    const response = await change(caseServiceId, { newStep: 'Reviewed' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ChangeStepResponse>();
    expect(body.message).toBe('Current step updated!');
    expect(body.stepChangeId).toBe((await details(created.id)).history[0]!.id);
    expect(body.undoUntil).toBe(new Date(t.clock.now().getTime() + 60_000).toISOString());
    expect(await pendingNews(created.id)).toBe(1);
    // Not the 5 s notification delay: the undo window's 60.
    expect((await waitingJob(created.id))?.wait).toBeGreaterThanOrEqual(59);

    const again = await change(caseServiceId, { newStep: 'Reviewed' });
    expect(again.json<ChangeStepResponse>()).toEqual({
      message: 'Current step updated!',
      stepChangeId: null,
      undoUntil: null,
    });
  });

  it('when the change is undone in time, then the step is back, the waiting email is withdrawn and the history records both', async () => {
    const { created, caseServiceId, email } = await caseOnTwoStepService();
    const moved = (await change(caseServiceId, { newStep: 'Approved' })).json<ChangeStepResponse>();
    expect((await details(created.id)).status).toBe('Completed');
    t.clock.advance(59_000);

    const undone = await undo(moved.stepChangeId!);
    expect(undone.statusCode, undone.body).toBe(200);
    const after = await details(created.id);
    expect(after.CaseServices[0]!.current_step).toBe('Received');
    expect(after.status).toBe('Under Review');
    expect(after.history.map((entry) => [entry.fromStep, entry.toStep])).toEqual([
      ['Approved', 'Received'],
      ['Received', 'Approved'],
    ]);
    expect(after.events[0]).toMatchObject({
      kind: 'step change undone',
      summary: expect.stringMatching(
        /^Undid moving Service \d+ to "Approved": back at "Received"; the email to the applicant about it was withdrawn$/,
      ),
    });
    // The step's news is withdrawn; the completion's stays for the job, which checks the status when it runs.
    expect(
      await query(
        `SELECT service_name, step_name FROM case_notification_changes WHERE case_id = $1 AND notified_at IS NULL`,
        [created.id],
      ),
    ).toEqual([{ service_name: null, step_name: null }]);

    // The job, run now, finds nothing to say (the completion it was queued for is undone too).
    await query(
      `UPDATE pgboss.job SET start_after = now() WHERE name = 'case-notification' AND state = 'created' AND data->>'caseId' = $1`,
      [String(created.id)],
    );
    await expect
      .poll(
        async () =>
          (
            await query(
              `SELECT 1 FROM pgboss.job WHERE name = 'case-notification' AND state = 'completed' AND data->>'caseId' = $1`,
              [String(created.id)],
            )
          ).length,
      )
      .toBeGreaterThan(0);
    // (Only the case-opened email of its creation reached the applicant.)
    expect(smtp.messages.filter((m) => m.to.includes(email) && !m.subject.endsWith('has been opened'))).toEqual([]);
  });

  it('when the undo window has passed, then undo is refused with 409 and nothing changes', async () => {
    const { created, caseServiceId } = await caseOnTwoStepService();
    const moved = (await change(caseServiceId, { newStep: 'Reviewed' })).json<ChangeStepResponse>();
    t.clock.advance(60_001);
    const late = await undo(moved.stepChangeId!);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ error: string }>().error).toBe(
      'This step change can no longer be undone: change the step again instead',
    );
    const after = await details(created.id);
    expect(after.CaseServices[0]!.current_step).toBe('Reviewed');
    expect(after.history).toHaveLength(1);
    expect(await pendingNews(created.id)).toBe(1);
  });

  it('when the service has moved again since, or the change was undone already, then undoing it is refused with 409', async () => {
    const { created, caseServiceId } = await caseOnTwoStepService();
    const first = (await change(caseServiceId, { newStep: 'Reviewed' })).json<ChangeStepResponse>();
    const second = (await change(caseServiceId, { newStep: 'Approved' })).json<ChangeStepResponse>();
    const stale = await undo(first.stepChangeId!);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ error: string }>().error).toContain('changed again since');
    expect((await details(created.id)).CaseServices[0]!.current_step).toBe('Approved');

    expect((await undo(second.stepChangeId!)).statusCode).toBe(200);
    const twice = await undo(second.stepChangeId!);
    expect(twice.statusCode).toBe(409);
    const after = await details(created.id);
    expect(after.CaseServices[0]!.current_step).toBe('Reviewed');
    expect(after.history).toHaveLength(3);
  });

  it('when the admin chooses not to notify, then no email is queued for the step, and undoing it says nothing was withdrawn', async () => {
    const { created, caseServiceId } = await caseOnTwoStepService();
    const moved = await change(caseServiceId, { newStep: 'Reviewed', notify: false });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await pendingNews(created.id)).toBe(0);
    expect(await waitingJob(created.id)).toBeUndefined();
    expect((await undo(moved.json<ChangeStepResponse>().stepChangeId!)).statusCode).toBe(200);
    expect((await details(created.id)).events[0]!.summary).toMatch(
      /^Undid moving Service \d+ to "Reviewed": back at "Received"$/,
    );
  });

  it('when the admin chooses not to notify and the change completes the case, then not even the completion is emailed', async () => {
    const { created, caseServiceId } = await caseOnTwoStepService();
    const moved = await change(caseServiceId, { newStep: 'Approved', notify: false });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await details(created.id)).status).toBe('Completed');
    expect(await pendingNews(created.id)).toBe(0);
    expect(await waitingJob(created.id)).toBeUndefined();

    // The same change with the default choice queues the completion news beside the step's.
    const other = await caseOnTwoStepService();
    expect((await change(other.caseServiceId, { newStep: 'Approved' })).statusCode).toBe(200);
    expect(await pendingNews(other.created.id)).toBe(2);
  });

  describe('bulk moves', () => {
    const bulk = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/caseadmin/cases/bulk-step', headers, payload });
    const undoMany = (payload: unknown, as: AdminHeaders | Record<string, never> = headers) =>
      t.app.inject({
        method: 'POST',
        url: '/api/caseadmin/step-changes/undo',
        headers: as,
        payload: payload as Record<string, unknown>,
      });

    async function twoCases() {
      const service = await createService(t, headers, ['Received', 'Reviewed', 'Approved']);
      const [a, b] = [address(), address()];
      const first = await createCase(t, headers, { client_email: a, serviceIds: [service.id] });
      const second = await createCase(t, headers, { client_email: b, serviceIds: [service.id] });
      return { service, first, second, emails: [a, b] };
    }

    it('when cases are moved in bulk, then the answer names every move and the undo deadline, and their emails wait for the undo window', async () => {
      const { service, first, second } = await twoCases();
      const response = await bulk({ caseIds: [first.id, second.id], serviceId: service.id, newStep: 'Reviewed' });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<BulkStepResponse>();
      expect(body.changed).toBe(2);
      expect(body.stepChangeIds.toSorted()).toEqual(
        [(await details(first.id)).history[0]!.id, (await details(second.id)).history[0]!.id].toSorted(),
      );
      expect(body.undoUntil).toBe(new Date(t.clock.now().getTime() + 60_000).toISOString());
      for (const created of [first, second]) expect((await waitingJob(created.id))?.wait).toBeGreaterThanOrEqual(59);

      const again = await bulk({ caseIds: [first.id, second.id], serviceId: service.id, newStep: 'Reviewed' });
      expect(again.json<BulkStepResponse>()).toMatchObject({ changed: 0, stepChangeIds: [], undoUntil: null });
    });

    it('when a bulk move is undone in time, then every case is back, the waiting emails are withdrawn and each history records both', async () => {
      const { service, first, second, emails } = await twoCases();
      const moved = (
        await bulk({ caseIds: [first.id, second.id], serviceId: service.id, newStep: 'Approved' })
      ).json<BulkStepResponse>();
      t.clock.advance(59_000);
      const undone = await undoMany({ stepChangeIds: moved.stepChangeIds });
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json()).toEqual({ message: 'Undid 2 step change(s)' });
      for (const created of [first, second]) {
        const after = await details(created.id);
        expect(after.CaseServices[0]!.current_step).toBe('Received');
        expect(after.status).toBe('Under Review');
        expect(after.history.map((entry) => [entry.fromStep, entry.toStep])).toEqual([
          ['Approved', 'Received'],
          ['Received', 'Approved'],
        ]);
        expect(after.events[0]).toMatchObject({
          kind: 'step change undone',
          summary: expect.stringContaining('the email to the applicant about it was withdrawn'),
        });
        expect(
          await query(
            `SELECT step_name FROM case_notification_changes WHERE case_id = $1 AND notified_at IS NULL AND step_name IS NOT NULL`,
            [created.id],
          ),
        ).toEqual([]);
      }
      await query(
        `UPDATE pgboss.job SET start_after = now() WHERE name = 'case-notification' AND state = 'created' AND data->>'caseId' = ANY($1)`,
        [[String(first.id), String(second.id)]],
      );
      for (const created of [first, second]) {
        await expect
          .poll(
            async () =>
              (
                await query(
                  `SELECT 1 FROM pgboss.job WHERE name = 'case-notification' AND state = 'completed' AND data->>'caseId' = $1`,
                  [String(created.id)],
                )
              ).length,
          )
          .toBeGreaterThan(0);
      }
      expect(
        smtp.messages.filter(
          (m) => emails.some((email) => m.to.includes(email)) && !m.subject.endsWith('has been opened'),
        ),
      ).toEqual([]);
    });

    it('when one of the moves can no longer be undone, then none is undone (409)', async () => {
      const { service, first, second } = await twoCases();
      const moved = (
        await bulk({ caseIds: [first.id, second.id], serviceId: service.id, newStep: 'Reviewed' })
      ).json<BulkStepResponse>();
      // The second case moves again since: its move cannot be taken back, so neither is.
      expect((await change(second.CaseServices[0]!.id, { newStep: 'Approved' })).statusCode).toBe(200);
      const refused = await undoMany({ stepChangeIds: moved.stepChangeIds });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ error: string }>().error).toContain('changed again since');
      expect((await details(first.id)).CaseServices[0]!.current_step).toBe('Reviewed');
      expect((await details(first.id)).history).toHaveLength(1);

      t.clock.advance(60_001);
      const late = await undoMany({ stepChangeIds: [moved.stepChangeIds[0]] });
      expect(late.statusCode).toBe(409);
      expect((await details(first.id)).CaseServices[0]!.current_step).toBe('Reviewed');
    });

    it('when the admin chooses not to notify a bulk move, then nothing is queued for those cases', async () => {
      const { service, first, second } = await twoCases();
      const moved = await bulk({
        caseIds: [first.id, second.id],
        serviceId: service.id,
        newStep: 'Approved',
        notify: false,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      for (const created of [first, second]) {
        expect((await details(created.id)).status).toBe('Completed');
        expect(await pendingNews(created.id)).toBe(0);
      }
    });

    it('when the undo request is bad, unknown or unauthenticated, then 4xx says why and nothing changes', async () => {
      const { service, first } = await twoCases();
      const moved = (
        await bulk({ caseIds: [first.id], serviceId: service.id, newStep: 'Reviewed' })
      ).json<BulkStepResponse>();
      for (const payload of [
        {},
        { stepChangeIds: [] },
        { stepChangeIds: ['x'] },
        { stepChangeIds: moved.stepChangeIds, extra: 1 },
      ]) {
        const response = await undoMany(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json<{ error: string }>().error).toBeTruthy();
      }
      expect((await undoMany({ stepChangeIds: [...moved.stepChangeIds, 2_000_000_000] })).statusCode).toBe(404);
      expect((await undoMany({ stepChangeIds: moved.stepChangeIds }, {})).statusCode).toBe(401);
      expect((await details(first.id)).CaseServices[0]!.current_step).toBe('Reviewed');
    });
  });

  it('when the request is bad or unauthenticated, then 4xx says why and nothing changes', async () => {
    const { created, caseServiceId } = await caseOnTwoStepService();
    const badNotify = await change(caseServiceId, { newStep: 'Reviewed', notify: 'yes' });
    expect(badNotify.statusCode).toBe(400);
    expect(badNotify.json<{ error: string }>().error).toBe('Notify must be true or false.');
    const moved = (await change(caseServiceId, { newStep: 'Reviewed' })).json<ChangeStepResponse>();
    expect((await undo('abc')).statusCode).toBe(400);
    expect((await undo(2_000_000_000)).statusCode).toBe(404);
    expect((await undo(moved.stepChangeId!, {})).statusCode).toBe(401);
    expect((await details(created.id)).CaseServices[0]!.current_step).toBe('Reviewed');
  });
});
