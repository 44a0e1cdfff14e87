import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BulkStepResponse,
  CaseDetails,
  CaseProgress,
  ChangeStepResponse,
  Service,
  Step,
} from '../../contracts/cases.js';
import type { PublicConfig } from '../../contracts/platform.js';
import { createCase, getCase, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { createTestApp, type TestApp } from '../test-app.js';

const DAY = 24 * 60 * 60_000;

/**
 * What the case desk built for issue 38 and only the screens showed so far: an undone move gives the
 * service back its time at the step, the same-passport check behind the create form's warning, the
 * export's owner, days at step and overdue columns, a step taking longer than usual instead of a past
 * estimate, the contact details on the tracker's answer and in every email, and a finished case.
 */
describe('case desk: undo, same passport, export, delays, contact and the finished case', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let headers: AdminHeaders;
  let admin: { email: string; password: string };
  let counter = 0;
  const tag = () => `DSK${++counter}${Date.now().toString(36).toUpperCase()}`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://pathway.test',
      CASE_STEP_UNDO_SECONDS: '60',
      CASE_CONTACT_PHONE: '+971 4 555 0100',
      CASE_CONTACT_WHATSAPP: '971501234567',
      CASE_CONTACT_EMAIL: 'cases@agency.example',
    });
    const signedIn = await signInCaseAdmin(t);
    headers = signedIn.headers;
    admin = { email: signedIn.email, password: signedIn.password };
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** The app's clock moved on; the same admin signs in again, as a session does not last days. */
  async function advance(ms: number) {
    t.clock.advance(ms);
    const login = await t.app.inject({ method: 'POST', url: '/api/caseadmin/login', payload: admin });
    expect(login.statusCode, login.body).toBe(200);
    headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
  }

  /** A service whose steps take the given expected days (the last step's figure is never used). */
  async function serviceWithDays(days: (number | null)[], prefix = tag()) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/caseadmin/services',
      headers,
      payload: { name: `Licence ${prefix}` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const service = created.json<Service>();
    const steps: Step[] = [];
    for (const [index, expected] of days.entries()) {
      const step = await t.app.inject({
        method: 'POST',
        url: `/api/caseadmin/services/${service.id}/steps`,
        headers,
        payload: { name: `Step ${index + 1} of ${prefix}`, sequence: index + 1, expected_days: expected },
      });
      expect(step.statusCode, step.body).toBe(201);
      steps.push(step.json<Step>());
    }
    return { service, steps };
  }
  const move = async (caseServiceId: number, newStep: string) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/caseadmin/caseservices/${caseServiceId}/step`,
      headers,
      payload: { newStep },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ChangeStepResponse>();
  };
  const details = async (id: number) => (await getCase(t, headers, id)) as unknown as CaseDetails;
  const lookup = async (caseNumber: string, passportNumber: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/progress', query: { caseNumber, passportNumber } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CaseProgress>();
  };

  describe('undo of a step move', () => {
    it('when a move is undone, then the service is back at its step since the moment it reached it, not since the undo', async () => {
      const { service, steps } = await serviceWithDays([30, 30, null]);
      const created = await createCase(t, headers, { serviceIds: [service.id] });
      const reachedAt = t.clock.now().toISOString();
      await advance(5 * DAY);
      const moved = await move(created.CaseServices[0]!.id, steps[1]!.name);
      await advance(30_000);

      const undone = await t.app.inject({
        method: 'POST',
        url: `/api/caseadmin/step-changes/${moved.stepChangeId}/undo`,
        headers,
      });
      expect(undone.statusCode, undone.body).toBe(200);
      const after = (await details(created.id)).CaseServices[0]!;
      expect([after.current_step, after.days_at_step]).toEqual([steps[0]!.name, 5]);
      const progress = await lookup(created.case_number, created.passport_number);
      expect(progress.servicesSubscribed[0]!.currentStepSince).toBe(reachedAt);
      // The estimate counts from that moment too: 30 + 30 days after it, not after the undo.
      expect(progress.servicesSubscribed[0]!.estimatedCompletion).toBe(
        new Date(new Date(reachedAt).getTime() + 60 * DAY).toISOString(),
      );
    });

    it('when a bulk move is undone, then every service is back at its step since its own moment', async () => {
      const { service, steps } = await serviceWithDays([30, 30, null]);
      const first = await createCase(t, headers, { serviceIds: [service.id] });
      await advance(2 * DAY);
      const second = await createCase(t, headers, { serviceIds: [service.id] });
      await advance(3 * DAY);
      const bulk = await t.app.inject({
        method: 'POST',
        url: '/api/caseadmin/cases/bulk-step',
        headers,
        payload: { caseIds: [first.id, second.id], serviceId: service.id, newStep: steps[1]!.name },
      });
      expect(bulk.statusCode, bulk.body).toBe(200);
      await advance(30_000);
      const undone = await t.app.inject({
        method: 'POST',
        url: '/api/caseadmin/step-changes/undo',
        headers,
        payload: { stepChangeIds: bulk.json<BulkStepResponse>().stepChangeIds },
      });
      expect(undone.statusCode, undone.body).toBe(200);
      expect((await details(first.id)).CaseServices[0]!.days_at_step).toBe(5);
      expect((await details(second.id)).CaseServices[0]!.days_at_step).toBe(3);
    });
  });

  it('when a passport number is asked however it is spaced, dashed or cased, then the cases holding it are named for the warning, and another number names none', async () => {
    const passport = `${tag()}-4471 823`;
    const existing = await createCase(t, headers, { passport_number: passport, client_name: 'أمينة الحربي' });
    const ask = (passportNumber: string) =>
      t.app.inject({ method: 'GET', url: '/api/caseadmin/cases/same-passport', headers, query: { passportNumber } });

    const same = await ask(passport.toLowerCase().replace(/[- ]/g, '. '));
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual([
      { id: existing.id, case_number: existing.case_number, client_name: 'أمينة الحربي', status: existing.status },
    ]);
    expect((await ask(`${passport}9`)).json()).toEqual([]);
    expect((await ask('')).statusCode).toBe(400);
  });

  it("when the list is exported, then each case's owner, days at its longest-waiting step and days overdue are columns, empty when not overdue or finished", async () => {
    const prefix = tag();
    const { service, steps } = await serviceWithDays([3, 20, null], prefix);
    await createCase(t, headers, { case_number: `${prefix}-A`, serviceIds: [service.id] });
    await advance(6 * DAY);
    const onTime = await createCase(t, headers, {
      case_number: `${prefix}-B`,
      serviceIds: [service.id],
      ownerId: null,
    });
    await move(onTime.CaseServices[0]!.id, steps[1]!.name);
    const finished = await createCase(t, headers, { case_number: `${prefix}-C`, serviceIds: [service.id] });
    await move(finished.CaseServices[0]!.id, steps[2]!.name);
    await advance(4 * DAY + 60_000);

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/caseadmin/cases/export?search=${prefix}&sortBy=case_number&order=ASC`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = parse(response.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.case_number, row.owner, row.days_at_step, row.overdue_days])).toEqual([
      // 10 days at a 3-day step: 7 over.
      [`${prefix}-A`, admin.email, '10', '7'],
      // Nobody owns it; 4 days at a 20-day step.
      [`${prefix}-B`, '', '4', ''],
      // On its last step: done, neither waiting nor overdue.
      [`${prefix}-C`, admin.email, '', ''],
    ]);
  });

  it('when a step has run past its usual length, then the tracker says it is taking longer than usual, and not before', async () => {
    const { service } = await serviceWithDays([3, 20, null]);
    const created = await createCase(t, headers, { serviceIds: [service.id] });
    await advance(3 * DAY);
    const onTime = (await lookup(created.case_number, created.passport_number)).servicesSubscribed[0]!;
    expect(onTime.delayed).toBe(false);
    expect(new Date(onTime.estimatedCompletion!).getTime()).toBeGreaterThan(t.clock.now().getTime());

    await advance(DAY + 60_000);
    expect((await lookup(created.case_number, created.passport_number)).servicesSubscribed[0]!.delayed).toBe(true);
  });

  it('when a case is completed, then the tracker says so, with every step done, no estimate and nothing delayed, however long ago', async () => {
    const { service, steps } = await serviceWithDays([3, 20, null]);
    const created = await createCase(t, headers, { serviceIds: [service.id] });
    await move(created.CaseServices[0]!.id, steps[2]!.name);
    await advance(400 * DAY);
    const progress = await lookup(created.case_number, created.passport_number);
    expect(progress.status).toBe('Completed');
    expect(progress.servicesSubscribed[0]).toMatchObject({
      currentStep: steps[2]!.name,
      estimatedCompletion: null,
      delayed: false,
    });
    expect(progress.servicesSubscribed[0]!.steps.map((step) => step.status)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
  });

  it("when the agency's contact settings are set, then the public settings, the tracker's answer and the applicant's email give the owner's name, phone, WhatsApp and email", async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json<PublicConfig>();
    expect(config.caseContact).toEqual({
      phone: '+971 4 555 0100',
      whatsapp: '971501234567',
      email: 'cases@agency.example',
    });

    const owner = await signInCaseAdmin(t);
    const named = await t.app.inject({
      method: 'PATCH',
      url: '/api/caseadmin/me',
      headers: owner.headers,
      payload: { name: 'Fatima Al-Zahra' },
    });
    expect(named.statusCode, named.body).toBe(200);
    const email = `${tag().toLowerCase()}@example.test`;
    const created = await createCase(t, owner.headers, { client_email: email, serviceIds: [1] });
    expect((await lookup(created.case_number, created.passport_number)).owner).toEqual({ name: 'Fatima Al-Zahra' });

    const mail = await smtp.nextMessage((m) => m.to.includes(email));
    for (const line of [
      'Your case is looked after by Fatima Al-Zahra.',
      'Phone: +971 4 555 0100',
      'WhatsApp: 971501234567',
      'Email: cases@agency.example',
    ])
      expect(mail.text).toContain(line);
  });
});
