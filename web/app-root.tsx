import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { AppRouter } from './router.js';
import { ConnectionBanner } from './ui/connection-banner.js';
import { ToastProvider } from './ui/toast.js';

/**
 * The whole app, the same tree in the browser (web/main.tsx) and on the server, which renders the
 * first pages to HTML at their `location` (web/entry-server.tsx); the browser then hydrates that
 * HTML, so both must draw the same thing for the same address.
 */
export function AppRoot({ client, location }: { client: QueryClient; location?: string }) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <AppRouter {...(location === undefined ? {} : { location })} />
          <ConnectionBanner />
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
