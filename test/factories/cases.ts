import { expect } from 'vitest';
import type { AdminCase, CreateCaseBody, Service, Step } from '../../contracts/cases.js';
import { upsertCaseAdmin } from '../../server/cases/case-admins.js';
import { issueOneTimeToken } from '../../server/platform/one-time-tokens.js';
import type { TestApp } from '../test-app.js';

let adminCounter = 0;
let caseCounter = 0;
let serviceCounter = 0;

export type AdminHeaders = { authorization: string };

/** A case admin account and a bearer token for it, made through the real login. */
export async function signInCaseAdmin(t: TestApp) {
  const email = `admin${++adminCounter}@example.test`;
  const password = 'correct horse battery';
  await upsertCaseAdmin(t.db, email, password);
  const response = await t.app.inject({ method: 'POST', url: '/api/caseadmin/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const { token } = response.json<{ token: string }>();
  const headers: AdminHeaders = { authorization: `Bearer ${token}` };
  return { email, password, token, headers };
}

/** A case made through the API; unless given, a unique case number and no services. */
export async function createCase(
  t: TestApp,
  headers: AdminHeaders,
  body: Partial<CreateCaseBody> = {},
): Promise<AdminCase> {
  const payload: CreateCaseBody = {
    case_number: `T-${++caseCounter}-${Date.now().toString(36).toUpperCase()}`,
    passport_number: `P${caseCounter}X`,
    client_name: `Client ${caseCounter}`,
    serviceIds: [],
    ...body,
  };
  const response = await t.app.inject({ method: 'POST', url: '/api/caseadmin/cases', headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ newCase: AdminCase }>().newCase;
}

/** A service with the given steps (sequence 1, 2, …), made through the API. */
export async function createService(
  t: TestApp,
  headers: AdminHeaders,
  stepNames: string[] = ['Step One', 'Step Two', 'Step Three'],
  name = `Service ${++serviceCounter}`,
): Promise<Service & { steps: Step[] }> {
  const created = await t.app.inject({ method: 'POST', url: '/api/caseadmin/services', headers, payload: { name } });
  expect(created.statusCode, created.body).toBe(201);
  const service = created.json<Service>();
  const steps: Step[] = [];
  for (const [index, stepName] of stepNames.entries()) {
    steps.push(await createStep(t, headers, service.id, stepName, index + 1));
  }
  return { ...service, steps };
}

export async function createStep(
  t: TestApp,
  headers: AdminHeaders,
  serviceId: number,
  name: string,
  sequence: number,
): Promise<Step> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/caseadmin/services/${serviceId}/steps`,
    headers,
    payload: { name, sequence },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Step>();
}

export async function changeStep(t: TestApp, headers: AdminHeaders, caseServiceId: number, newStep: string) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/caseadmin/caseservices/${caseServiceId}/step`,
    headers,
    payload: { newStep },
  });
  expect(response.statusCode, response.body).toBe(200);
}

export async function getCase(t: TestApp, headers: AdminHeaders, id: number) {
  const response = await t.app.inject({ method: 'GET', url: `/api/caseadmin/cases/${id}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminCase & { history: unknown[] }>();
}

const snapshotTables = ['case_admins', 'cases', 'services', 'steps', 'case_services', 'step_changes'];

/** Every row of the Cases tables, to show that a refused request changed nothing. */
export async function snapshotCasesTables(t: TestApp): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of snapshotTables) {
    snapshot[table] = (await t.database.pool.query(`SELECT * FROM ${table} ORDER BY id`)).rows;
  }
  return snapshot;
}

/**
 * The applicant of a case signed in as the emailed link does (its token issued here rather than
 * read from the email): headers of a same-site request carrying the session cookie.
 */
export async function signInApplicant(t: TestApp, caseId: number, origin: string): Promise<Record<string, string>> {
  const token = await issueOneTimeToken(t.db, 'applicant-access', String(caseId), t.clock.now(), 3600);
  const session = await t.app.inject({
    method: 'POST',
    url: '/api/applicant/session',
    headers: { origin },
    payload: { token },
  });
  expect(session.statusCode, session.body).toBe(204);
  const cookie = session.cookies.find((c) => c.name === 'pathway_applicant');
  return { cookie: `pathway_applicant=${cookie?.value ?? ''}`, origin };
}
