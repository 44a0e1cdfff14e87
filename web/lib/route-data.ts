import type { FetchInfiniteQueryOptions, FetchQueryOptions, Query, QueryClient } from '@tanstack/react-query';
import type { Params } from './routing.js';

/**
 * One query a page reads as it opens: the very options its hook uses (`coursesQuery()`,
 * `feedQuery()`...), so the prefetched answer is the one the page finds in the cache.
 */
export type PageQuery =
  // The cache holds answers of every type; a page's own hook reads its answer with its own type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- options of any answer type
  | FetchQueryOptions<any, any, any, any>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- options of any answer type
  | FetchInfiniteQueryOptions<any, any, any, any, any>;

/** What a route's data may depend on: its address's parameters and query, and the cache (who is signed in). */
export type RouteAddress = { params: Params; search: URLSearchParams; client: QueryClient };

/**
 * A route's data (its `handle.data`): the queries its page reads as it opens, started when the
 * route matches, beside the download of the page's code instead of after it. The query options
 * come with a dynamic import of the page's API module (a small chunk the page shares), so the
 * area's route table, which every page of the area downloads, stays small. An empty list when the
 * visitor is not signed in, so a guarded page's prefetch never meets a 401.
 */
export type RouteData = (address: RouteAddress) => Promise<readonly PageQuery[]>;

// A list read page by page carries how to ask for the next page (its first page param may be undefined).
const isInfinite = (query: PageQuery): query is FetchInfiniteQueryOptions => 'getNextPageParam' in query;

// When each query of the page on screen was prefetched (by its hash), until the next navigation.
let prefetched = new Map<string, number>();

// The answers the page the server drew came with (by hash, when each was read), until its first prefetch.
let drawn: Map<string, number> | undefined;

/**
 * The answers the page the server drew came with (web/main.tsx): they count as its route's
 * prefetch, as of when the server read them, so neither that prefetch nor the page mounting asks
 * for them again (the feed: no second `/api/network/posts`), whatever the browser's clock says.
 */
export function answersDrawnOnServer(
  queries: readonly { queryHash: string; state: { dataUpdatedAt: number } }[],
): void {
  prefetched = drawn = new Map(queries.map((query) => [query.queryHash, query.state.dataUpdatedAt]));
}

/** Starts the queries of every matched route; a failure is the page's own to show when it reads them. */
export function prefetchRouteData(
  client: QueryClient,
  matches: readonly { params: Params; route: { handle?: unknown } }[],
  search: URLSearchParams,
): void {
  const visit = new Map<string, number>();
  prefetched = visit;
  // The first prefetch is for the page the server drew.
  const onDrawn = drawn;
  drawn = undefined;
  for (const match of matches) {
    const data = (match.route.handle as { data?: RouteData } | undefined)?.data;
    data?.({ params: match.params, search, client }).then(
      (queries) => {
        // The visitor has moved on: the next page's data is what matters now.
        if (prefetched !== visit) return;
        for (const query of queries) {
          const hash = client.getQueryCache().build(client, query).queryHash;
          const drawnAt = onDrawn?.get(hash);
          visit.set(hash, drawnAt ?? Date.now());
          if (drawnAt !== undefined) continue;
          void (isInfinite(query) ? client.prefetchInfiniteQuery(query) : client.prefetchQuery(query));
        }
      },
      // The API module did not download: the page, which needs it too, says so.
      () => {},
    );
  }
}

/**
 * The app's `refetchOnMount`: a page reading what its route prefetched for this visit uses that
 * answer (or the request under way) instead of asking again as it mounts; anything else, an answer
 * invalidated since included, is asked again as TanStack Query does by default.
 */
export function refetchUnlessPrefetched(query: Query): boolean {
  const since = prefetched.get(query.queryHash);
  return since === undefined || query.state.isInvalidated || query.state.dataUpdatedAt < since;
}
