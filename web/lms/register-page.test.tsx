import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Routes } from '../lib/routing.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markReachable } from '../lib/connection.js';
import RegisterPage from './register-page.js';
import { lmsToken } from './session.js';

// A loaded machine (CI runs beside the browser tests) may take seconds to render a screen: wait for it, not for a second.
configure({ asyncUtilTimeout: 10_000 });

/*
 * Issue 39: a learner could register with a profession that has no exam yet and find out only on
 * the exam page. The form says which professions have none (from GET /auth/professions), without
 * blocking any of them.
 */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const TOKEN = `header.${btoa(JSON.stringify({ id: 31, username: 'sara.nutrition', profession: 'nutritionist', role: 'user', exp: 4_102_444_800 }))}.signature`;

function renderRegister() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/lms-system/register']}>
        <Routes
          routes={[
            { path: '/lms-system/register', element: <RegisterPage /> },
            { path: '/lms-system/dashboard', element: <h1>Dashboard</h1> },
          ]}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const optionTexts = () =>
  Array.from((screen.getByLabelText('Profession') as HTMLSelectElement).options, (option) => option.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  markReachable();
  lmsToken.clear();
  localStorage.clear();
});

describe('the registration form’s professions', () => {
  it('when two professions have no exam yet, then their choices say so, choosing one explains it, and registering with it still works', async () => {
    const registered: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        if (request.url.endsWith('/auth/professions'))
          return json({
            professions: [
              { profession: 'doctor', hasExam: true },
              { profession: 'nurse', hasExam: true },
              { profession: 'physiotherapist', hasExam: true },
              { profession: 'nutritionist', hasExam: false },
              { profession: 'dentist', hasExam: false },
            ],
          });
        registered.push(await request.json());
        return json({ token: TOKEN }, 201);
      }),
    );
    const user = renderRegister();

    await vi.waitFor(() => expect(optionTexts()).toContain('Nutritionist (no exam yet)'));
    expect(optionTexts()).toEqual([
      'Select your profession',
      'Doctor',
      'Nurse',
      'Physiotherapist',
      'Nutritionist (no exam yet)',
      'Dentist (no exam yet)',
    ]);
    expect(screen.queryByText(/no exam for this profession yet/)).toBeNull();

    await user.type(screen.getByLabelText('Username'), 'sara.nutrition');
    await user.type(screen.getByLabelText('Password'), 'कोई लंबा पासवर्ड 2024');
    await user.selectOptions(screen.getByLabelText('Profession'), 'nutritionist');
    expect(screen.getByText(/There is no exam for this profession yet\. You can register now/)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Profession'), 'nurse');
    expect(screen.queryByText(/no exam for this profession yet/)).toBeNull();
    await user.selectOptions(screen.getByLabelText('Profession'), 'nutritionist');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(registered).toEqual([expect.objectContaining({ username: 'sara.nutrition', profession: 'nutritionist' })]);
  });

  it('when the server cannot say (offline), then the choices are the professions as before', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderRegister();
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(optionTexts()).toEqual([
      'Select your profession',
      'Doctor',
      'Nurse',
      'Physiotherapist',
      'Nutritionist',
      'Dentist',
    ]);
  });
});
