import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  historyIndex,
  Link,
  matchRoutes,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type RouteObject,
} from './routing.js';

/** Where the router is: the address a page would read. */
function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="address">{`${pathname}${search}`}</output>;
}

function Member() {
  return <h1>Member {useParams().username}</h1>;
}

function Shell() {
  return (
    <div>
      <nav aria-label="Main">
        <NavLink to="/Home">Home</NavLink>
        <NavLink to="/settings" end>
          Settings
        </NavLink>
      </nav>
      <main>
        <Outlet />
      </main>
      <Where />
    </div>
  );
}

const page = (name: string) => <h1>{name}</h1>;
const table: RouteObject[] = [
  { path: '/', element: page('Sign in') },
  {
    element: <Shell />,
    children: [
      { path: '/Home', caseSensitive: true, element: page('Home') },
      { path: '/home', caseSensitive: true, element: page('Lower-case home') },
      { path: '/settings', element: page('Settings') },
      { path: '/settings/privacy', element: page('Privacy') },
      { path: '/courses/new', element: page('New course') },
      { path: '/courses/:id', element: page('A course') },
      { path: '/members/:username', element: <Member /> },
    ],
  },
  { path: '*', element: page('Page not found') },
];

const deepest = (pathname: string) => matchRoutes(table, pathname)?.at(-1);

describe('matching an address to an area table (as React Router matched it)', () => {
  it('when an address is typed in other letters or with a trailing slash, then it opens the same page, unless the route is case-sensitive', () => {
    expect(deepest('/SETTINGS/')?.route.path).toBe('/settings');
    expect(deepest('/Home')?.route.path).toBe('/Home');
    expect(deepest('/home')?.route.path).toBe('/home');
    expect(deepest('/HOME')?.route.path).toBe('*');
  });

  it('when a fixed path and a parameter could both take an address, then the one listed first does; the catch-all takes the rest', () => {
    expect(deepest('/courses/new')?.route.path).toBe('/courses/new');
    expect(deepest('/courses/12')).toMatchObject({ route: { path: '/courses/:id' }, params: { id: '12' } });
    expect(deepest('/courses/12/more')?.route.path).toBe('*');
  });

  it('when a parameter is percent-encoded (Arabic, Hindi, a slash), then the page reads it decoded, a slash kept inside its segment', () => {
    expect(deepest('/members/%D8%B3%D8%A7%D8%B1%D8%A9')?.params).toEqual({ username: 'سارة' });
    expect(deepest(`/members/${encodeURIComponent('नर्स ३')}`)?.params).toEqual({ username: 'नर्स ३' });
    expect(deepest('/members/a%2Fb')?.params).toEqual({ username: 'a%2Fb' });
    expect(deepest('/members/100%')?.params).toEqual({ username: '100%' });
  });

  it('when a page sits in a layout, then the layout comes first and both carry the page parameters', () => {
    const matches = matchRoutes(table, '/members/amal') ?? [];
    expect(matches.map(({ route }) => route.path ?? 'layout')).toEqual(['layout', '/members/:username']);
    expect(matches.map(({ params }) => params.username)).toEqual(['amal', 'amal']);
    expect(matchRoutes([{ path: '/only' }], '/other')).toBeNull();
  });
});

