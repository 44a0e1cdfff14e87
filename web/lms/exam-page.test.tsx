import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import { MemoryRouter } from '../lib/routing.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExamAttemptsResponse } from '../../contracts/lms.js';
import { markReachable } from '../lib/connection.js';
import ExamPage from './exam-page.js';
import { lmsToken } from './session.js';

// A loaded machine (CI runs beside the browser tests) may take seconds to render a screen: wait for it, not for a second.
configure({ asyncUtilTimeout: 10_000 });

/*
 * Issue 39: a learner of a profession with no questions went through the confirmation, the NDA and
 * the tutorial before the start was refused. The exam page tells it on its first screen. The server
 * stands in at the transport only (fetch).
 */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const dentistToken = `header.${btoa(
  JSON.stringify({ id: 12, username: 'dr.sara', profession: 'dentist', role: 'user', exp: 4_102_444_800 }),
)}.signature`;

function openExamPage(list: ExamAttemptsResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) =>
      new URL(request.url).pathname === '/user/exam/attempts' ? json(list) : json({ error: 'Not here' }, 404),
    ),
  );
  lmsToken.set(dentistToken);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/exam']}>
        <ExamPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  markReachable();
  lmsToken.clear();
});

const noAttempts = { attempts: [], locked: true, nextAttemptAt: null, passMark: 60 };

describe('the exam page of a profession without questions', () => {
  it('when the bank is empty, then the first screen says so, with no confirmation, NDA, tutorial or Next', async () => {
    openExamPage({ ...noAttempts, questionsAvailable: false });
    expect(await screen.findByRole('heading', { name: 'No exam for your profession yet' })).toBeTruthy();
    expect(screen.getByText(/There are no exam questions for Dentists yet, so the exam cannot start/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe(
      '/lms-system/dashboard',
    );
    expect(screen.queryByRole('list', { name: 'Exam steps' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Candidate Confirmation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('when the bank has questions, then the first screen is the candidate confirmation', async () => {
    openExamPage({ ...noAttempts, questionsAvailable: true });
    expect(await screen.findByRole('region', { name: 'Candidate Confirmation' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No exam for your profession yet' })).toBeNull();
  });
});
