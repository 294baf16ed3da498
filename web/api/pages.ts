import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Page, PageRequest } from '../../contract/page';
import {
  DEFAULT_PAGE_SIZE,
  hasNextPage,
  LIST_GC_MS,
  LIST_STALE_MS,
  type ListFilters,
  nextSort,
  pageUrl,
  paramsWithRequest,
  requestFromParams,
  type SortOrder,
} from './paging';
import { api } from './client';

export { LIST_GC_MS, LIST_STALE_MS, PAGE_SIZES, pageRange, type SortOrder } from './paging';

// Server-paged lists (SPEC section 9: sizes 5-100, default 50, fresh 60 s, cached 5 min). The table asks the
// server for the page it shows and nothing else; SPEC section 7's "fetch 9999 and sort locally" stops working at
// a few thousand rows. The pure request helpers are in paging.ts.

export interface PagedListOptions<S extends string> {
  /** The query key's stem (['scores', 'list']); the url is appended, so each page has its own entry. */
  key: readonly unknown[];
  /** The collection's path (`/scores/`, `/players/7/scores`). */
  path: string;
  /** The name of the embedded array (`scores`). */
  name: string;
  /**
   * Keep the request in the address (`?page=3&sort=value`), so going back to the screen, a reload or a
   * shared link shows the same page. For the one main table of a screen only: two would share the address.
   */
  inAddress?: boolean;
  /** The sorts the collection knows (the contract's `*_SORTS`); an address asking for another is ignored. */
  sorts?: readonly S[];
  sort: S;
  order?: SortOrder;
  size?: number;
  /** Extra parameters (a period, a player); a change of them goes back to the first page. */
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
  const { key, path, name, filters, enabled = true, inAddress = false } = options;
  const defaults: PageRequest<S> = {
    page: 0,
    size: options.size ?? DEFAULT_PAGE_SIZE,
    sort: options.sort,
    order: options.order ?? 'DESC',
  };
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState(defaults);
  // A new filter (another period, another player) starts from the first page; in the address, the caller
  // that changes the filter drops the page.
  const filterKey = JSON.stringify(filters ?? {});
  const [seenFilters, setSeenFilters] = useState(filterKey);
  if (seenFilters !== filterKey) {
    setSeenFilters(filterKey);
    setLocal((current) => ({ ...current, page: 0 }));
  }
  const request = inAddress ? requestFromParams(params, defaults, options.sorts ?? [defaults.sort]) : local;
  const setRequest = (next: PageRequest<S>) => {
    if (!inAddress) return setLocal(next);
    setParams((current) => paramsWithRequest(current, next, defaults), {
      replace: true,
      preventScrollReset: true,
    });
  };

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
    setPage: (page: number) => setRequest({ ...request, page }),
    setSize: (size: number) => setRequest({ ...request, size, page: 0 }),
    sortBy: (sort: S, firstOrder?: SortOrder) => setRequest(nextSort(request, sort, firstOrder)),
  };
}

export type PagedList<T, S extends string> = ReturnType<typeof usePagedList<T, S>>;
