import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TrackerFormLookup } from '../../contracts/cases.js';
import type { App } from '../../server/app.js';
import { createCase, signInCaseAdmin } from '../factories/cases.js';
import { standInWebBuild, type StandInWebBuild } from '../support/web-build.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * POST /casetracking, the tracker's lookup as a plain form (issue 42). The server's entry here is a
 * stand-in that draws what it is given (the browser test e2e/first-pages.spec.ts draws the real
 * page): what matters is the answer's status and headers and the lookup the page is drawn with.
 */
const LIMIT = 8;

describe('the tracker lookup as a plain form', () => {
  let t: TestApp;
  let withWeb: App;
  let web: StandInWebBuild;
  let caseNumber: string;

  beforeAll(async () => {
    t = await createTestApp({ CASE_LOOKUP_RATE_LIMIT: String(LIMIT) });
    web = await standInWebBuild(t, {
      entryServer: `export async function renderFirstPage(request) {
        const lookup = request.trackerLookup;
        return { html: '<p>' + (lookup ? lookup.problem ?? 'found' : 'form') + '</p>', title: 'Track', lang: 'en',
          dir: 'ltr', modules: [], data: lookup ?? null };
      }`,
    });
    withWeb = web.app;
    const admin = await signInCaseAdmin(t);
    caseNumber = (
      await createCase(t, admin.headers, { passport_number: 'AB ١٢٣٤٥٦', client_name: 'أمل عبد الرحمن المصري' })
    ).case_number;
  });
  afterAll(async () => {
    await web.close();
    await t.close();
  });

  const submit = (fields: Record<string, string>) =>
    withWeb.inject({
      method: 'POST',
      url: '/casetracking',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: new URLSearchParams(fields).toString(),
    });
  const pageData = (body: string) =>
    JSON.parse(
      /<script type="application\/json" id="first-page-data">(.*?)<\/script>/s.exec(body)?.[1] ?? 'null',
    ) as TrackerFormLookup | null;

  it('when the pair fits, then the tracker page is drawn with the progress, kept by no cache', async () => {
    const response = await submit({ caseNumber: ` ${caseNumber.toLowerCase()} `, passportNumber: 'ab123456' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<p>found</p>');
    const data = pageData(response.body);
    expect(data && 'progress' in data && data.progress).toMatchObject({ caseNumber, status: 'Under Review' });
  });

  it('when the passport number is wrong, then the page says the case was not found and holds no data of it', async () => {
    const response = await submit({ caseNumber, passportNumber: 'AB 654321' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<p>notFound</p>');
    expect(pageData(response.body)).toEqual({ caseNumber, problem: 'notFound' });
    expect(response.body).not.toContain('654321');
    expect(response.body).not.toContain('أمل');
  });

  it('when a field is missing or too long, then the page says so with a 400, not a 5xx', async () => {
    const missing = await submit({ caseNumber });
    expect(missing.statusCode).toBe(400);
    expect(pageData(missing.body)).toEqual({ caseNumber, problem: 'bothFields' });
    const tooLong = await submit({ caseNumber, passportNumber: '٩'.repeat(65) });
    expect(tooLong.statusCode).toBe(400);
    expect(pageData(tooLong.body)).toEqual({ caseNumber, problem: 'passportNumberTooLong' });
    const asJson = await withWeb.inject({
      method: 'POST',
      url: '/casetracking',
      payload: { caseNumber, passportNumber: 'AB 123456' },
    });
    expect(asJson.statusCode).toBe(415);
    // A person's browser reads it: the page saying the form could not be read, not JSON.
    expect(asJson.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(pageData(asJson.body)).toEqual({ caseNumber: '', problem: 'formNotRead' });
  });

  it('when the passport guesses are used up, with GET /api/progress too, then the page says to wait', async () => {
    // Five form posts above, and the JSON lookup counts with them.
    const lookup = await withWeb.inject({
      method: 'GET',
      url: '/api/progress',
      query: { caseNumber, passportNumber: 'AB 123456' },
    });
    expect(lookup.statusCode).toBe(200);
    let response = await submit({ caseNumber, passportNumber: 'AB 123456' });
    for (let sent = 7; response.statusCode !== 429 && sent <= LIMIT; sent += 1)
      response = await submit({ caseNumber, passportNumber: 'AB 123456' });
    expect(response.statusCode).toBe(429);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(pageData(response.body)).toMatchObject({ problem: 'tooMany' });
  });

  it('when the body is too large or the server fails, then the page says so with its status, not JSON', async () => {
    // From another address: the passport guesses above are used up for this one.
    const from = { remoteAddress: '198.51.100.7' };
    const tooLarge = await withWeb.inject({
      ...from,
      method: 'POST',
      url: '/casetracking',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: new URLSearchParams({ caseNumber, passportNumber: 'ب'.repeat(5_000) }).toString(),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(pageData(tooLarge.body)).toEqual({ caseNumber: '', problem: 'formNotRead' });
    const query = vi.spyOn(t.database.pool, 'query').mockRejectedValueOnce(new Error('a bug'));
    try {
      const fault = await withWeb.inject({
        ...from,
        method: 'POST',
        url: '/casetracking',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload: new URLSearchParams({ caseNumber, passportNumber: 'AB 123456' }).toString(),
      });
      expect(fault.statusCode).toBe(500);
      expect(fault.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(fault.headers['cache-control']).toBe('no-store');
      expect(pageData(fault.body)).toEqual({ caseNumber, problem: 'serverFault' });
    } finally {
      query.mockRestore();
    }
  });
});
