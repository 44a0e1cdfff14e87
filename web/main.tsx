import { hydrate, MutationCache, QueryCache, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { AppRoot } from './app-root.js';
import { AppRouter } from './router.js';
import { applyStoredDarkMode, followSystemDarkMode } from './lib/dark-mode.js';
import { markUnreachable, onReconnected } from './lib/connection.js';
import { ApiError, isUnreachable } from './lib/api-error.js';
import { answersDrawnOnServer, refetchUnlessPrefetched } from './lib/route-data.js';
import { isCodeLoadError } from './ui/lazy-part.js';
import './ui/theme.css';

applyStoredDarkMode();
followSystemDarkMode();

// Calls made outside `request` (uploads, downloads) also count: any of them that cannot reach the service starts the probe.
const reportUnreachable = (error: unknown) => {
  if (isUnreachable(error)) markUnreachable();
};

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: reportUnreachable }),
  mutationCache: new MutationCache({ onError: reportUnreachable }),
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; network hiccups and 5xx get one more try.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
      refetchOnWindowFocus: false,
      // What a route prefetched beside its page's code is not asked for again as the page mounts.
      refetchOnMount: refetchUnlessPrefetched,
    },
  },
});

// Back after an outage: whatever failed or may have changed meanwhile is asked for again.
onReconnected(() => void queryClient.invalidateQueries());

// The answers a page rendered on the server was drawn with (web/entry-server.tsx).
const firstPageData = document.getElementById('first-page-data')?.textContent;
if (firstPageData) {
  const state = JSON.parse(firstPageData) as DehydratedState;
  hydrate(queryClient, state);
  answersDrawnOnServer(state.queries);
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const options: RootOptions = {
  // A page or part whose code could not be downloaded is an outage the screen already shows, not a bug to log.
  onCaughtError: (error, info) => {
    if (!isCodeLoadError(error)) console.error(error, info.componentStack);
  },
};
const app = <AppRoot client={queryClient} router={<AppRouter />} />;
// The first pages come as HTML rendered on the server (web/entry-server.tsx): React takes that
// HTML over instead of drawing it again. Every other address arrives with an empty root.
if (root.hasChildNodes()) hydrateRoot(root, app, options);
else createRoot(root, options).render(app);
