import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyStoredDarkMode, followSystemDarkMode } from './lib/dark-mode.js';
import { markUnreachable, onReconnected } from './lib/connection.js';
import { ApiError, isUnreachable } from './lib/http.js';
import { AppRouter } from './router.js';
import { ConnectionBanner } from './ui/connection-banner.js';
import { isPageLoadError } from './ui/lazy-page.js';
import { ToastProvider } from './ui/toast.js';
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
    },
  },
});

// Back after an outage: whatever failed or may have changed meanwhile is asked for again.
onReconnected(() => void queryClient.invalidateQueries());

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root, {
  // A page whose code could not be downloaded is an outage the page already shows, not a bug to log.
  onCaughtError: (error, info) => {
    if (!isPageLoadError(error)) console.error(error, info.componentStack);
  },
}).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AppRouter />
        <ConnectionBanner />
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
