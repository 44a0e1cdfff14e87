/**
 * What an address the router does not know leads to. The spec's `{token}` route sends the
 * browser to the health authority's site; a word a person types must never be taken for one,
 * so a token has a shape (see docs/decisions/011-token-route-shape.md).
 */
export type UnknownPathOutcome =
  | { kind: 'health-authority'; token: string }
  | { kind: 'navigate'; to: string }
  /** Nothing here: the page says so, with a way `home` (in its words, not-found-words.ts), instead of landing silently somewhere else. */
  | { kind: 'not-found'; home: { to: NotFoundHome } };

/** The entry pages a "page not found" leads home to. */
export type NotFoundHome = '/' | '/lms-system' | '/caseadmin/dashboard';

/** At least 8 characters of letters, digits, `-` or `_`, with at least one digit. */
const TOKEN_SHAPE = /^(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{8,}$/;

export const looksLikeToken = (segment: string): boolean => TOKEN_SHAPE.test(segment);

// Known routes in another letter case, area prefixes, and the words people type for them
// (keys are lower case, without a trailing slash).
const aliases: Record<string, string> = {
  '/home': '/Home',
  '/userdetails': '/UserDetails',
  '/login': '/',
  '/signin': '/',
  '/sign-in': '/',
  '/signup': '/',
  '/register': '/lms-system/register',
  '/dashboard': '/lms-system/dashboard',
  '/profile': '/lmsprofile',
  '/lms': '/lms-system',
  '/caseadmin': '/caseadmin/dashboard',
  '/admin': '/caseadmin/dashboard',
  '/tracking': '/casetracking',
  '/track': '/casetracking',
};

export function resolveUnknownPath(pathname: string): UnknownPathOutcome {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const segments = trimmed.split('/').filter(Boolean);
  if (segments.length === 1 && segments[0] && looksLikeToken(segments[0]))
    return { kind: 'health-authority', token: segments[0] };
  const lower = trimmed.toLowerCase();
  const alias = aliases[lower];
  if (alias) return { kind: 'navigate', to: alias };
  // Inside an area, the way home is that area's entry page.
  if (lower.startsWith('/lms-system/')) return { kind: 'not-found', home: { to: '/lms-system' } };
  if (lower.startsWith('/caseadmin/')) return { kind: 'not-found', home: { to: '/caseadmin/dashboard' } };
  return { kind: 'not-found', home: { to: '/' } };
}
