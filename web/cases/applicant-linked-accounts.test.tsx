import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from '../lib/routing.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LinkCode, PersonLinksAnswer } from '../../contracts/person-links.js';
import { ApplicantLinkedAccounts } from './applicant-linked-accounts.js';
import { loadScreenCatalogue, showLanguage } from './applicant-words.js';

// Late in the evening in UTC, already the next day on a phone in Manila (UTC+8).
const links: PersonLinksAnswer = {
  identities: [
    { area: 'cases', accountId: '42', label: 'PW-2026-٠٠٤٢', current: true, linkedAt: null },
    { area: 'network', accountId: 'm-7', label: 'amina_alharbi', current: false, linkedAt: '2026-03-01T23:30:00Z' },
  ],
};
const code: LinkCode = { code: 'k3Vq-7Zp', expiresAt: '2026-03-01T23:40:00Z' };

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const deviceZone = process.env.TZ;

beforeAll(async () => {
  await loadScreenCatalogue('en');
  await showLanguage('en');
  // The device's zone, which the applicant's screens must not write in without naming it.
  process.env.TZ = 'Asia/Manila';
});

afterEach(() => vi.unstubAllGlobals());

afterAll(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

describe("the applicant's linked accounts (the review's finding)", () => {
  it('when her phone is in another zone, then the day linked and the code’s time are written in UTC, named, as on her other screens', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string) => {
        const url = new URL(typeof input === 'string' ? input : input.url, 'http://localhost');
        return json(url.pathname.endsWith('/codes') ? code : links);
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <Suspense fallback={null}>
            <ApplicantLinkedAccounts readinessShared={false} />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('· linked Mar 1, 2026', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Get a link code' }));
    const shown = await screen.findByText(/^Your code: k3Vq-7Zp/);
    expect(shown.textContent).toMatch(/before 11:40\sPM UTC\)$/u);
  });
});
