import { Navigate, useLocation } from 'react-router';
import { ExternalRedirectPage } from './external-redirect-page.js';
import { resolveUnknownPath } from './unknown-path.js';

/** Every address no route matched: a health-authority token, a known place in other words, or `/`. */
export function UnknownPathPage() {
  const { pathname } = useLocation();
  const outcome = resolveUnknownPath(pathname);
  if (outcome.kind === 'health-authority') return <ExternalRedirectPage token={outcome.token} />;
  return <Navigate to={outcome.to} replace />;
}
