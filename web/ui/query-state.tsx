import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from './states.js';

type Props<T> = {
  query: UseQueryResult<T>;
  /** The screen's own failure text, e.g. the spec's "Could not fetch services.", or one made from the failure. */
  error: string | ((failure: Error) => string);
  loading?: string;
  /** Shown instead of `children` when `isEmpty(data)`. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
};

/** Every list's loading, error (with retry) and empty states, in one place. */
export function QueryState<T>({ query, error, loading, empty, isEmpty, children }: Props<T>) {
  if (query.isPending) return <LoadingState text={loading} />;
  if (query.isLoadingError)
    return (
      <ErrorState
        message={typeof error === 'string' ? error : error(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  if (empty !== undefined && isEmpty?.(query.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
}
