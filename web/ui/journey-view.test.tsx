import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { JourneyAnswer } from '../../contracts/person-links.js';
import { ApiError } from '../lib/http.js';
import { JourneyView } from './journey-view.js';

const journey: JourneyAnswer = {
  readiness: [
    {
      username: 'amina_rn',
      profession: 'nurse',
      passChance: 0.734,
      answers: 212,
      latestResults: [{ finishedAt: '2026-02-20T09:45:00.000Z', correct: 81, questions: 100 }],
    },
  ],
  cases: [
    {
      caseNumber: 'PW-2026-0042',
      status: 'In Progress',
      services: [
        {
          serviceName: 'Recruitment Progress',
          currentStep: 'Job Offer',
          steps: [],
          lastUpdated: '2026-03-01T09:00:00.000Z',
          currentStepSince: '2026-03-01T09:00:00.000Z',
          estimatedCompletion: '2026-04-07T09:00:00.000Z',
          translations: {},
          delayed: false,
          remainingDays: null,
        },
      ],
      documents: { required: 3, requiredAccepted: 1, missing: 1, rejected: 1, awaitingReview: 0 },
      licences: [
        {
          id: 9,
          authority: 'DHA',
          licenceType: 'Registered Nurse',
          expiresOn: '2027-02-20',
          status: 'valid',
          shownOnProfile: true,
        },
      ],
      readyToWork: {
        p50: '2026-04-07T09:00:00.000Z',
        p80: '2026-04-21T09:00:00.000Z',
        remainingSteps: 2,
        measuredSteps: 1,
        fewestCases: 42,
        draws: 2000,
      },
    },
  ],
};

function renderJourney(load: () => Promise<JourneyAnswer>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <JourneyView queryKey={['journey', Math.random()]} load={load} language="en-GB" />
    </QueryClientProvider>,
  );
}

describe('the journey page (issue 41)', () => {
  it('when the journey arrives, then it shows the readiness, the case with its ready-to-work date, documents and licence', async () => {
    renderJourney(vi.fn().mockResolvedValue(journey));
    expect(screen.getByText('Loading your journey...')).toBeTruthy();
    const learner = await screen.findByRole('listitem', { name: 'amina_rn' });
    expect(learner.textContent).toContain('73% chance of passing today, from 212 practice answers');
    expect(learner.textContent).toContain('20 Feb 2026: 81 of 100 correct');
    const journeyCase = within(screen.getByRole('listitem', { name: 'Case PW-2026-0042' }));
    expect(journeyCase.getByRole('heading', { level: 3 }).textContent).toBe('Case PW-2026-0042 · In progress');
    // The simulated dates (issue 41), and what they rest on.
    expect(
      journeyCase.getByText('Ready to work by about 7 Apr 2026 (by 21 Apr 2026 in eight cases out of ten)'),
    ).toBeTruthy();
    expect(
      journeyCase.getByText(
        "Steps left: 2. Estimated from real cases: 1 (at least 42 cases each); the rest from the agency's usual times.",
      ),
    ).toBeTruthy();
    expect(journeyCase.getByText('Recruitment Progress: Job Offer · expected by 7 Apr 2026')).toBeTruthy();
    expect(
      journeyCase.getByText('Documents: 1 of 3 required accepted · 1 still to send, 1 to send again'),
    ).toBeTruthy();
    expect(journeyCase.getByText('DHA Registered Nurse: valid, expires 20 Feb 2027')).toBeTruthy();
  });

  it('when nothing is linked yet, then each part says how to link it', async () => {
    renderJourney(vi.fn().mockResolvedValue({ readiness: [], cases: [] }));
    expect(await screen.findByText(/No learning account is linked with this one/)).toBeTruthy();
    expect(screen.getByText(/No case is linked with this account/)).toBeTruthy();
  });

  it('when a case has no estimate yet, then no date is made up', async () => {
    const unknown = { ...journey.cases[0]!, readyToWork: null };
    renderJourney(vi.fn().mockResolvedValue({ readiness: [], cases: [unknown] }));
    expect(await screen.findByText('Ready-to-work date: not estimated yet')).toBeTruthy();
  });

  it('when the journey cannot be loaded, then it says so and tries again on request', async () => {
    const load = vi.fn().mockRejectedValueOnce(new ApiError(503, 'down')).mockResolvedValue(journey);
    renderJourney(load);
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'amina_rn' })).toBeTruthy();
  });
});
