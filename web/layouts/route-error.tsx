import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../ui/button.js';
import { ErrorState } from '../ui/states.js';

/** Shown when a page fails to load (for example a new deployment replaced its code). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong loading this page.';
  return (
    <main style={{ padding: '2rem' }}>
      <ErrorState message={message} />
      <p style={{ textAlign: 'center' }}>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </p>
    </main>
  );
}
