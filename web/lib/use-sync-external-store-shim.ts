/**
 * wouter imports `useSyncExternalStore` from the `use-sync-external-store` shim, written for React
 * before 18; React 19 has it built in, so the build points the shim here (vite.config.ts) and every
 * first page is spared the shim's copy (about 0.2 KB gzip, issue 42).
 */
export { useSyncExternalStore } from 'react';
