import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCase, CaseProgress, CreateCaseBody } from '../../contracts/cases.js';
import { changeStep, createService, signInCaseAdmin } from '../factories/cases.js';
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
    return response.json<{ newCase: AdminCase }>().newCase;
  }

  it('when the case number and passport match, then the progress of every subscribed service is returned', async () => {
    const created = await createCase({
      case_number: 'lk-1001',
      passport_number: 'AB 123456',
      client_name: 'Amal',
      serviceIds: [1, 3],
    });
    expect(created.case_number).toBe('LK-1001');

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/progress',
      query: { caseNumber: 'LK-1001', passportNumber: 'ab123456' },
    });

    expect(response.statusCode).toBe(200);
    const progress = response.json<CaseProgress>();
    expect(progress).toMatchObject({ caseNumber: 'LK-1001', passportNumber: 'AB 123456', status: 'Under Review' });
    expect(progress.servicesSubscribed.map((s) => s.serviceName)).toEqual([
      'Documents Verification',
      'License Registration',
    ]);
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
    const wrongPassport = await t.app.inject({
      method: 'GET',
      url: '/api/progress',
      query: { caseNumber: 'LK-1002', passportNumber: 'P2' },
    });
    const unknownCase = await t.app.inject({
      method: 'GET',
      url: '/api/progress',
      query: { caseNumber: 'LK-9999', passportNumber: 'P1' },
    });

    expect(wrongPassport.statusCode).toBe(404);
    expect(unknownCase.statusCode).toBe(404);
    expect(wrongPassport.json()).toEqual(unknownCase.json());
    expect(wrongPassport.json()).toEqual({ error: 'Case details not found. Please verify your information.' });
  });
  it('when a field is missing or blank, then 400 says which one is required and names it in `field`', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ passportNumber: 'P1' }, 'Please enter the case number.', 'caseNumber'],
      [{ caseNumber: 'LK-1001' }, 'Please enter the passport number.', 'passportNumber'],
      [{ caseNumber: '   ', passportNumber: 'P1' }, 'Please enter the case number.', 'caseNumber'],
      [{ caseNumber: 'LK-1001', passportNumber: '' }, 'Please enter the passport number.', 'passportNumber'],
    ];
    for (const [query, error, field] of cases) {
      const response = await t.app.inject({ method: 'GET', url: '/api/progress', query });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error, code: 'VALIDATION_FAILED', field });
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/progress' });
    expect(none.statusCode).toBe(400);
  });

  it('when the passport differs only in letter case and spaces, and the case number in letter case, then the case is found', async () => {
    await createCase({ case_number: 'LK-1003', passport_number: 'Ab12 34c', client_name: 'Chen', serviceIds: [] });
    for (const [caseNumber, passportNumber] of [
      ['lk-1003', 'AB1234C'],
      ['LK-1003', ' a b 1 2 3 4 c '],
      [' Lk-1003 ', 'ab1234c'],
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/progress',
        query: { caseNumber: caseNumber!, passportNumber: passportNumber! },
      });
      expect(response.statusCode, `${caseNumber} / ${passportNumber}`).toBe(200);
      expect(response.json()).toEqual({
        caseNumber: 'LK-1003',
        passportNumber: 'Ab12 34c',
        status: 'Under Review',
        servicesSubscribed: [],
        // Ours: nobody owns it yet, and no documents are asked for.
        owner: null,
        documents: { required: 0, requiredAccepted: 0, missing: 0, rejected: 0, awaitingReview: 0 },
        // Nothing left to wait for, so no date.
        readyToWork: null,
      });
    }
    const close = await t.app.inject({
      method: 'GET',
      url: '/api/progress',
      query: { caseNumber: 'LK-1003', passportNumber: 'AB1234' },
    });
    expect(close.statusCode).toBe(404);
  });

  it('when a step has changed, then the public view shows completed, active and pending steps and the change time', async () => {
    const created = await createCase({
      case_number: 'LK-1004',
      passport_number: 'P4',
      client_name: 'Dina',
      serviceIds: [4],
    });
    t.clock.advance(60 * 60_000);
    await changeStep(t, { authorization: headers.authorization! }, created.CaseServices[0]!.id, 'Job Offer');

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/progress',
      query: { caseNumber: 'LK-1004', passportNumber: 'P4' },
    });

    expect(response.json<CaseProgress>()).toEqual({
      caseNumber: 'LK-1004',
      passportNumber: 'P4',
      status: 'In Progress',
      servicesSubscribed: [
        {
          serviceName: 'Recruitment Progress',
          currentStep: 'Job Offer',
          lastUpdated: t.clock.now().toISOString(),
          currentStepSince: t.clock.now().toISOString(),
          // The default steps' expected days: Job Offer 7 and Visa Processing 30, counted from the change.
          estimatedCompletion: new Date(t.clock.now().getTime() + 37 * 24 * 60 * 60_000).toISOString(),
          // Ours: no translations, and the step is not taking longer than usual.
          translations: {},
          delayed: false,
          // Too few cases have left Job Offer for its time left.
          remainingDays: null,
          steps: [
            {
              name: 'Profile Shared with Employers',
              status: 'completed',
              description: expect.stringContaining('shared with employers'),
              expected_days: 14,
              typicalDays: null,
              translations: {},
            },
            {
              name: 'Interview',
              status: 'completed',
              description: expect.stringContaining('interview'),
              expected_days: 10,
              typicalDays: null,
              translations: {},
            },
            {
              name: 'Job Offer',
              status: 'active',
              description: 'You have an offer. Review it with us and tell us whether you accept it.',
              expected_days: 7,
              typicalDays: null,
              translations: {},
            },
            {
              name: 'Visa Processing',
              status: 'pending',
              description: expect.stringContaining('visa'),
              expected_days: 30,
              typicalDays: null,
              translations: {},
            },
            {
              name: 'Onboarding Complete',
              status: 'pending',
              description: expect.stringContaining('complete'),
              expected_days: null,
              typicalDays: null,
              translations: {},
            },
          ],
        },
      ],
      owner: null,
      documents: { required: 0, requiredAccepted: 0, missing: 0, rejected: 0, awaitingReview: 0 },
      // Ours (issue 41): the expected days alone, so every simulated journey takes 37 days.
      readyToWork: {
        p50: new Date(t.clock.now().getTime() + 37 * 24 * 60 * 60_000).toISOString(),
        p80: new Date(t.clock.now().getTime() + 37 * 24 * 60 * 60_000).toISOString(),
        remainingSteps: 2,
        measuredSteps: 0,
        fewestCases: null,
        draws: 2000,
      },
    });
  });

  it('when a subscribed service has no steps, then it shows with no current step and no steps', async () => {
    const empty = await createService(t, { authorization: headers.authorization! }, [], 'Empty Service');
    await createCase({ case_number: 'LK-1005', passport_number: 'P5', client_name: 'Eli', serviceIds: [empty.id] });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/progress',
      query: { caseNumber: 'LK-1005', passportNumber: 'P5' },
    });
    expect(response.json<CaseProgress>().servicesSubscribed).toEqual([
      {
        serviceName: 'Empty Service',
        currentStep: null,
        steps: [],
        lastUpdated: t.clock.now().toISOString(),
        currentStepSince: t.clock.now().toISOString(),
        estimatedCompletion: null,
        translations: {},
        delayed: false,
        remainingDays: null,
      },
    ]);
  });
});

describe('public case lookup rate limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ CASE_LOOKUP_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('when one client looks up too often, then 429 with a clear message, while other clients still get answers', async () => {
    const lookup = (remoteAddress: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/progress',
        remoteAddress,
        query: { caseNumber: 'NOPE-1', passportNumber: 'X' },
      });
    for (let attempt = 0; attempt < 3; attempt++) expect((await lookup('198.51.100.20')).statusCode).toBe(404);

    const limited = await lookup('198.51.100.20');

    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ error: string }>().error).toMatch(
      /^Too many requests\. Please try again in \d+ (second|minute)s?\.$/,
    );
    expect((await lookup('198.51.100.21')).statusCode).toBe(404);
  });
});
