import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../lib/http.js';
import { memberApi } from './api.js';

/*
 * The member's own running suspension, which the shell asks for on every network page. Apart from
 * moderation-api.ts, whose calls only the moderation page and the report and appeal forms use: the
 * feed's first page does not download them (issue 42).
 */

// Under 'network', so signing out forgets it with the rest of the member's data.
export const suspensionKey = ['network', 'moderation', 'suspension'] as const;

/** Asked again whenever the page comes back into view. */
export const suspensionQuery = () =>
  queryOptions({
    queryKey: suspensionKey,
    queryFn: async ({ signal }) => (await unwrap(memberApi.GET('/api/network/me/suspension', { signal }))).suspension,
  });

export const useSuspension = (enabled: boolean) => useQuery({ ...suspensionQuery(), enabled });
