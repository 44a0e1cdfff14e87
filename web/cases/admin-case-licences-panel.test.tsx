import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffLicence } from '../../contracts/case-licences.js';
import { markReachable } from '../lib/connection.js';
import { CaseExamResultsPanel, CaseLearnerReadinessPanel, CaseLicencesPanel } from './admin-case-licences-panel.js';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const licence: StaffLicence = {
  id: 41,
  authority: 'DHA',
  licenceType: 'ممرضة مسجلة Registered Nurse',
  licenceNumber: 'DHA-RN-٤٥٦٧٨',
  issuedOn: '2026-02-20',
  expiresOn: '2027-02-20',
  status: 'valid',
  shownOnProfile: true,
  revokedAt: null,
  revokedReason: null,
  credentialUrl: 'https://pathway.test/api/credentials/licences/0b1c',
  verifyUrl: 'https://pathway.test/casetracking/licences/0b1c',
  createdAt: '2026-02-21T09:00:00.000Z',
};

type Answer = (request: Request) => Response | Promise<Response>;

/**
 * The server as the panels see it: `/api/config` with a configured authority list, and `routes`
 * answering by method and path; every request is kept, with its body.
 */
function serve(routes: Record<string, Answer>) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      const text = await request.clone().text();
      sent.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
      if (path === '/api/config') return json({ licenceAuthorities: ['DHA', 'QCHP'] });
      const answer = routes[`${request.method} ${path}`];
      return answer ? answer(request) : json({ error: 'not found' }, 404);
    }),
  );
  return sent;
}

function renderPanels() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CaseLicencesPanel caseId={7} />
      <CaseExamResultsPanel caseId={7} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  markReachable();
});

