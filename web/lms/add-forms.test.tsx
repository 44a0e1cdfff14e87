import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from '../lib/routing.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markReachable } from '../lib/connection.js';
import UpcomingPage from './admin/upcoming-page.js';
import { RedeemCodeForm } from './redeem-code.js';

// A loaded machine (CI runs beside the browser tests) may take seconds to render a screen: wait for it, not for a second.
configure({ asyncUtilTimeout: 10_000 });

/*
 * The class of 3f7dc50 and 846694f in the LMS: an add form emptied when its save answers wipes what a
 * quick person has already typed for the next entry (the list shows the saved one as it refetches, a
 * moment before the save's own callback runs). Each form is emptied only if it still holds what it sent.
 */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: lists answer at once; the save (a POST) answers when the test says so. */
function heldSave(saved: unknown) {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      if (request.method !== 'POST') return json({ upcomingExams: [] });
      await answered;
      return json(saved, 201);
    }),
  );
  return answer;
}

function renderIn(screenToRender: ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{screenToRender}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  vi.unstubAllGlobals();
  markReachable();
});

describe('the LMS add forms, when the next entry is typed before the last one’s save answers', () => {
  it('then "Schedule an exam" keeps the next exam', async () => {
    const answer = heldSave({
      id: 7,
      title: 'DHA Prometric — تمريض',
      exam_date: '2026-12-14',
      exam_time: '09:00',
      profession: 'nurse',
    });
    renderIn(<UpcomingPage />);
    typeInto('Title', 'DHA Prometric — تمريض');
    typeInto('Date', '2026-12-14');
    fireEvent.click(screen.getByRole('button', { name: 'Add Exam' }));
    await vi.waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add Exam' }).disabled).toBe(true),
    );
    typeInto('Title', 'HAAD मॉक परीक्षा');
    answer();
    await vi.waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add Exam' }).disabled).toBe(false),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('HAAD मॉक परीक्षा');
  });

  it('then "Redeem an access code" keeps the next code', async () => {
    const answer = heldSave({ message: 'Unlocked: Nursing Premium' });
    renderIn(<RedeemCodeForm />);
    typeInto('Access code', 'ABCD-EFGH-JKMN-PQRS');
    fireEvent.click(screen.getByRole('button', { name: 'Redeem code' }));
    await screen.findByRole('button', { name: 'Redeeming...' });
    typeInto('Access code', 'WXYZ-2345-6789-ABCD');
    answer();
    await screen.findByRole('status');
    expect(screen.getByLabelText<HTMLInputElement>('Access code').value).toBe('WXYZ-2345-6789-ABCD');
  });
});
