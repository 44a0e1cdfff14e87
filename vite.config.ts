import { defineConfig } from 'vite';

const apiPaths = ['/api', '/auth', '/user', '/exam-questions', '/admin', '/healthz', '/readyz'];

export default defineConfig({
  root: 'web',
  // The app is written against React's API and rendered by Preact through `preact/compat`
  // (docs/decisions/013-preact-renderer.md): every `react`, `react-dom` and `react/...`,
  // `react-dom/...` import, ours and the libraries', resolves to Preact. Going back to React DOM
  // is deleting this block (and using @vitejs/plugin-react for JSX and fast refresh).
  resolve: {
    alias: [
      { find: /^react-dom(\/client)?$/, replacement: 'preact/compat$1' },
      { find: /^react(\/jsx-runtime|\/jsx-dev-runtime)?$/, replacement: 'preact/compat$1' },
    ],
    dedupe: ['preact'],
  },
  // JSX compiles to the automatic runtime's `react/jsx-runtime`, which the alias above turns into Preact's.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        // "use client" marks modules for React Server Components; this app renders only in the browser.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        // React Router reads React 19's useOptimistic only when it exists; Preact has none.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
    },
  },
  server: {
    // `npm run dev` serves the API on 3000; the Vite dev server forwards API calls to it.
    proxy: Object.fromEntries(apiPaths.map((path) => [path, { target: 'http://localhost:3000', changeOrigin: false }])),
  },
});
