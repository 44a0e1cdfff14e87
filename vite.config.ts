import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Every path the server answers that is not a page (test/platform/dev-proxy.test.ts holds every route
// to it): the API's prefixes, the lesson images lesson text links to, the health checks and the credentials' keys.
export const apiPaths = [
  '/api',
  '/auth',
  '/user',
  '/exam-questions',
  '/admin',
  '/lesson-images',
  '/healthz',
  '/readyz',
  // The keys that verify the credentials we issue (issue 41).
  '/.well-known',
];

// Pages that also take a POST: the tracker's form sent before its JavaScript runs (answered with the
// page drawn on the server), and the unsubscribe pages a mail provider POSTs to (one-click, RFC 8058).
// A GET is the dev server's page, a POST goes to the API.
export const pagesTakingPosts = ['/casetracking', '/casetracking/unsubscribe', '/notifications/digest/unsubscribe'];

export default defineConfig({
  root: 'web',
  // React DOM renders the app (decision 015); the plugin adds fast refresh to `npm run dev:web`.
  plugins: [react()],
  // The server's entry (`vite build --ssr entry-server.tsx`, web/entry-server.tsx) carries everything
  // it imports, React DOM's server renderer included: the production install needs no browser packages.
  ssr: { noExternal: true },
  build: {
    outDir: '../dist/web',
    // dist/web/.vite/manifest.json: the server names each area's route chunk in the page it sends.
    manifest: true,
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Every first page needs React, React DOM, the router and TanStack Query: one chunk of them
        // compresses better than the seven small ones the default split makes (about 6 KB per page).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
          ],
        },
      },
      onwarn(warning, warn) {
        // "use client" marks modules for React Server Components; this app renders only in the browser.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        // The server's entry imports the route tables the browser loads lazily: one bundle is meant there.
        if (warning.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && warning.message.includes('entry-server')) return;
        warn(warning);
      },
    },
  },
  server: {
    // `npm run dev` serves the API on 3000; the Vite dev server forwards API calls to it.
    proxy: {
      ...Object.fromEntries(apiPaths.map((path) => [path, { target: 'http://localhost:3000', changeOrigin: false }])),
      ...Object.fromEntries(
        pagesTakingPosts.map((path) => [
          path,
          {
            target: 'http://localhost:3000',
            changeOrigin: false,
            // Anything but a POST stays with the dev server, which answers the page.
            bypass: (request: { method?: string; url?: string }) =>
              request.method === 'POST' ? undefined : request.url,
          },
        ]),
      ),
    },
  },
});
