import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Page, PageRequest } from '../../contract/page';
import {
  DEFAULT_PAGE_SIZE,
  hasNextPage,
  LIST_GC_MS,
  LIST_STALE_MS,
  type ListFilters,
  nextSort,
  pageUrl,
  type SortOrder,
} from '../components/table/paging';
import { api } from './client';

export { LIST_GC_MS, LIST_STALE_MS, PAGE_SIZES, pageRange, type SortOrder } from '../components/table/paging';

// Server-paged lists (SPEC section 9: sizes 5-100, default 50, fresh 60 s, cached 5 min). The table asks the
// server for the page it shows and nothing else; SPEC section 7's "fetch 9999 and sort locally" stops working at
// a few thousand rows. The pure request helpers are in components/table/paging.ts.

export interface PagedListOptions<S extends string> {
  /** The query key's stem (['scores', 'list']); the url is appended, so each page has its own entry. */
  key: readonly unknown[];
  /** The collection's path (`/scores/`, `/players/7/scores`). */
  path: string;
  /** The name of the embedded array (`scores`). */
  name: string;
  sort: S;
  order?: SortOrder;
  size?: number;
  filters?: ListFilters;
  /** False holds the request back (the path is not known yet). */
  enabled?: boolean;
}

/**
 * One server-paged, server-sorted list: the request it stands at, its setters, and the current page
 * (the previous page stays on screen while the next one loads). The page after it is prefetched.
 */
export function usePagedList<T, S extends string>(options: PagedListOptions<S>) {
  const client = useQueryClient();
  const [request, setRequest] = useState<PageRequest<S>>({
    page: 0,
    size: options.size ?? DEFAULT_PAGE_SIZE,
    sort: options.sort,
    order: options.order ?? 'DESC',
  });
  const { key, path, name, filters, enabled = true } = options;
  const filterKey = JSON.stringify(filters ?? {});
  // A new filter (another period, another player) starts from the first page.
  const [seenFilters, setSeenFilters] = useState(filterKey);
  if (seenFilters !== filterKey) {
    setSeenFilters(filterKey);
    setRequest((current) => ({ ...current, page: 0 }));
  }

  const fetchPage = (url: string, signal?: AbortSignal) =>
    api<Page<string, T>>(url, { signal }).then((page) => ({
      rows: page._embedded?.[name] ?? [],
      info: page.page,
    }));

  const url = pageUrl(path, request, filters);
  const query = useQuery({
    queryKey: [...key, url],
    queryFn: ({ signal }) => fetchPage(url, signal),
    enabled,
    staleTime: LIST_STALE_MS,
    gcTime: LIST_GC_MS,
    placeholderData: keepPreviousData,
  });

  const info = query.data?.info;
  const nextUrl =
    enabled && info && !query.isPlaceholderData && hasNextPage(info)
      ? pageUrl(path, { ...request, page: request.page + 1 }, filters)
      : null;
  useEffect(() => {
    if (!nextUrl) return;
    void client.prefetchQuery({
      queryKey: [...key, nextUrl],
      queryFn: ({ signal }) => fetchPage(nextUrl, signal),
      staleTime: LIST_STALE_MS,
      gcTime: LIST_GC_MS,
    });
    // fetchPage and key only change with the url.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, nextUrl]);

  return {
    request,
    query,
    rows: query.data?.rows ?? [],
    info,
    setPage: (page: number) => setRequest((current) => ({ ...current, page })),
    setSize: (size: number) => setRequest((current) => ({ ...current, size, page: 0 })),
    sortBy: (sort: S, firstOrder?: SortOrder) => setRequest((current) => nextSort(current, sort, firstOrder)),
  };
}

export type PagedList<T, S extends string> = ReturnType<typeof usePagedList<T, S>>;