function openAt(address: string) {
  render(
    <MemoryRouter initialEntries={[address]}>
      <Routes routes={table} />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('the routes drawn at an address', () => {
  it('when a page of a layout opens, then the layout draws it in its outlet with its parameters, and its link is the current page', async () => {
    const user = openAt('/members/%D8%B3%D8%A7%D8%B1%D8%A9?post=4');

    expect(screen.getByRole('heading').textContent).toBe('Member سارة');
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe(
      '/members/%D8%B3%D8%A7%D8%B1%D8%A9?post=4',
    );
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Home' }));

    expect(screen.getByRole('heading').textContent).toBe('Home');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/Home');
  });

  it('when a page lies under a navigation link, then the link is current unless it is `end`', () => {
    openAt('/settings/privacy');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBeNull();
    cleanupAndOpen('/SETTINGS');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    cleanupAndOpen('/Home/');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  });

  it('when no route takes an address, then the catch-all page is drawn outside the layout', () => {
    openAt('/no-such-place');
    expect(screen.getByRole('heading').textContent).toBe('Page not found');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

function cleanupAndOpen(address: string) {
  cleanup();
  openAt(address);
}

describe('links', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('when a link is clicked with a modifier or the middle button, then the browser opens it (a new tab), the page stays, and the link still runs its own click', () => {
    const onClick = vi.fn();
    openAtWithLink(onClick);
    const link = screen.getByRole('link', { name: 'Open the post' });
    expect(link.getAttribute('href')).toBe('/Home?post=7');
    // Whether the page kept the click from the browser, seen after the app's handlers; the test
    // browser itself never follows the link.
    const keptFromBrowser: boolean[] = [];
    const seeClick = (event: Event) => {
      keptFromBrowser.push(event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', seeClick);
    try {
      for (const modified of [
        { ctrlKey: true },
        { metaKey: true },
        { shiftKey: true },
        { altKey: true },
        { button: 1 },
      ])
        fireEvent.click(link, modified);
      expect(keptFromBrowser).toEqual([false, false, false, false, false]);
      expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/settings');
      expect(onClick).toHaveBeenCalledTimes(5);

      fireEvent.click(link);
      expect(keptFromBrowser.at(-1)).toBe(true);
      expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/Home?post=7');
      expect(onClick).toHaveBeenCalledTimes(6);
    } finally {
      document.removeEventListener('click', seeClick);
    }
  });

  it('when a link leaves the app (another site, an email address), then the browser follows it and the page stays', () => {
    render(
      <MemoryRouter initialEntries={['/settings']}>
        <Link to="https://www.moh.gov.sa/licence?id=٤٢">The ministry</Link>
        <Link to="//example.org/help">Help</Link>
        <Link to="mailto:cases@example.test">Write to us</Link>
        <Where />
      </MemoryRouter>,
    );
    const keptFromBrowser: boolean[] = [];
    const seeClick = (event: Event) => {
      keptFromBrowser.push(event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', seeClick);
    try {
      for (const name of ['The ministry', 'Help', 'Write to us']) fireEvent.click(screen.getByRole('link', { name }));
      expect(keptFromBrowser).toEqual([false, false, false]);
      expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/settings');
    } finally {
      document.removeEventListener('click', seeClick);
    }
  });

  it('when the app navigates in the browser, then each pushed entry is numbered and a replacement keeps the number (Back stays in the app only past the first)', async () => {
    window.history.replaceState(null, '', '/settings');
    function Buttons() {
      const navigate = useNavigate();
      return (
        <>
          <button type="button" onClick={() => navigate('/Home')}>
            Push
          </button>
          <button type="button" onClick={() => navigate('/settings?tab=privacy', { replace: true })}>
            Replace
          </button>
          <Where />
        </>
      );
    }
    render(<Buttons />);
    const user = userEvent.setup();
    expect(historyIndex()).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Push' }));
    expect([window.location.pathname, historyIndex()]).toEqual(['/Home', 1]);
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/Home');

    await user.click(screen.getByRole('button', { name: 'Replace' }));
    expect([window.location.pathname + window.location.search, historyIndex()]).toEqual(['/settings?tab=privacy', 1]);
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/settings?tab=privacy');
  });
});

function openAtWithLink(onClick: () => void) {
  render(
    <MemoryRouter initialEntries={['/settings']}>
      <Link to="/Home?post=7" onClick={onClick}>
        Open the post
      </Link>
      <Where />
    </MemoryRouter>,
  );
}

describe('the query and redirects', () => {
  it('when a page writes its query, then the address keeps the path and the new query (Arabic kept), and an empty query leaves no `?`', async () => {
    function Filters() {
      const [params, setParams] = useSearchParams();
      return (
        <>
          <p>Search: {params.get('q') ?? 'none'}</p>
          <button type="button" onClick={() => setParams((current) => ({ q: `${current.get('q') ?? ''}سارة` }))}>
            Filter
          </button>
          <button type="button" onClick={() => setParams({}, { replace: true })}>
            Clear
          </button>
          <Where />
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/members/amal?q=%25D8']}>
        <Filters />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    expect(screen.getByText(/^Search:/).textContent).toBe('Search: %D8');

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByText(/^Search:/).textContent).toBe('Search: %D8سارة');
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe(
      `/members/amal?${new URLSearchParams({ q: '%D8سارة' }).toString()}`,
    );

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/members/amal');
  });

  it('when a guard redirects, then the visitor lands where it sends them', async () => {
    render(
      <MemoryRouter initialEntries={['/settings']}>
        <Routes
          routes={[
            { path: '/settings', element: <Navigate to="/?mode=signin" replace /> },
            { path: '/', element: <Where /> },
          ]}
        />
      </MemoryRouter>,
    );
    await act(async () => {});
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/?mode=signin');
  });
});
