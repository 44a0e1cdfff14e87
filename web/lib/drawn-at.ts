import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * The moment a page drawn on the server was drawn (an ISO string, in its query cache:
 * web/entry-server.tsx puts it there, the browser's cache starts with it).
 */
export const drawnAtKey = ['first-page', 'drawn-at'] as const;

const never = () => () => {};

/**
 * While the page is drawn as the server drew it (on the server, and in the browser hydrating its
 * HTML), the moment it was drawn at (the feed's, server/network/feed-page-routes.ts); else undefined. Both sides must draw the same text, so both
 * count "5 min ago" from that moment, and what only the browser knows (its clock, its zone and
 * language) waits: React draws the page again right after hydration, with this undefined.
 */
export function useDrawnAt(): Date | undefined {
  const drawnAt = useQueryClient().getQueryData<string>(drawnAtKey);
  const asDrawn = useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
  return asDrawn && drawnAt ? new Date(drawnAt) : undefined;
}
