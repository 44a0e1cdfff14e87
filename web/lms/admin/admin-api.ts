import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_PAGE_SIZE } from '../../../contracts/lms.js';
import { lmsRequestPage } from '../session.js';

/** A paged admin list: the page number, its rows and the total from the x-total-count header. */
export function usePagedList<T>(key: string, path: string, filters: Record<string, string | undefined> = {}) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['lms', 'admin', key, page, filters],
    queryFn: () => lmsRequestPage<T>(path, { query: { ...filters, page, pageSize: ADMIN_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  return { query, page, setPage, pageSize: ADMIN_PAGE_SIZE };
}

export const adminKey = (key: string) => ['lms', 'admin', key];