describe("staff's licence screens on the case page (issue 41)", () => {
  it('when the case has none, then both lists say so after loading, and a licence recorded from the configured authorities appears', async () => {
    let recorded: StaffLicence[] = [];
    const sent = serve({
      'GET /api/caseadmin/cases/7/licences': () => json(recorded),
      'GET /api/caseadmin/cases/7/exam-results': () => json([]),
      'POST /api/caseadmin/cases/7/licences': () => {
        recorded = [licence];
        return json(licence, 201);
      },
    });
    renderPanels();
    expect(screen.getByText('Loading licences...')).toBeTruthy();
    expect(await screen.findByText('No licences recorded yet.')).toBeTruthy();
    expect(await screen.findByText('No exam results recorded yet.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Record a licence' }));
    const dialog = within(screen.getByRole('form', { name: 'Record a licence' }));
    // The authorities are the server's configured list, not a list built into the screen.
    await vi.waitFor(() =>
      expect(dialog.getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose', 'DHA', 'QCHP']),
    );
    fireEvent.change(dialog.getByLabelText('Authority'), { target: { value: 'DHA' } });
    fireEvent.change(dialog.getByLabelText('Licence type'), { target: { value: licence.licenceType } });
    fireEvent.change(dialog.getByLabelText('Licence number'), { target: { value: licence.licenceNumber } });
    fireEvent.change(dialog.getByLabelText('Issued on'), { target: { value: '2026-02-20' } });
    fireEvent.change(dialog.getByLabelText('Expires on'), { target: { value: '2027-02-20' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record licence' }));

    const row = await screen.findByRole('listitem', { name: `DHA ${licence.licenceType}` });
    expect(row.textContent).toContain('No. DHA-RN-٤٥٦٧٨');
    expect(row.textContent).toContain('Valid');
    expect(row.textContent).toContain('shown on the applicant’s network profile');
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      authority: 'DHA',
      licenceType: licence.licenceType,
      licenceNumber: licence.licenceNumber,
      issuedOn: '2026-02-20',
      expiresOn: '2027-02-20',
    });
  });

  it('when the server refuses a field, then its sentence shows under that field and the dialog stays open', async () => {
    serve({
      'GET /api/caseadmin/cases/7/licences': () => json([]),
      'GET /api/caseadmin/cases/7/exam-results': () => json([]),
      'POST /api/caseadmin/cases/7/licences': () =>
        json({ error: 'authority must be one of DHA, QCHP', code: 'VALIDATION_FAILED', field: 'authority' }, 400),
    });
    renderPanels();
    fireEvent.click(await screen.findByRole('button', { name: 'Record a licence' }));
    const dialog = within(screen.getByRole('form', { name: 'Record a licence' }));
    await vi.waitFor(() => expect(dialog.getAllByRole('option')).toHaveLength(3));
    fireEvent.change(dialog.getByLabelText('Authority'), { target: { value: 'QCHP' } });
    fireEvent.change(dialog.getByLabelText('Licence type'), { target: { value: 'Pharmacist' } });
    fireEvent.change(dialog.getByLabelText('Licence number'), { target: { value: 'Q-1' } });
    fireEvent.change(dialog.getByLabelText('Issued on'), { target: { value: '2026-01-01' } });
    fireEvent.change(dialog.getByLabelText('Expires on'), { target: { value: '2027-01-01' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record licence' }));
    expect(await dialog.findByText('authority must be one of DHA, QCHP')).toBeTruthy();
    expect(dialog.getByLabelText('Authority').getAttribute('aria-invalid')).toBe('true');
  });

  it('when staff revoke a licence, then the reason is asked for, sent, and the list shows it revoked with the reason', async () => {
    const reason = 'سحبت الهيئة الترخيص Withdrawn after a registration audit';
    let current: StaffLicence = licence;
    const sent = serve({
      'GET /api/caseadmin/cases/7/licences': () => json([current]),
      'GET /api/caseadmin/cases/7/exam-results': () => json([]),
      'POST /api/caseadmin/licences/41/revoke': () => {
        current = {
          ...licence,
          status: 'revoked',
          shownOnProfile: false,
          revokedAt: '2026-03-01T09:00:00.000Z',
          revokedReason: reason,
        };
        return json(current);
      },
    });
    renderPanels();
    fireEvent.click(await screen.findByRole('button', { name: `Revoke DHA ${licence.licenceType}` }));
    const dialog = within(screen.getByRole('form', { name: 'Revoke licence' }));
    // The reason is required: nothing is sent without it.
    fireEvent.click(dialog.getByRole('button', { name: 'Revoke licence' }));
    expect(await dialog.findByText('Please enter the reason.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: reason } });
    fireEvent.click(dialog.getByRole('button', { name: 'Revoke licence' }));
    await vi.waitFor(() => expect(screen.getByText(`Revoked on 1 Mar 2026: ${reason}`)).toBeTruthy());
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ reason });
    expect(screen.queryByRole('button', { name: `Revoke DHA ${licence.licenceType}` })).toBeNull();
  });

  it('when the licences cannot be loaded, then the panel says so and tries again on request', async () => {
    let fail = true;
    serve({
      'GET /api/caseadmin/cases/7/licences': () =>
        fail ? json({ error: 'Service temporarily unavailable, please retry' }, 503) : json([licence]),
      'GET /api/caseadmin/cases/7/exam-results': () => json([]),
    });
    renderPanels();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Try again');
    fail = false;
    markReachable();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: `DHA ${licence.licenceType}` })).toBeTruthy();
  });

  it('when staff record the exam result the candidate reported, then it is sent as pass or fail with its score and listed', async () => {
    let results: unknown[] = [];
    const sent = serve({
      'GET /api/caseadmin/cases/7/licences': () => json([]),
      'GET /api/caseadmin/cases/7/exam-results': () => json(results),
      'POST /api/caseadmin/cases/7/exam-results': () => {
        results = [
          {
            id: 3,
            authority: 'QCHP',
            takenOn: '2026-02-02',
            passed: false,
            score: 58.5,
            createdAt: '2026-02-03T08:00:00Z',
          },
        ];
        return json(results[0], 201);
      },
    });
    renderPanels();
    fireEvent.click(await screen.findByRole('button', { name: 'Record an exam result' }));
    const dialog = within(screen.getByRole('form', { name: 'Record an exam result' }));
    // The configured authorities have arrived.
    expect(await dialog.findByRole('option', { name: 'QCHP' })).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Authority'), { target: { value: 'QCHP' } });
    fireEvent.change(dialog.getByLabelText('Taken on'), { target: { value: '2026-02-02' } });
    fireEvent.change(dialog.getByLabelText('Result'), { target: { value: 'failed' } });
    fireEvent.change(dialog.getByLabelText('Score (optional)'), { target: { value: '58.5' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record result' }));
    expect(await screen.findByText(/score 58\.5/)).toBeTruthy();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      authority: 'QCHP',
      takenOn: '2026-02-02',
      passed: false,
      score: 58.5,
    });
  });

  it('when the applicant has not shared her readiness, then staff are told so; when she has, they see its chance and latest results', async () => {
    let shared = false;
    serve({
      'GET /api/caseadmin/cases/7/learner-readiness': () =>
        json(
          shared
            ? {
                shared: true,
                learners: [
                  {
                    username: 'amina_rn',
                    profession: 'nurse',
                    passChance: 0.734,
                    answers: 212,
                    latestResults: [{ finishedAt: '2026-02-20T09:45:00.000Z', correct: 81, questions: 100 }],
                  },
                ],
              }
            : { shared: false, learners: [] },
        ),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const shown = render(
      <QueryClientProvider client={client}>
        <CaseLearnerReadinessPanel caseId={7} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Loading exam readiness...')).toBeTruthy();
    expect(await screen.findByText(/The applicant has not shared their exam readiness/)).toBeTruthy();
    shown.unmount();

    shared = true;
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CaseLearnerReadinessPanel caseId={7} />
      </QueryClientProvider>,
    );
    const row = await screen.findByRole('listitem', { name: 'amina_rn' });
    expect(row.textContent).toContain('73% chance of passing today (from 212 practice answers)');
    expect(row.textContent).toContain('81 of 100 correct (81%)');
  });
});
