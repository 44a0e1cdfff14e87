import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCase, CaseDetails } from '../../contracts/cases.js';
import { createCase, getCase, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { createTestApp, type TestApp } from '../test-app.js';

describe("fixing a case's client name or passport number", () => {
  let t: TestApp;
  let headers: AdminHeaders;
  let adminEmail: string;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signInCaseAdmin(t);
    headers = admin.headers;
    adminEmail = admin.email;
  });
  afterAll(() => t.close());

  const edit = (id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/caseadmin/cases/${id}/services`, headers, payload });
  const details = async (id: number) => (await getCase(t, headers, id)) as unknown as CaseDetails;

  it('when the name and passport number are changed with a reason, then both change, the search finds the new name and the history keeps old, new and why', async () => {
    const created = await createCase(t, headers, {
      client_name: 'Amina Okafr',
      passport_number: 'A1234567',
      serviceIds: [1],
    });
    const response = await edit(created.id, {
      serviceIds: [1],
      client_name: 'Amína Okafor',
      passport_number: 'A12345678',
      reason: 'Typo at intake, checked against the passport',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminCase>()).toMatchObject({ client_name: 'Amína Okafor', passport_number: 'A12345678' });
    const after = await details(created.id);
    expect(after.events.map((event) => event.summary)).toEqual(
      expect.arrayContaining([
        'Client name changed from "Amina Okafr" to "Amína Okafor". Reason: Typo at intake, checked against the passport',
        'Passport number changed from "A1234567" to "A12345678". Reason: Typo at intake, checked against the passport',
      ]),
    );
    expect(after.events.find((event) => event.summary.startsWith('Client name'))).toMatchObject({
      kind: 'case edited',
      changedBy: adminEmail,
    });
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/caseadmin/cases',
      headers,
      query: { search: 'okafor', sortBy: 'createdAt' },
    });
    expect(found.json<AdminCase[]>().map((c) => c.id)).toEqual([created.id]);
    // The tracker now takes the corrected passport number.
    const lookup = await t.app.inject({
      method: 'GET',
      url: '/api/progress',
      query: { caseNumber: created.case_number, passportNumber: 'A12345678' },
    });
    expect(lookup.statusCode).toBe(200);
  });

  it('when the name or passport number changes without a reason, then 400 asks for one and nothing changes', async () => {
    const created = await createCase(t, headers, { client_name: 'Zoe Brandt', passport_number: 'DE1', serviceIds: [] });
    for (const payload of [
      { serviceIds: [1], client_name: 'Zoë Brandt' },
      { serviceIds: [1], passport_number: 'DE2', reason: '   ' },
    ]) {
      const response = await edit(created.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(
        /^Give a reason for changing the (client name|passport number)$/,
      );
    }
    const after = await details(created.id);
    expect(after).toMatchObject({ client_name: 'Zoe Brandt', passport_number: 'DE1', CaseServices: [] });
    expect(after.events.filter((event) => event.kind === 'case edited')).toEqual([]);
  });

  it('when the same name and passport number are sent back unchanged, then no reason is needed and nothing is recorded about them', async () => {
    const created = await createCase(t, headers, {
      client_name: 'Karim Haddad',
      passport_number: 'EG1',
      serviceIds: [],
    });
    const response = await edit(created.id, { serviceIds: [], client_name: 'Karim Haddad', passport_number: 'EG1' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await details(created.id)).events.filter((event) => event.kind === 'case edited')).toEqual([]);
  });

  it('when a new name is empty, too long or holds control characters, then 400 names the field', async () => {
    const created = await createCase(t, headers, { serviceIds: [] });
    expect(
      (await edit(created.id, { serviceIds: [], client_name: '  ', reason: 'x' })).json<{ error: string }>().error,
    ).toBe('Please enter the client name.');
    expect((await edit(created.id, { serviceIds: [], passport_number: 'P'.repeat(65), reason: 'x' })).statusCode).toBe(
      400,
    );
    expect((await edit(created.id, { serviceIds: [], client_name: 'A\u0007B', reason: 'x' })).statusCode).toBe(400);
    expect(
      (await edit(created.id, { serviceIds: [], client_name: 'New Name', reason: 'r'.repeat(301) })).statusCode,
    ).toBe(400);
    expect((await details(created.id)).client_name).toBe(created.client_name);
  });
});
