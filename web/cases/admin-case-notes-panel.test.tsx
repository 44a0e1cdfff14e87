import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markReachable } from '../lib/connection.js';
import { CaseNotesPanel } from './admin-case-notes-panel.js';

// A loaded machine (CI runs beside the browser tests) may take seconds to render a screen: wait for it, not for a second.
configure({ asyncUtilTimeout: 10_000 });

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => {
  vi.unstubAllGlobals();
  markReachable();
});

describe("a case's internal notes (the class of 3f7dc50)", () => {
  it('when the next note is written before the last one’s save answers, then it is kept', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        if (request.method !== 'POST') return json([], 200, { 'x-total-count': '0' });
        await answered;
        return json(
          {
            id: 3,
            body: 'Passport scan blurred — طلبنا نسخة جديدة',
            author: 'amina@agency.test',
            createdAt: '2026-11-20T09:00:00Z',
          },
          201,
        );
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CaseNotesPanel caseId={42} />
      </QueryClientProvider>,
    );
    const field = screen.getByLabelText<HTMLTextAreaElement>('New note');
    fireEvent.change(field, { target: { value: 'Passport scan blurred — طلبنا نسخة جديدة' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await screen.findByRole('button', { name: 'Saving...' });
    fireEvent.change(field, { target: { value: 'Called the employer: मेडिकल 3 दिसंबर को' } });
    answer();
    await screen.findByRole('button', { name: 'Add note' });
    expect(field.value).toBe('Called the employer: मेडिकल 3 दिसंबर को');
  });
});
