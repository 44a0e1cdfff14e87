import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Routes } from '../lib/routing.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markReachable } from '../lib/connection.js';
import { AdminLayout } from './admin/admin-layout.js';
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
 * signing in again (after an expired token) keeps them, so their queued answers still go. Answers
 * still waiting for the server are sent before sign-out forgets them; when they cannot go (offline),
 * the learner chooses between staying signed in to send them and signing out without them.
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
        <Routes
          routes={[
            {
              element: <LearnerShell />,
              children: [
                { path: '/lms-system/login', element: <LoginPage /> },
                { path: '/lms-system/dashboard', element: <h1>Dashboard</h1> },
              ],
            },
          ]}
        />
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
  it('when the learner signs out online, then the waiting answers are sent first, and then the sitting’s form, its queue and the practice answer are gone; the device’s settings stay', async () => {
    const fetch = vi.fn(async (request: Request) =>
      request.url.endsWith('/user/exam/submit')
        ? json({ recorded: true, correct: true, attempt: { answered: 1, total: 10 } })
        : json({ message: 'Signed out' }),
    );
    vi.stubGlobal('fetch', fetch);
    sittingKeptBy(7);
    lmsToken.set(tokenOf(7, 'nurse.amal'));
    const user = renderAt('/lms-system/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeTruthy();
    expect(examKeys()).toEqual([]);
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(lmsToken.get()).toBeNull();
    const sent = await Promise.all(
      fetch.mock.calls
        .map(([request]) => request)
        .filter((request) => request.url.endsWith('/user/exam/submit'))
        .map(async (request) => (await request.json()) as { clientAnswerId: string }),
    );
    expect(sent.map((answer) => answer.clientAnswerId).sort()).toEqual(['a6c1', 'b7d2']);
  });

  it('when the learner signs out offline with answers waiting, then they are asked; staying keeps the answers and sends them once the connection is back, signing out loses them', async () => {
    let online = false;
    const sentIds: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        if (!online) throw new TypeError('Failed to fetch');
        if (!request.url.endsWith('/user/exam/submit')) return json({ message: 'Signed out' });
        sentIds.push(((await request.json()) as { clientAnswerId: string }).clientAnswerId);
        return json({ recorded: true, correct: true, attempt: { answered: 1, total: 10 } });
      }),
    );
    sittingKeptBy(7);
    lmsToken.set(tokenOf(7, 'nurse.amal'));
    const user = renderAt('/lms-system/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answers not sent yet' });
    expect(dialog.textContent).toContain('2 answers have not reached the server yet.');
    await user.click(screen.getByRole('button', { name: 'Stay signed in to send them' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(lmsToken.get()).toBe(tokenOf(7, 'nurse.amal'));
    expect(localStorage.getItem('lms-exam-answers-41')).toBe(QUEUE);
    expect(localStorage.getItem('lms-exam-practice-answer')).toBe(PRACTICE_ANSWER);

    // The connection comes back while they stay: both answers go, without Logout.
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(sentIds.sort()).toEqual(['a6c1', 'b7d2']));
    await vi.waitFor(() => expect(localStorage.getItem('lms-exam-answers-41')).toBeNull());

    // Offline again with a flag waiting: this time they sign out and lose it.
    online = false;
    localStorage.setItem(
      'lms-exam-answers-41',
      JSON.stringify([{ kind: 'flag', clientAnswerId: 'c8e3', questionId: 9, flagged: true }]),
    );
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('1 flag has not reached the server yet.');
    await user.click(screen.getByRole('button', { name: 'Sign out and lose them' }));

    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeTruthy();
    expect(examKeys()).toEqual([]);
    expect(lmsToken.get()).toBeNull();
  });

  it('when an LMS admin signs out offline with answers waiting on the device, then they are asked as well', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    sittingKeptBy(7);
    lmsToken.set(tokenOf(7, 'nurse.amal'));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/lms-system/admin']}>
          <Routes
            routes={[
              { path: '/lms-system/admin', element: <AdminLayout title="Exam questions">…</AdminLayout> },
              { path: '/lms-system/login', element: <h1>Welcome Back!</h1> },
            ]}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: /sign out/i }));
    await user.click(await screen.findByRole('button', { name: 'Sign out and lose them' }));

    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeTruthy();
    expect(examKeys()).toEqual([]);
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
