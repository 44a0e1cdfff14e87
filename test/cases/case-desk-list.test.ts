import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCase } from '../../contracts/cases.js';
import { upsertCaseAdmin } from '../../server/cases/case-admins.js';
import { backdateAgency, injectedAgencyApi, seedAgency, type SeededAgency } from '../factories/agency.js';
import { createCase, createService, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { createTestApp, type TestApp } from '../test-app.js';

/**
 * The staff list of issue 38 over a realistic agency (test/factories/agency.ts: five services, 60
 * cases of two or three services spread over four months): search by words in any order, filters by
 * service and step, sorts by days at step and how overdue, and overdue on each row.
 */
describe('the staff case list over a realistic agency', () => {
  let t: TestApp;
  let h: AdminHeaders;
  let agency: SeededAgency;
  let amina: AdminCase;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signInCaseAdmin(t);
    h = admin.headers;
    await upsertCaseAdmin(t.db, 'leila.haddad@agency.test', 'correct horse battery');
    agency = await seedAgency(injectedAgencyApi(t.app, h), { owners: [admin.email, 'leila.haddad@agency.test'] });
    amina = await createCase(t, h, {
      case_number: 'PW-2026-K7M2QX',
      client_name: 'Amína Al-Harbi',
      passport_number: 'P4471823',
      client_email: 'a.harbi.family@example.test',
      serviceIds: [agency.services[0]!.id],
    });
    await backdateAgency(t.db, agency, t.clock.now(), 5);
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, string>) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/caseadmin/cases',
      headers: h,
      query: { pageSize: '100', sortBy: 'case_number', order: 'ASC', ...query },
    });
    expect(response.statusCode, response.body).toBe(200);
    return {
      cases: response.json<AdminCase[]>(),
      numbers: response.json<AdminCase[]>().map((item) => item.case_number),
      total: Number(response.headers['x-total-count']),
      near: response.headers['x-search-near-matches'],
    };
  };

  it('when staff search words in any order, in any letter case, without accents, hyphens or spaces, then the case is found by name, passport, number or email', async () => {
    for (const search of [
      'amina harbi',
      'HARBI amina',
      'al harbi',
      'alharbi',
      'Al-Harbi',
      '4471 823',
      'p-4471823',
      'pw2026k7m2qx',
      'k7m2qx amina',
      'harbi.family@',
      // A passport typed on a Hindi keyboard.
      '४४७१८२३',
    ]) {
      const found = await list({ search });
      expect(found.numbers, search).toContain(amina.case_number);
      expect(found.near, search).toBeUndefined();
    }
  });

  it('when staff search an Arabic name with vowel marks or another alef, then the case is found', async () => {
    const arabic = agency.cases.find((item) => item.name.includes('الحربي'));
    expect(arabic).toBeDefined();
    expect((await list({ search: 'الحَربي' })).numbers).toContain(arabic!.caseNumber);
  });

  it('when staff search a step by its name, then the cases whose service is at that step are found', async () => {
    const visa = agency.services[0]!;
    const atMedical = agency.cases.filter((item) => {
      const position = item.services.indexOf(0);
      return position >= 0 && item.stepsDone[position] === 1;
    });
    expect(atMedical.length).toBeGreaterThan(0);
    const found = await list({ search: 'medical fitness' });
    expect(found.numbers).toEqual(expect.arrayContaining(atMedical.map((item) => item.caseNumber)));
    expect(visa.steps[1]!.name).toBe('Medical Fitness Examination');
  });

  it('when a name is typed with one typo and nothing matches as typed, then the names one typo away are listed and the answer says so', async () => {
    for (const search of ['Aminah', 'Amena', 'Amnia harbi', 'harbj']) {
      const found = await list({ search });
      expect(found.numbers, search).toContain(amina.case_number);
      expect(found.near, search).toBe('true');
    }
    // A word that matches as typed is never widened.
    expect((await list({ search: 'amina' })).near).toBeUndefined();
    expect((await list({ search: 'xqzvwy' })).total).toBe(0);
  });

  it('when staff filter by a service and by one of its steps, then exactly the cases at that step are listed', async () => {
    const service = agency.services[1]!;
    const expected = (stepIndex?: number) =>
      agency.cases
        .filter((item) => {
          const position = item.services.indexOf(1);
          return position >= 0 && (stepIndex === undefined || item.stepsDone[position] === stepIndex);
        })
        .map((item) => item.caseNumber)
        .sort();
    expect((await list({ serviceId: String(service.id) })).numbers).toEqual(expected());
    for (const [index, step] of service.steps.entries())
      expect((await list({ serviceId: String(service.id), stepId: String(step.id) })).numbers, step.name).toEqual(
        expected(index),
      );
  });

  it('when the list is sorted by days at step or by how overdue, then the longest waiting and the most overdue come first, and each row says by how much', async () => {
    const waiting = (item: AdminCase) =>
      Math.max(-1, ...item.CaseServices.map((service) => service.days_at_step ?? -1));
    const byDays = (await list({ sortBy: 'daysAtStep', order: 'DESC' })).cases;
    const days = byDays.map(waiting);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    expect(days[0]).toBeGreaterThan(20);

    const over = (item: AdminCase) => Math.max(-1, ...item.CaseServices.map((service) => service.overdue_days ?? -1));
    const byOverdue = (await list({ sortBy: 'overdue', order: 'DESC' })).cases;
    const overdue = byOverdue.map(over).filter((value) => value >= 0);
    expect(overdue.length).toBeGreaterThan(3);
    expect(overdue).toEqual([...overdue].sort((a, b) => b - a));
    // The overdue ones first, then the rest.
    expect(byOverdue.slice(0, overdue.length).every((item) => over(item) >= 0)).toBe(true);

    const onlyOverdue = await list({ overdue: 'true' });
    expect(onlyOverdue.numbers.sort()).toEqual(
      byOverdue
        .filter((item) => over(item) >= 0)
        .map((item) => item.case_number)
        .sort(),
    );
    // A service on its last step neither waits nor is overdue.
    for (const item of byDays)
      for (const service of item.CaseServices)
        if (service.on_last_step) expect([service.days_at_step, service.overdue_days]).toEqual([null, null]);
  });

  it('when the list is sorted by how overdue either way, then one order is the other reversed, and ties keep one order that paging never repeats or skips', async () => {
    // Two cases given the same service at the same moment: equally overdue, a tie broken by the case.
    const service = agency.services[3]!;
    const twins = [
      await createCase(t, h, { case_number: 'PW-2026-TWIN-1', serviceIds: [service.id] }),
      await createCase(t, h, { case_number: 'PW-2026-TWIN-2', serviceIds: [service.id] }),
    ];
    const most = await list({ sortBy: 'overdue', order: 'DESC' });
    const least = await list({ sortBy: 'overdue', order: 'ASC' });
    expect(most.numbers.length).toBe(most.total);
    expect(least.numbers).toEqual([...most.numbers].reverse());
    const at = (numbers: string[]) => twins.map((twin) => numbers.indexOf(twin.case_number));
    const [first, second] = at(most.numbers);
    expect(first).toBeLessThan(second!);
    const [firstBack, secondBack] = at(least.numbers);
    expect(firstBack).toBeGreaterThan(secondBack!);
    // Page after page of 7 is the same order as one page of all (many cases tie, e.g. every finished one).
    for (const order of ['DESC', 'ASC']) {
      const paged: string[] = [];
      for (let page = 1; (page - 1) * 7 < most.total; page++)
        paged.push(...(await list({ sortBy: 'overdue', order, pageSize: '7', page: String(page) })).numbers);
      expect(paged, order).toEqual(order === 'DESC' ? most.numbers : least.numbers);
    }
  });

  it('when staff search only a step name, or a name and a step, then exactly the cases at those steps are found, in any order and spelling', async () => {
    // Document Attestation's first step, "Documents Received at Our Office": no other step, name,
    // passport or email of this agency holds "documents" or "received".
    const attestation = agency.services[2]!;
    expect(attestation.steps[0]!.name).toBe('Documents Received at Our Office');
    const atReceived = (item: SeededAgency['cases'][number]) => {
      const position = item.services.indexOf(2);
      return position >= 0 && item.stepsDone[position] === 0;
    };
    const received = agency.cases.filter(atReceived).map((item) => item.caseNumber);
    expect(received.length).toBeGreaterThan(3);
    for (const search of ['documents received', 'RECEIVED documents', 'Documénts', 'documents  received'])
      expect((await list({ search })).numbers, search).toEqual([...received].sort());

    // A name and a step: the Aminas at that step, and not the Amina at another.
    const aminaAtReceived = await createCase(t, h, {
      case_number: 'PW-2026-AMINA-DOCS',
      client_name: 'Amina Yousef',
      passport_number: 'P7710042',
      serviceIds: [attestation.id, agency.services[4]!.id],
    });
    const aminas = [
      ...agency.cases
        .filter((item) => item.name.startsWith('Amina ') && atReceived(item))
        .map((item) => item.caseNumber),
      aminaAtReceived.case_number,
    ].sort();
    for (const search of ['amina documents', 'documents AMINA', 'amína received documents']) {
      const found = await list({ search });
      expect(found.numbers, search).toEqual(aminas);
      expect(found.numbers, search).not.toContain(amina.case_number);
    }

    // Steps named in Arabic and Hindi by the staff, found with or without vowel marks, and a hyphenated step name without its hyphen.
    const local = await createService(t, h, ['استلام المستندات', 'सत्यापन पूर्ण'], 'تصديق محلي');
    const atLocal = await createCase(t, h, {
      case_number: 'PW-2026-LOCAL-1',
      client_name: 'محمد القحطاني',
      passport_number: 'K8812003',
      serviceIds: [local.id],
    });
    expect((await list({ search: 'استلام المُستندات' })).numbers).toEqual([atLocal.case_number]);
    expect((await list({ search: 'المستندات القحطاني' })).numbers).toEqual([atLocal.case_number]);
    const travel = agency.services[4]!;
    expect(travel.steps[1]!.name).toBe('Pre-departure Orientation Session');
    const atOrientation = agency.cases
      .filter((item) => {
        const position = item.services.indexOf(4);
        return position >= 0 && item.stepsDone[position] === 1;
      })
      .map((item) => item.caseNumber);
    expect((await list({ search: 'predeparture' })).numbers).toEqual([...atOrientation].sort());
  });
});
