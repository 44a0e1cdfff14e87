import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from '../lib/routing.js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JourneyAnswer } from '../../contracts/person-links.js';
import ApplicantJourneyPage from './applicant-journey-page.js';
import { loadScreenCatalogue, showLanguage } from './applicant-words.js';

const step = (name: string, status: 'completed' | 'active' | 'pending', arabic: string) => ({
  name,
  status,
  description: null,
  expected_days: 10,
  typicalDays: null,
  translations: { ar: { name: arabic } },
});
const journey: JourneyAnswer = {
  readiness: [],
  cases: [
    {
      caseNumber: 'PW-2026-0042',
      status: 'In Progress',
      services: [
        {
          serviceName: 'Work Visa',
          currentStep: 'Medical Fitness Examination',
          steps: [
            step('Employer Visa Request', 'completed', 'طلب التأشيرة من صاحب العمل'),
            step('Medical Fitness Examination', 'active', 'الفحص الطبي'),
            step('Visa Issued', 'pending', 'صدور التأشيرة'),
          ],
          lastUpdated: '2026-11-20T09:00:00.000Z',
          currentStepSince: '2026-11-20T09:00:00.000Z',
          estimatedCompletion: null,
          translations: { ar: { name: 'تأشيرة العمل' } },
          delayed: false,
          remainingDays: null,
        },
      ],
      documents: { required: 0, requiredAccepted: 0, missing: 0, rejected: 0, awaitingReview: 0 },
      licences: [],
      readyToWork: null,
    },
  ],
};

// The words of the screens after the tracker's form download as those screens first draw: here, before the test.
beforeAll(async () => {
  await loadScreenCatalogue('ar');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await showLanguage('en');
});

describe("the applicant's journey page (issue 41)", () => {
  it('when she reads it in Arabic, then her services and their steps are named in Arabic, as staff translated them', async () => {
    await showLanguage('ar');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(journey), { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <Suspense fallback={null}>
            <ApplicantJourneyPage />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/تأشيرة العمل: الفحص الطبي/)).toBeTruthy();
    expect(screen.queryByText(/Work Visa/)).toBeNull();
  });
});
