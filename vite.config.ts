import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPaths = ['/api', '/auth', '/user', '/exam-questions', '/admin', '/healthz', '/readyz'];

export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    // `npm run dev` serves the API on 3000; the Vite dev server forwards API calls to it.
    proxy: Object.fromEntries(apiPaths.map((path) => [path, { target: 'http://localhost:3000', changeOrigin: false }])),
  },
});
