import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markReachable } from '../lib/connection.js';
import { MemoryRouter, Routes, useLocation } from '../lib/routing.js';
import { meQuery } from './api.js';
import ProfileMenu from './profile-menu.js';
import SignInPage from './sign-in-page.js';
import { useSignedInMember } from './signed-in.js';
import { signedInMember } from './test-members.js';

// A loaded machine (CI runs beside the browser tests) may take seconds to render a screen: wait for it, not for a second.
configure({ asyncUtilTimeout: 10_000 });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const member = signedInMember();

afterEach(() => {
  vi.unstubAllGlobals();
  markReachable();
});

function Where() {
  const { pathname, search } = useLocation();
  return <p>Now at {`${pathname}${search}`}</p>;
}

/** The feed's place: the one guard of the signed-in pages, and the profile menu. */
function Feed() {
  const { instead } = useSignedInMember();
  return instead ?? <ProfileMenu />;
}

describe('Sign Out', () => {
  it('when a member signs out from a page whose sign-in page is already downloaded, then they land on sign-in, not bounced back by the member still cached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const { pathname } = new URL(request.url);
        if (pathname === '/api/network/me') return json({ user: member });
        if (pathname === '/api/network/auth/sign-out') return new Response(null, { status: 204 });
        return json({ error: 'Not here' }, 404);
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/Home']}>
          <Routes
            routes={[
              { path: '/', element: <SignInPage /> },
              { path: '/Home', caseSensitive: true, element: <Feed /> },
            ]}
          />
          <Where />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'amal' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    await vi.waitFor(() => expect(client.getQueryData(meQuery().queryKey)).toBeNull());
    await act(async () => {});

    expect(screen.getByText(/^Now at/).textContent).toBe('Now at /?mode=signin');
  });
});
