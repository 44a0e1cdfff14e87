import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markReachable } from '../lib/connection.js';
import LearnerShell from './learner-shell.js';
import LoginPage from './login-page.js';
import { examFormQuery } from './exam-api.js';
import { lmsToken } from './session.js';

// A loaded machine (CI runs beside the browser tests) may take seconds to render a screen: wait for it, not for a second.
configure({ asyncUtilTimeout: 10_000 });

/*
 * Issue 39: on a shared phone, the test-centre form (questions and options as served, the answers
 * given) and the answers waiting to be sent stayed in localStorage after sign-out, for the next
 * person to read. Sign-out forgets them, and so does another learner signing in; the same learner
 * signing in again (after an expired token) keeps them, so their queued answers still go.
 */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A token as the server signs it; only its payload is read on the device. */
const tokenOf = (id: number, username: string) =>
  `header.${btoa(JSON.stringify({ id, username, profession: 'nurse', role: 'user', exp: 4_102_444_800 }))}.signature`;

const SITTING_FORM = JSON.stringify({
  attemptId: 41,
  questions: [{ id: 9, question: 'ما هي الجرعة الآمنة؟ (सुरक्षित खुराक)', options: ['5 mg', '50 mg'] }],
  answers: [{ questionId: 9, userAnswer: '5 mg' }],
});
const QUEUE = JSON.stringify([{ clientAnswerId: 'a6c1', questionId: 9, userAnswer: '5 mg' }]);
const PRACTICE_ANSWER = JSON.stringify({ clientAnswerId: 'b7d2', questionId: 3, userAnswer: 'Graded mobilisation' });

/** What learner 7's sitting left on the device, beside the device's own settings. */
function sittingKeptBy(learnerId: number) {
  localStorage.setItem('lms-exam-owner', String(learnerId));
  localStorage.setItem('lms-exam-form-41', SITTING_FORM);
  localStorage.setItem('lms-exam-answers-41', QUEUE);
  localStorage.setItem('lms-exam-practice-answer', PRACTICE_ANSWER);
  localStorage.setItem('darkMode', 'true');
}

const examKeys = () =>
  Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '').filter((key) =>
    key.startsWith('lms-exam-'),
  );

function renderAt(address: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route element={<LearnerShell />}>
            <Route path="/lms-system/login" element={<LoginPage />} />
            <Route path="/lms-system/dashboard" element={<h1>Dashboard</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  markReachable();
  localStorage.clear();
});

describe('what an exam keeps on the device', () => {
  it('when the learner signs out, then the sitting’s form, its answer queue and the waiting practice answer are gone; the device’s settings stay', async () => {
    const fetch = vi.fn(async () => json({ message: 'Signed out' }));
    vi.stubGlobal('fetch', fetch);
    sittingKeptBy(7);
    lmsToken.set(tokenOf(7, 'nurse.amal'));
    const user = renderAt('/lms-system/dashboard');

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeTruthy();
    expect(examKeys()).toEqual([]);
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(lmsToken.get()).toBeNull();
  });

  async function signIn(id: number, username: string) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ token: tokenOf(id, username) })),
    );
    const user = renderAt('/lms-system/login');
    await user.type(screen.getByLabelText('Username'), username);
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  }

  it('when another learner signs in on the device, then nothing of the first learner’s sitting is left', async () => {
    sittingKeptBy(7);
    await signIn(8, 'rahul.nurse');
    expect(examKeys()).toEqual(['lms-exam-owner']);
    expect(localStorage.getItem('lms-exam-owner')).toBe('8');
    expect(localStorage.getItem('darkMode')).toBe('true');
  });

  it('when the same learner signs in again (their token had expired mid-sitting), then their form and queued answers are kept to be sent', async () => {
    sittingKeptBy(7);
    await signIn(7, 'nurse.amal');
    expect(localStorage.getItem('lms-exam-form-41')).toBe(SITTING_FORM);
    expect(localStorage.getItem('lms-exam-answers-41')).toBe(QUEUE);
    expect(localStorage.getItem('lms-exam-practice-answer')).toBe(PRACTICE_ANSWER);
  });

  it('when the sitting’s form arrives after the learner signed out, then it is shown to no one and not kept on the device; while signed in, it is kept', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    lmsToken.set(tokenOf(7, 'nurse.amal'));

    const late = client.fetchQuery(examFormQuery(41));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    lmsToken.clear();
    answer(json(JSON.parse(SITTING_FORM)));
    await late;
    expect(examKeys()).toEqual([]);

    lmsToken.set(tokenOf(7, 'nurse.amal'));
    const onTime = client.fetchQuery({ ...examFormQuery(41), staleTime: 0 });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    answer(json(JSON.parse(SITTING_FORM)));
    await onTime;
    expect(localStorage.getItem('lms-exam-form-41')).toBe(SITTING_FORM);
  });
});
