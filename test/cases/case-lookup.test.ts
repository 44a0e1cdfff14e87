import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseProgress, CreateCaseBody } from '../../contracts/cases.js';
import { signInCaseAdmin } from '../factories/cases.js';
import { createTestApp, type TestApp } from '../test-app.js';

describe('public case lookup', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ CASE_LOOKUP_RATE_LIMIT: '1000' });
    headers = (await signInCaseAdmin(t)).headers;
  });
  afterAll(() => t.close());

  async function createCase(body: CreateCaseBody) {
    const response = await t.app.inject({ method: 'POST', url: '/api/caseadmin/cases', headers, payload: body });
    expect(response.statusCode).toBe(201);
    return response.json<{ newCase: { id: number; case_number: string } }>().newCase;
  }

  it('when the case number and passport match, then the progress of every subscribed service is returned', async () => {
    const created = await createCase({ case_number: 'lk-1001', passport_number: 'AB 123456', client_name: 'Amal', serviceIds: [1, 3] });
    expect(created.case_number).toBe('LK-1001');

    const response = await t.app.inject({ method: 'GET', url: '/api/progress', query: { caseNumber: 'LK-1001', passportNumber: 'ab123456' } });

    expect(response.statusCode).toBe(200);
    const progress = response.json<CaseProgress>();
    expect(progress).toMatchObject({ caseNumber: 'LK-1001', passportNumber: 'AB 123456', status: 'Under Review' });
    expect(progress.servicesSubscribed.map((s) => s.serviceName)).toEqual(['Documents Verification', 'License Registration']);
    expect(progress.servicesSubscribed[0]).toMatchObject({
      currentStep: 'Documents Received',
      steps: [
        { name: 'Documents Received', status: 'active' },
        { name: 'Documents Under Review', status: 'pending' },
        { name: 'Attestation', status: 'pending' },
        { name: 'Documents Verified', status: 'pending' },
      ],
    });
  });

  it('when the passport is wrong or the case unknown, then both answer the same 404', async () => {
    await createCase({ case_number: 'LK-1002', passport_number: 'P1', client_name: 'Bilal', serviceIds: [] });
    const wrongPassport = await t.app.inject({ method: 'GET', url: '/api/progress', query: { caseNumber: 'LK-1002', passportNumber: 'P2' } });
    const unknownCase = await t.app.inject({ method: 'GET', url: '/api/progress', query: { caseNumber: 'LK-9999', passportNumber: 'P1' } });

    expect(wrongPassport.statusCode).toBe(404);
    expect(unknownCase.statusCode).toBe(404);
    expect(wrongPassport.json()).toEqual(unknownCase.json());
    expect(wrongPassport.json()).toEqual({ error: 'Case details not found. Please verify your information.' });
  });
});
