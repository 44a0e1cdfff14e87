import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { parse } from 'regexparam';
import { Router, useRouter } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

/**
 * The web app's routing (decision 050): the few names its pages use, on top of wouter, whose
 * location store (the History API read through `useSyncExternalStore`), SSR address and in-memory
 * location for tests this module uses, at about a sixth of React Router's weight on every first
 * page. wouter has no route tables; the areas' tables (`RouteObject[]`: layouts without a path
 * around pages with a whole one) are matched here, so a route's handle (title, data) and lazy
 * element are read before it renders, as the server's first pages and the prefetch need.
 * Matching is React Router's: without letter case unless `caseSensitive`, a trailing slash
 * allowed, `:name` one segment, `*` anything, each segment decoded.
 */

/** One route of an area's table: a layout (`children`, no path) or a page (a whole `path`). */
export type RouteObject = {
  path?: string;
  /** `/Home` and `/home` are two pages. */
  caseSensitive?: boolean;
  /** What the route tells the app about itself (layouts/route-handle.ts). */
  handle?: unknown;
  element?: ReactNode;
  children?: RouteObject[];
};

export type Params = Readonly<Record<string, string | undefined>>;

/** A matched route, outermost layout first; every one carries the page's parameters. */
export type RouteMatch = { route: RouteObject; params: Params };

/** A page's path as a pattern: regexparam's (wouter's own parser) matches without letter case and allows a trailing slash. */
function patternOf(route: RouteObject, path: string): { pattern: RegExp; keys: string[] } {
  const { pattern, keys } = parse(path);
  return { pattern: route.caseSensitive ? new RegExp(pattern.source) : pattern, keys };
}

// Each segment decoded (`/members/%D8%B3` is `/members/س`), a `/` inside one kept apart from the separators.
const decodePath = (pathname: string) =>
  pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replaceAll('/', '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');

function matchIn(routes: readonly RouteObject[], pathname: string): RouteMatch[] | null {
  for (const route of routes) {
    if (route.children) {
      const inner = matchIn(route.children, pathname);
      const page = inner?.at(-1);
      if (inner && page) return [{ route, params: page.params }, ...inner];
    } else if (route.path !== undefined) {
      const { pattern, keys } = patternOf(route, route.path);
      const found = pattern.exec(pathname);
      if (found) return [{ route, params: Object.fromEntries(keys.map((key, index) => [key, found[index + 1]])) }];
    }
  }
  return null;
}

/**
 * The routes an address opens, outermost first, or null when none. The first page in the table's
 * order wins: a table lists a fixed path before a parameter that would also take it
 * (`course/new` before `course/:id`), and ends with the catch-all (test/platform/web-areas.test.ts).
 */
export function matchRoutes(routes: readonly RouteObject[], location: string | { pathname: string }) {
  return matchIn(routes, decodePath(typeof location === 'string' ? location : location.pathname));
}

const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} });

/** Draws matched routes: each layout's `<Outlet />` is the route inside it. */
export function renderMatches(matches: readonly RouteMatch[] | null): ReactNode {
  return (matches ?? []).reduceRight<ReactNode>(
    (outlet, { route, params }) => <RouteContext value={{ outlet, params }}>{route.element ?? outlet}</RouteContext>,
    null,
  );
}

/** Where a layout draws the route inside it. */
export function Outlet() {
  return use(RouteContext).outlet;
}

/** The page's parameters (`:id`), decoded. */
export function useParams(): Params {
  return use(RouteContext).params;
}

/** The current address: its path as the browser has it (encoded) and its query (`?q=…`, or ''). */
export function useLocation(): { pathname: string; search: string } {
  const router = useRouter();
  const [pathname] = router.hook(router);
  // The browser's query starts with `?`; the server's and the memory location's do not.
  const query = router.searchHook(router);
  return { pathname, search: query && !query.startsWith('?') ? `?${query}` : query };
}

/** How many entries the app pushed before the current one (`history.state.idx`); 0 on the first. */
export function historyIndex(): number {
  return (history.state as { idx?: number } | null)?.idx ?? 0;
}

export type NavigateOptions = { replace?: boolean; state?: unknown };

/**
 * Goes to an address (`/path?query`), or back and forth in the history (`-1`). Each entry the app
 * pushes is numbered (`history.state.idx`), so a page can tell whether Back stays in the app.
 */
export function useNavigate(): (to: string | number, options?: NavigateOptions) => void {
  const router = useRouter();
  const [, navigate] = router.hook(router);
  return useCallback(
    (to: string | number, { replace = false, state }: NavigateOptions = {}) => {
      if (typeof to === 'number') history.go(to);
      else navigate(to, { replace, state: { idx: historyIndex() + (replace ? 0 : 1), usr: state } });
    },
    [navigate],
  );
}

type SearchInit = string | URLSearchParams | Record<string, string> | string[][];

/** The address's query, and a way to change it (the lists keep their filters in the address). */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { pathname, search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const navigate = useNavigate();
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const query = new URLSearchParams(typeof next === 'function' ? next(params) : next).toString();
      navigate(query ? `${pathname}?${query}` : pathname, options);
    },
    [navigate, params, pathname],
  );
  return [params, setParams];
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/** An address that leaves the app: with a scheme (`https:`, `mailto:`) or another host (`//…`). */
const leavesTheApp = (to: string) => /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(to);

/**
 * A link: a real `<a href>`, so a modified click, a middle click or another target opens a new
 * tab or window as the browser does; a plain click navigates in the page (in place of the current
 * entry when it goes where the page already is), unless it leaves the app, which the browser
 * follows (the history API cannot hold another origin's address). The link's own `onClick` runs
 * on every click.
 */
export function Link({ to, replace, state, onClick, ...props }: LinkProps) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <a
      {...props}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.altKey ||
          event.ctrlKey ||
          event.shiftKey ||
          (props.target !== undefined && props.target !== '_self') ||
          leavesTheApp(to)
        )
          return;
        event.preventDefault();
        navigate(to, { replace: replace ?? to === pathname + search, state });
      }}
    />
  );
}

/** A navigation link marked `aria-current="page"` on its page, and under it unless `end`. */
export function NavLink({ end = false, ...props }: LinkProps & { end?: boolean }) {
  const here = useLocation().pathname.toLowerCase();
  const to = props.to.toLowerCase();
  const current = here === to || (!end && to !== '/' && here.startsWith(to.endsWith('/') ? to : `${to}/`));
  return <Link {...props} aria-current={current ? 'page' : undefined} />;
}

/** Sends the visitor on (a redirect or a guard) once drawn. */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

/** The server's router: the address of the first page it draws (web/entry-server.tsx). */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  return <Router ssrPath={location}>{children}</Router>;
}

/** A router of its own address, for the web's unit tests: what they navigate to stays in memory. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [location] = useState(() => memoryLocation({ path: initialEntries[0] ?? '/' }));
  return (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  );
}

/** Draws the routes the address opens (the unit tests' route tables). */
export function Routes({ routes }: { routes: RouteObject[] }) {
  return renderMatches(matchRoutes(routes, useLocation()));
}
