import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { ConnectionBanner } from './ui/connection-banner.js';
import { ToastProvider } from './ui/toast.js';

/**
 * The whole app, the same tree in the browser (web/main.tsx, under the browser's router) and on the
 * server, which renders the first pages to HTML under a StaticRouter at their address
 * (web/entry-server.tsx); the browser then hydrates that HTML, so both must draw the same thing for
 * the same address.
 */
export function AppRoot({ client, router }: { client: QueryClient; router: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <ToastProvider>
          {router}
          <ConnectionBanner />
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
