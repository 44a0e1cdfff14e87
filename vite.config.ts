import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
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

// Pages the server draws with a member's data (the signed-in feed, decision 053), declared as routes
// of their own: the dev server answers them as any other page, and the browser then asks the API for
// what the built server would have drawn into them.
export const pagesDrawnWithData = ['/Home'];

/**
 * A CSS module's class names in a build: `_` and 6 characters of a hash of the file and the name
 * (`_k3T-9q`), not Vite's `_signInCard_7hsmi_90`. Every page's JavaScript carries its modules'
 * names as strings, and the long ones cost every first page about 1 KB gzip (issue 42). Both
 * builds (the browser's and the server's) run this on the same files, so they agree; two names
 * hashing alike stop the build rather than share styles.
 */
function shortClassNames(): (name: string, filename: string) => string {
  const owners = new Map<string, string>();
  return (name, filename) => {
    const owner = `${relative(process.cwd(), filename.split('?')[0] ?? filename)}:${name}`;
    const scoped = `_${createHash('sha256').update(owner).digest('base64url').slice(0, 6)}`;
    const taken = owners.get(scoped);
    if (taken !== undefined && taken !== owner)
      throw new Error(`CSS class names ${taken} and ${owner} hash alike: lengthen shortClassNames' hash`);
    owners.set(scoped, owner);
    return scoped;
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'web',
  // React DOM renders the app (decision 015); the plugin adds fast refresh to `npm run dev:web`.
  plugins: [react()],
  resolve: {
    // wouter's `useSyncExternalStore` shim for React before 18 is React 19's own (web/lib/use-sync-external-store-shim.ts).
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('web/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  // The server's entry (`vite build --ssr entry-server.tsx`, web/entry-server.tsx) carries everything
  // it imports, React DOM's server renderer included: the production install needs no browser packages.
  ssr: { noExternal: true },
  // The dev server keeps Vite's readable names.
  ...(command === 'build' ? { css: { modules: { generateScopedName: shortClassNames() } } } : {}),
  build: {
    outDir: '../dist/web',
    // dist/web/.vite/manifest.json: the server names each area's route chunk in the page it sends.
    manifest: true,
    emptyOutDir: true,
    sourcemap: true,
    // The polyfill (about 0.4 KB on every first page) only helps browsers without modulepreload:
    // every browser the product supports has it (Chrome and Android's WebView since 2018).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // wouter makes its Link, and a context for its Route's parameters, at module level without a
      // pure annotation: unused here (web/lib/routing.tsx has its own), they would stay on every
      // first page with what they use (about 0.3 KB gzip). Both calls only make a value.
      treeshake: { manualPureFunctions: ['forwardRef', 'createContext'] },
      output: {
        // The browser's files are named by their hash alone (`assets/CDKJKBJ4.js`, not
        // `assets/framework-CDKJKBJ4.js`): each chunk lists the files its lazy pages need, for the
        // browser to fetch them side by side, and the names were a third of a route table's gzip
        // (about 1 KB of each first page, issue 42). The manifest still names each file's source.
        // Letters and digits only: no name starts with a dash.
        // The server's build keeps its names: the server loads dist/ssr/entry-server.js by name.
        ...(isSsrBuild
          ? {}
          : {
              hashCharacters: 'base36' as const,
              entryFileNames: 'assets/[hash].js',
              chunkFileNames: 'assets/[hash].js',
              assetFileNames: 'assets/[hash][extname]',
            }),
        // Every first page needs React, React DOM, the router (wouter, its path parser and
        // web/lib/routing.tsx) and TanStack Query: one chunk of them
        // compresses better than the seven small ones the default split makes (about 6 KB per page).
        // ui/lazy-part.tsx (every first page has a part loaded on demand, and its fallback must be
        // there before the network fails) goes with them, with the button and connection state it
        // uses: as a chunk of its own it cost each first page 0.7 KB, in it 0.1 to 0.2 KB.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|@tanstack[\\/](query-core|react-query))[\\/]|web[\\/](ui[\\/]lazy-part|lib[\\/]routing)\.tsx$/,
            },
            {
              // The app's small modules every first page draws with (a form, the dark mode switch
              // and the icons' code, what a failed call is): one chunk rather than five, whose
              // separate gzip streams cost each first page about a kilobyte (issue 42).
              name: 'first-page-common',
              test: /web[\\/]ui[\\/](form|dark-mode-toggle)\.tsx$|web[\\/]lib[\\/](api-error|http)\.ts$|contracts[\\/]applicant-language-constants\.ts$|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/,
            },
            {
              // The signed-in network's small shared modules (the member's avatar, times, the
              // session's banners, the row menu, the debounce): the feed's first page drew them
              // from ten chunks of 0.2-0.8 KB, each a gzip stream of its own.
              name: 'network-signed-in',
              test: /web[\\/]network[\\/](avatar|suspension|moment|relative-time|date-time)\.tsx?$|web[\\/]lib[\\/]drawn-at\.ts$/,
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
}));
