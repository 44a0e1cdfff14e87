import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Routes, useLocation } from '../lib/routing.js';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { markReachable } from '../lib/connection.js';
import { networkKeys } from './api.js';
import HomePage from './home-page.js';
import JourneyPage from './journey-page.js';
import MemberPage from './member-page.js';
import ModerationPage from './moderation-page.js';
import NotificationsPage from './notifications-page.js';
import SearchPage from './search-page.js';
import SettingsPage from './settings-page.js';
import UserDetailsPage from './user-details-page.js';
import { signedInMember } from './test-members.js';

// A loaded machine (CI runs beside the browser tests) may take seconds to render a screen: wait for it, not for a second.
configure({ asyncUtilTimeout: 10_000 });
// The queries tell the pages at once, not on a later tick: what a page drew after a refetch can be looked at in act().
notifyManager.setScheduler((callback) => callback());
afterAll(() => notifyManager.setScheduler((callback) => setTimeout(callback, 0)));

/*
 * Issue 39: the eight signed-in network pages each wrote out the session's loading, error and
 * redirect, and no two alike: two sent a visitor elsewhere than the others, and half replaced
 * the page with "Could not load your account." when a refetch in the background failed. One guard
 * (useSignedInMember) does it for all. The server stands in at the transport only (fetch).
 */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const member = signedInMember({ isAdmin: true });

/** The session's answer (`me`); every other call answers an empty 404, which no page here needs. */
function serve(me: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) =>
      new URL(request.url).pathname === '/api/network/me' ? me() : json({ error: 'Not here' }, 404),
    ),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  markReachable();
});

function Where() {
  const location = useLocation();
  return <p>Now at {`${location.pathname}${location.search}`}</p>;
}

function renderAt(address: string, Page: ComponentType) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>
        <Routes
          routes={[
            { path: '/', element: <Where /> },
            { path: '/UserDetails', element: <Where /> },
            { path: '*', element: <Page /> },
          ]}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const pages: [string, ComponentType][] = [
  ['/Home', HomePage],
  ['/journey', JourneyPage],
  ['/members/amal', MemberPage],
  ['/moderation', ModerationPage],
  ['/notifications', NotificationsPage],
  ['/search', SearchPage],
  ['/settings', SettingsPage],
  ['/complete-your-profile', UserDetailsPage],
];

describe('one guard for the signed-in network pages', () => {
  it.each(pages)('when nobody is signed in, then %s sends them to the sign-in page', async (address, Page) => {
    serve(() => json({ user: null }));
    renderAt(address, Page);
    expect(await screen.findByText('Now at /')).toBeTruthy();
  });

  it.each(pages)(
    'when the account cannot be loaded, then %s says so and offers to try again',
    async (address, Page) => {
      serve(() => json({ error: 'Something went wrong' }, 500));
      renderAt(address, Page);
      expect(await screen.findByText('Could not load your account.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
  );

  it.each(pages)(
    'when a refetch of the account fails in the background, then %s stays on screen',
    async (address, Page) => {
      let down = false;
      serve(() => (down ? json({ error: 'Something went wrong' }, 500) : json({ user: member })));
      const client = renderAt(address, Page);
      await vi.waitFor(() => expect(client.getQueryState(networkKeys.me)?.status).toBe('success'));
      down = true;
      // In act, so the page has drawn what the failed refetch left before it is looked at.
      await act(() => client.refetchQueries({ queryKey: networkKeys.me }));
      expect(client.getQueryState(networkKeys.me)?.status).toBe('error');
      expect(screen.queryByText('Could not load your account.')).toBeNull();
      expect(screen.queryByText(/^Now at/)).toBeNull();
    },
  );

  it('when the profile is not complete, then the feed sends the member to complete it', async () => {
    serve(() => json({ user: { ...member, username: null, isProfileComplete: false } }));
    renderAt('/Home', HomePage);
    expect(await screen.findByText('Now at /UserDetails')).toBeTruthy();
  });
});
