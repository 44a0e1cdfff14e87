import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCase,
  createService,
  signInCaseAdmin,
  snapshotCasesTables,
  type AdminHeaders,
} from '../factories/cases.js';
import { createTestApp, type TestApp } from '../test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type BadRequest = {
  name: string;
  method: Method;
  url: string;
  payload?: InjectOptions['payload'];
  contentType?: string;
  status?: number;
};

const megabyteString = 'x'.repeat(1024 * 1024);
const longString = 'y'.repeat(10_000);

describe('bad input to the cases API', () => {
  let t: TestApp;
  let headers: AdminHeaders;
  let caseId: number;
  let caseServiceId: number;
  let serviceId: number;
  let stepId: number;

  beforeAll(async () => {
    t = await createTestApp({ CASE_LOOKUP_RATE_LIMIT: '1000', LOGIN_RATE_LIMIT: '1000' });
    headers = (await signInCaseAdmin(t)).headers;
    const service = await createService(t, headers, ['First', 'Second']);
    serviceId = service.id;
    stepId = service.steps[1]!.id;
    const created = await createCase(t, headers, {
      case_number: 'BAD-1',
      passport_number: 'PP1',
      serviceIds: [service.id],
    });
    caseId = created.id;
    caseServiceId = created.CaseServices[0]!.id;
  });
  afterAll(() => t.close());

  const validCase = { case_number: 'OK-1', passport_number: 'P1', client_name: 'Client' };

  // Each id-taking route, with ids that are not positive 32-bit integers.
  const badIds = ['abc', '-1', '0', '1.5', '99999999999', '2147483648', '1e3x', '%20', '0x1', '1e0', '%201', '+1'];
  const idRoutes = (id: string): BadRequest[] => [
    { name: `GET case ${id}`, method: 'GET', url: `/api/caseadmin/cases/${id}` },
    { name: `DELETE case ${id}`, method: 'DELETE', url: `/api/caseadmin/cases/${id}` },
    {
      name: `PUT services of case ${id}`,
      method: 'PUT',
      url: `/api/caseadmin/cases/${id}/services`,
      payload: { serviceIds: [1] },
    },
    { name: `DELETE service ${id}`, method: 'DELETE', url: `/api/caseadmin/services/${id}` },
    { name: `GET steps of service ${id}`, method: 'GET', url: `/api/caseadmin/services/${id}/steps` },
    {
      name: `POST step to service ${id}`,
      method: 'POST',
      url: `/api/caseadmin/services/${id}/steps`,
      payload: { name: 'S', sequence: 9 },
    },
    { name: `DELETE step ${id}`, method: 'DELETE', url: `/api/caseadmin/steps/${id}` },
    {
      name: `PUT step of case service ${id}`,
      method: 'PUT',
      url: `/api/caseadmin/caseservices/${id}/step`,
      payload: { newStep: 'Second' },
    },
  ];

  const requests = (): BadRequest[] => [
    // login
    { name: 'login without body', method: 'POST', url: '/api/caseadmin/login' },
    {
      name: 'login with a number email',
      method: 'POST',
      url: '/api/caseadmin/login',
      payload: { email: 1, password: 'x' },
    },
    {
      name: 'login with a non-email',
      method: 'POST',
      url: '/api/caseadmin/login',
      payload: { email: 'admin', password: 'x' },
    },
    {
      name: 'login with a huge password',
      method: 'POST',
      url: '/api/caseadmin/login',
      payload: { email: 'a@b.co', password: longString },
    },
    { name: 'login with an array body', method: 'POST', url: '/api/caseadmin/login', payload: [] },

    // create case
    { name: 'create case without fields', method: 'POST', url: '/api/caseadmin/cases', payload: {} },
    {
      name: 'create case without passport',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: { client_name: 'C' },
    },
    {
      name: 'create case with blank client name',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: { ...validCase, client_name: '   ' },
    },
    {
      name: 'create case with a number passport',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: { ...validCase, passport_number: 123 },
    },
    {
      name: 'create case with a null client name',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: { ...validCase, client_name: null },
    },
    {
      name: 'create case with a string serviceIds',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: { ...validCase, serviceIds: '1,2' },
    },
    {
      name: 'create case with string service ids',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: { ...validCase, serviceIds: ['1'] },
    },
    {
      name: 'create case with negative service ids',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: { ...validCase, serviceIds: [-1] },
    },
    {
      name: 'create case with fractional service ids',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: { ...validCase, serviceIds: [1.5] },
    },
    {
      name: 'create case with huge service ids',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: { ...validCase, serviceIds: [2 ** 40] },
    },
    {
      name: 'create case with an unknown service id',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: { ...validCase, serviceIds: [424242] },
    },
    {
      name: 'create case with a case number of spaces and symbols',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: { ...validCase, case_number: 'A B/C' },
    },
    {
      name: 'create case with an over-long case number',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: { ...validCase, case_number: 'A'.repeat(65) },
    },
    {
      name: 'create case with an over-long client name',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: { ...validCase, client_name: longString },
    },
    {
      name: 'create case with a 1 MB client name',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: { ...validCase, client_name: megabyteString },
    },
    {
      name: 'create case with an extra field',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: { ...validCase, status: 'Completed' },
    },
    {
      name: 'create case with a NUL byte in the client name',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: { ...validCase, client_name: 'A\u0000B' },
    },
    {
      name: 'create case with a NUL byte in the passport',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: { ...validCase, passport_number: '\u0000' },
    },
    {
      name: 'create case with a right-to-left override in the client name',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: { ...validCase, client_name: 'Zoë \u202Eevil' },
    },
    {
      name: 'create case with a __proto__ key',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: `{"case_number":"OK-2","passport_number":"P","client_name":"C","__proto__":{"isAdmin":true}}`,
      contentType: 'application/json',
    },
    {
      name: 'create case with a constructor.prototype key',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: `{"case_number":"OK-3","passport_number":"P","client_name":"C","constructor":{"prototype":{"x":1}}}`,
      contentType: 'application/json',
    },
    {
      name: 'create case with broken JSON',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: '{"case_number": "OK-4",',
      contentType: 'application/json',
    },
    {
      name: 'create case with an empty JSON body',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: '',
      contentType: 'application/json',
    },
    {
      name: 'create case as plain text',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: 'case_number=OK-5',
      contentType: 'text/plain',
    },
    {
      name: 'create case as a form',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: 'case_number=OK-6&passport_number=P&client_name=C',
      contentType: 'application/x-www-form-urlencoded',
    },
    {
      name: 'create case as XML',
      method: 'POST',
      url: '/api/caseadmin/cases',
      payload: '<case/>',
      contentType: 'application/xml',
    },

    // case services
    { name: 'set services without body', method: 'PUT', url: `/api/caseadmin/cases/${caseId}/services` },
    {
      name: 'set services to a number',
      method: 'PUT',
      url: `/api/caseadmin/cases/${caseId}/services`,
      payload: { serviceIds: 1 },
    },
    {
      name: 'set services with null inside',
      method: 'PUT',
      url: `/api/caseadmin/cases/${caseId}/services`,
      payload: { serviceIds: [null] },
    },
    {
      name: 'set services to an unknown one',
      method: 'PUT',
      url: `/api/caseadmin/cases/${caseId}/services`,
      payload: { serviceIds: [1, 424242] },
    },
    {
      name: 'set services with an extra field',
      method: 'PUT',
      url: `/api/caseadmin/cases/${caseId}/services`,
      payload: { serviceIds: [1], case_number: 'X' },
    },
    {
      name: 'set services with too many ids',
      method: 'PUT',
      url: `/api/caseadmin/cases/${caseId}/services`,
      payload: { serviceIds: Array.from({ length: 51 }, (_, i) => i + 1) },
    },
    {
      name: 'set services of an unknown case',
      method: 'PUT',
      url: '/api/caseadmin/cases/424242/services',
      payload: { serviceIds: [1] },
      status: 404,
    },

    // services
    { name: 'create service without name', method: 'POST', url: '/api/caseadmin/services', payload: {} },
    { name: 'create service with a number name', method: 'POST', url: '/api/caseadmin/services', payload: { name: 5 } },
    {
      name: 'create service with a blank name',
      method: 'POST',
      url: '/api/caseadmin/services',
      payload: { name: ' \t ' },
    },
    {
      name: 'create service with an over-long name',
      method: 'POST',
      url: '/api/caseadmin/services',
      payload: { name: longString },
    },
    {
      name: 'create service with a NUL byte',
      method: 'POST',
      url: '/api/caseadmin/services',
      payload: { name: 'Bad\u0000Name' },
    },
    {
      name: 'create service with an extra field',
      method: 'POST',
      url: '/api/caseadmin/services',
      payload: { name: 'Extra', id: 1 },
    },
    {
      name: 'create service with broken JSON',
      method: 'POST',
      url: '/api/caseadmin/services',
      payload: '{name:',
      contentType: 'application/json',
    },
    { name: 'delete an unknown service', method: 'DELETE', url: '/api/caseadmin/services/424242', status: 404 },

    // steps
    {
      name: 'create step without fields',
      method: 'POST',
      url: `/api/caseadmin/services/${serviceId}/steps`,
      payload: {},
    },
    {
      name: 'create step without sequence',
      method: 'POST',
      url: `/api/caseadmin/services/${serviceId}/steps`,
      payload: { name: 'Third' },
    },
    {
      name: 'create step with a word sequence',
      method: 'POST',
      url: `/api/caseadmin/services/${serviceId}/steps`,
      payload: { name: 'Third', sequence: 'three' },
    },
    {
      name: 'create step with an empty sequence',
      method: 'POST',
      url: `/api/caseadmin/services/${serviceId}/steps`,
      payload: { name: 'Third', sequence: '' },
    },
    {
      name: 'create step with a fractional sequence',
      method: 'POST',
      url: `/api/caseadmin/services/${serviceId}/steps`,
      payload: { name: 'Third', sequence: 2.5 },
    },
    {
      name: 'create step with a zero sequence',
      method: 'POST',
      url: `/api/caseadmin/services/${serviceId}/steps`,
      payload: { name: 'Third', sequence: 0 },
    },
    {
      name: 'create step with a negative sequence',
      method: 'POST',
      url: `/api/caseadmin/services/${serviceId}/steps`,
      payload: { name: 'Third', sequence: -3 },
    },
    {
      name: 'create step with a huge sequence',
      method: 'POST',
      url: `/api/caseadmin/services/${serviceId}/steps`,
      payload: { name: 'Third', sequence: 1e12 },
    },
    {
      name: 'create step with a boolean sequence',
      method: 'POST',
      url: `/api/caseadmin/services/${serviceId}/steps`,
      payload: { name: 'Third', sequence: true },
    },
    {
      name: 'create step with a NUL byte name',
      method: 'POST',
      url: `/api/caseadmin/services/${serviceId}/steps`,
      payload: { name: '\u0000', sequence: 3 },
    },
    {
      name: 'create step with an extra field',
      method: 'POST',
      url: `/api/caseadmin/services/${serviceId}/steps`,
      payload: { name: 'Third', sequence: 3, service_id: 1 },
    },
    {
      name: 'create step for an unknown service',
      method: 'POST',
      url: '/api/caseadmin/services/424242/steps',
      payload: { name: 'Third', sequence: 3 },
      status: 404,
    },
    {
      name: 'list steps of an unknown service',
      method: 'GET',
      url: '/api/caseadmin/services/424242/steps',
      status: 404,
    },
    { name: 'delete an unknown step', method: 'DELETE', url: '/api/caseadmin/steps/424242', status: 404 },

    // step changes
    { name: 'change step without body', method: 'PUT', url: `/api/caseadmin/caseservices/${caseServiceId}/step` },
    {
      name: 'change step to a number',
      method: 'PUT',
      url: `/api/caseadmin/caseservices/${caseServiceId}/step`,
      payload: { newStep: 2 },
    },
    {
      name: 'change step to a blank name',
      method: 'PUT',
      url: `/api/caseadmin/caseservices/${caseServiceId}/step`,
      payload: { newStep: '  ' },
    },
    {
      name: 'change step to another letter case',
      method: 'PUT',
      url: `/api/caseadmin/caseservices/${caseServiceId}/step`,
      payload: { newStep: 'second' },
    },
    {
      name: 'change step to a step of another service',
      method: 'PUT',
      url: `/api/caseadmin/caseservices/${caseServiceId}/step`,
      payload: { newStep: 'Attestation' },
    },
    {
      name: 'change step to a 1 MB name',
      method: 'PUT',
      url: `/api/caseadmin/caseservices/${caseServiceId}/step`,
      payload: { newStep: megabyteString },
    },
    {
      name: 'change step with a step id instead of a name',
      method: 'PUT',
      url: `/api/caseadmin/caseservices/${caseServiceId}/step`,
      payload: { stepId },
    },
    {
      name: 'change step with an extra field',
      method: 'PUT',
      url: `/api/caseadmin/caseservices/${caseServiceId}/step`,
      payload: { newStep: 'Second', caseId: 1 },
    },
    {
      name: 'change step of an unknown case service',
      method: 'PUT',
      url: '/api/caseadmin/caseservices/424242/step',
      payload: { newStep: 'Second' },
      status: 404,
    },
    { name: 'delete an unknown case', method: 'DELETE', url: '/api/caseadmin/cases/424242', status: 404 },

    ...badIds.flatMap(idRoutes),
  ];

  it('when any write gets bad input, then it answers 4xx with an error and the database is unchanged', async () => {
    const failures: string[] = [];
    for (const request of requests()) {
      const before = await snapshotCasesTables(t);
      const payload = request.payload === undefined ? {} : { payload: request.payload };
      const response = await t.app.inject({
        method: request.method,
        url: request.url,
        headers: { ...headers, ...(request.contentType ? { 'content-type': request.contentType } : {}) },
        ...payload,
      });
      const body = String(response.headers['content-type']).includes('application/json')
        ? response.json<{ error?: unknown }>()
        : undefined;
      const statusOk = request.status
        ? response.statusCode === request.status
        : response.statusCode >= 400 && response.statusCode < 500;
      if (!statusOk || typeof body?.error !== 'string' || body.error.length === 0) {
        failures.push(`${request.name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        continue;
      }
      const after = await snapshotCasesTables(t);
      if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${request.name}: changed the database`);
    }
    expect(failures).toEqual([]);
  });

  it('when the list gets bad query values, then 400 names the parameter', async () => {
    const bad: Record<string, string>[] = [
      { status: 'Lost' },
      { sortBy: 'client_name' },
      { sortBy: 'createdAt; DROP TABLE cases' },
      { order: 'sideways' },
      { page: '0' },
      { page: 'two' },
      { pageSize: '1000' },
      { search: 'z'.repeat(65) },
      { search: 'a\u0000b' },
    ];
    for (const query of bad) {
      const response = await t.app.inject({ method: 'GET', url: '/api/caseadmin/cases', headers, query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json<{ field?: string; code?: string }>()).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: Object.keys(query)[0],
      });
    }
  });

  it('when the public lookup gets odd values, then 4xx with an error, never 5xx', async () => {
    const queries: Record<string, string | string[]>[] = [
      { caseNumber: 'BAD-1', passportNumber: '\u0000' },
      { caseNumber: '\u0000', passportNumber: 'PP1' },
      { caseNumber: ['BAD-1', 'BAD-2'], passportNumber: 'PP1' },
      { caseNumber: 'x'.repeat(5000), passportNumber: 'PP1' },
      { caseNumber: "' OR 1=1 --", passportNumber: "' OR 1=1 --" },
    ];
    for (const query of queries) {
      const response = await t.app.inject({ method: 'GET', url: '/api/progress', query });
      expect([400, 404], JSON.stringify(query).slice(0, 80)).toContain(response.statusCode);
      expect(typeof response.json<{ error: unknown }>().error).toBe('string');
    }
  });

  it('when the case is read back after all that, then it is as it was made', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/caseadmin/cases/${caseId}`, headers });
    expect(response.json()).toMatchObject({
      case_number: 'BAD-1',
      passport_number: 'PP1',
      CaseServices: [{ current_step: 'First' }],
      history: [],
    });
  });
});
