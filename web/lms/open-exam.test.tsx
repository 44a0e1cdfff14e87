import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Routes } from '../lib/routing.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXAM_OPEN } from '../../contracts/lms-constants.js';
import type {
  ExamAttemptSummary,
  ExamAttemptsResponse,
  ExamReview,
  ReadinessResponse,
  ReviewsResponse,
} from '../../contracts/lms.js';
import { markReachable } from '../lib/connection.js';
import DashboardPage from './dashboard-page.js';
import ExamReviewPage from './exam-review-page.js';
import PracticeSetPage from './mock-exam-page.js';

// A loaded machine (CI runs beside the browser tests) may take seconds to render a screen: wait for it, not for a second.
configure({ asyncUtilTimeout: 10_000 });

/*
 * Issue 39: practice links offered during an open timed exam dead-ended with "Try again". While the
 * exam is open, no screen offers practice; each offers "Return to your exam", and the practice page
 * met anyway (an old tab, another device) says so instead of "Try again". The server stands in at
 * the transport only (fetch), so the screens' own calls and web/lib/http.ts run.
 */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(routes: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const answer = routes[new URL(request.url).pathname];
      return answer ? answer() : json({ error: 'Not here' }, 404);
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  markReachable();
});

const attempt = (id: number, finished: boolean): ExamAttemptSummary => ({
  id,
  started_at: '2026-11-20T09:00:00.000Z',
  finished_at: finished ? '2026-11-20T10:00:00.000Z' : null,
  finish_reason: finished ? 'completed' : null,
  answered: finished ? 4 : 1,
  questions: 4,
  score: finished ? 2 : null,
  percentage: finished ? 50 : null,
});

/** The learner's attempts: an earlier one finished, and (examOpen) a retake running now. */
const attemptsList = (examOpen: boolean): ExamAttemptsResponse => ({
  attempts: examOpen ? [attempt(2, false), attempt(1, true)] : [attempt(1, true)],
  locked: false,
  nextAttemptAt: null,
  passMark: 60,
  questionsAvailable: true,
});

const TOPIC = 'علم الأدوية (औषध विज्ञान)';
const readiness: ReadinessResponse = {
  answers: 40,
  calibratedAt: '2026-11-20T00:00:00.000Z',
  ability: { theta: -0.4, standardError: 0.5 },
  passMark: 60,
  pass: null,
  answersNeeded: 10,
  topics: [{ topic: TOPIC, answers: 12, chanceAbove: 0.2, status: 'below' }],
};
const reviews: ReviewsResponse = { due: 3, cards: 5, nextDueAt: null, examDate: null, targetRetention: 0.9 };
const review: ExamReview = {
  attempt: attempt(1, true),
  questions: [],
  unanswered: 0,
  byTopic: [{ topic: TOPIC, questions: 4, answered: 4, correct: 2 }],
  passMark: 60,
  passed: false,
  percentile: null,
  percentileOthers: 3,
};

function renderAt(address: string, page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const practiceLinks = () =>
  screen
    .queryAllByRole('link')
    .filter((link) => /mock-exam/.test(link.getAttribute('href') ?? ''))
    .map((link) => link.textContent?.trim());

describe('practice while a timed exam is open', () => {
  const learnerData = (examOpen: boolean) => ({
    '/user/exam/attempts': () => json(attemptsList(examOpen)),
    '/user/readiness': () => json(readiness),
    '/user/reviews': () => json(reviews),
    '/user/exam/attempts/1/review': () => json(review),
  });

  it('when no exam is open, then the dashboard offers quick practice, adaptive practice, reviews and a set per topic', async () => {
    serve(learnerData(false));
    renderAt('/lms-system/dashboard', <DashboardPage />);
    expect(await screen.findByRole('link', { name: `Practise this topic: ${TOPIC}` })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Review now' })).toBeTruthy();
    expect(practiceLinks()).toEqual(
      expect.arrayContaining([
        'Quick practice (5 minutes)',
        'Practise adaptively',
        'Review now',
        'Practise my mistakes',
        'Practise this topic',
      ]),
    );
    expect(screen.queryByRole('link', { name: 'Return to your exam' })).toBeNull();
  });

  it('when the exam is open, then the dashboard offers no practice at all, and "Return to your exam" where practice was', async () => {
    serve(learnerData(true));
    renderAt('/lms-system/dashboard', <DashboardPage />);
    // The results by topic of the earlier attempt, and the readiness and reviews cards, are all on screen.
    expect(await screen.findByRole('meter', { name: `${TOPIC}: 50% correct` })).toBeTruthy();
    expect(await screen.findByText('3 reviews due')).toBeTruthy();
    expect(await screen.findByText(TOPIC, { selector: 'strong' })).toBeTruthy();
    expect(await screen.findByText(/Your exam is in progress/)).toBeTruthy();
    expect(practiceLinks()).toEqual([]);
    const back = screen.getAllByRole('link', { name: 'Return to your exam' });
    // The page's first action, the readiness card, the reviews card and the exam card.
    expect(back.length).toBeGreaterThanOrEqual(4);
    for (const link of back) expect(link.getAttribute('href')).toBe('/exam');
    expect(screen.queryByRole('link', { name: /^(Take Exam|Retake exam)$/ })).toBeNull();
  });

  it("when the exam is open, then an earlier attempt's review offers the way back instead of practising its mistakes", async () => {
    serve(learnerData(true));
    renderAt('/exam/attempts/1/review', <ExamReviewPageAt />);
    const card = await screen.findByRole('region', { name: 'Attempt' });
    expect(await within(card).findByRole('link', { name: 'Return to your exam' })).toBeTruthy();
    expect(practiceLinks()).toEqual([]);
  });

  it('when a practice page is opened anyway, then it says why and offers "Return to your exam", never "Try again"', async () => {
    const refusal =
      'Your timed exam is still open, so practice waits until it is finished. Return to your exam to go on with it.';
    serve({
      '/user/exam/attempts': () => json(attemptsList(true)),
      '/user/exam/questions': () => json({ error: refusal, code: EXAM_OPEN }, 409),
    });
    renderAt('/lms-system/mock-exam?set=mistakes', <PracticeSetPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(screen.getByRole('link', { name: 'Return to your exam' }).getAttribute('href')).toBe('/exam');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

/** The review page reads its attempt's id from the route. */
function ExamReviewPageAt() {
  return <Routes routes={[{ path: '/exam/attempts/:id/review', element: <ExamReviewPage /> }]} />;
}
