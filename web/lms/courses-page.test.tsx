import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '../lib/routing.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoursePreview } from '../../contracts/lms.js';
import { markReachable } from '../lib/connection.js';
import CoursesPage from './courses-page.js';

// A loaded machine (CI runs beside the browser tests) may take seconds to render a screen: wait for it, not for a second.
configure({ asyncUtilTimeout: 10_000 });

/*
 * Issue 39: a free learner's locked library sold an empty catalogue. Locked, it shows what it holds
 * (the courses and lessons counted, each course's title, level and lessons) and the ways to open it;
 * empty, it says so and sells nothing. The server stands in at the transport only (fetch).
 */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function openLibrary(courses: CoursePreview[]) {
  const routes: Record<string, unknown> = {
    '/user/profile': { premiumLocked: true },
    '/user/courses/preview': { courses },
    '/user/premium-requests/latest': { request: null, noticeSeen: true },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const body = routes[new URL(request.url).pathname];
      return body ? json(body) : json({ error: 'Not here' }, 404);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/courses']}>
        <CoursesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  markReachable();
});

describe("a free learner's locked course library", () => {
  it('when it holds courses, then it counts them and their lessons, names each with its level and lessons, and offers the ways to unlock', async () => {
    openLibrary([
      {
        id: 4,
        title: 'موازنة السوائل (द्रव संतुलन) for nurses',
        level: 'Advanced',
        profession: 'nurse',
        duration: '2 hours',
        lessons: 4,
      },
      { id: 9, title: 'Ethics for everyone', level: 'Beginner', profession: 'all', duration: '', lessons: 1 },
    ]);
    const locked = await screen.findByRole('region', { name: 'Premium Content Locked' });
    expect(
      await within(locked).findByRole('heading', { name: 'In the library for you: 2 courses with 5 lessons' }),
    ).toBeTruthy();
    const library = within(locked).getByRole('list', { name: 'Courses in the library' });
    expect(
      within(library)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual([
      'موازنة السوائل (द्रव संतुलन) for nurses Advanced · 2 hours · 4 lessons',
      'Ethics for everyone Beginner · 1 lesson',
    ]);
    expect(within(locked).getByRole('button', { name: 'Redeem code' })).toBeTruthy();
    expect(await within(locked).findByRole('button', { name: 'Ask for premium' })).toBeTruthy();
  });

  it('when it holds no course, then it says the library is empty and offers no upgrade, code or request', async () => {
    openLibrary([]);
    expect(await screen.findByRole('heading', { name: 'No courses yet' })).toBeTruthy();
    expect(screen.getByText(/The course library has no courses for your profession yet/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Premium Content Locked' })).toBeNull();
    expect(screen.queryByText(/Premium/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Redeem code' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ask for premium' })).toBeNull();
  });
});
