import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from '../i18n';
import { api } from './client';
import type { Links } from '../../contract/links';
import type { Metrics } from '../../contract/metrics';
import type { Page, PageInfo } from '../../contract/page';

// What the admin screens share: one page of a server list (SPEC section 9: fresh 60 s, cached 5 min, the
// next page fetched ahead), the server's figures, and deleting a row by its link or its path.

export const PAGE_STALE_MS = 60_000;
export const PAGE_CACHE_MS = 5 * 60_000;
export const LIST_PAGE_SIZE = 20;

export interface PageOf<T> {
  items: T[];
  page: PageInfo;
}

/** `href` with `page` and `size` set (any query it already has, such as a sort, is kept). */
export function pageHref(href: string, page: number, size: number): string {
  const url = new URL(href, 'http://local');
  url.searchParams.set('page', String(page));
  url.searchParams.set('size', String(size));
  return `${url.pathname}${url.search}`;
}

async function fetchPage<T>(href: string, name: string, signal: AbortSignal): Promise<PageOf<T>> {
  const reply = await api<Page<string, T>>(href, { signal });
  const items = reply._embedded?.[name] ?? [];
  return {
    items,
    page: reply.page ?? { size: items.length, number: 0, totalElements: items.length, totalPages: 1 },
  };
}

/**
 * One page of the list at `href` whose items come under `_embedded[name]`; the page after it is fetched
 * ahead, so "next" answers at once. `href` null waits (a link not known yet).
 */
export function usePagedList<T>(href: string | null, name: string, page: number, size = LIST_PAGE_SIZE) {
  const client = useQueryClient();
  const key = (at: number) => ['list', href, name, at, size] as const;
  return useQuery({
    queryKey: key(page),
    enabled: href !== null,
    staleTime: PAGE_STALE_MS,
    gcTime: PAGE_CACHE_MS,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const result = await fetchPage<T>(pageHref(href ?? '', page, size), name, signal);
      if (page + 1 < result.page.totalPages) {
        void client.prefetchQuery({
          queryKey: key(page + 1),
          staleTime: PAGE_STALE_MS,
          queryFn: ({ signal: next }) => fetchPage<T>(pageHref(href ?? '', page + 1, size), name, next),
        });
      }
      return result;
    },
  });
}

/** Every cached page of the list at `base` (a path prefix such as `/api/logs/`) is fetched again. */
export function invalidateLists(client: ReturnType<typeof useQueryClient>, base: string) {
  return client.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] === 'list' &&
      typeof query.queryKey[1] === 'string' &&
      query.queryKey[1].startsWith(base),
  });
}

/** GET /api/metrics: the server's figures, for admins (everyone else gets a 403). */
export function useMetrics(enabled: boolean) {
  return useQuery({
    queryKey: ['metrics'],
    enabled,
    staleTime: 0,
    queryFn: ({ signal }) => api<Metrics>('/metrics', { signal }),
  });
}

export type Deletable = 'games' | 'clashes' | 'logs' | 'tickets';

/** The href to delete a row: its self link when it has one, else its path under /api/{kind}/. */
export function deleteHref(kind: Deletable, row: { id: number; _links?: Links<'self'> }): string {
  return row._links?.self?.href ?? `/api/${kind}/${row.id}`;
}

/** Deletes one row (admins); the lists of that kind are fetched again afterwards. */
export function useAdminDelete(kind: Deletable, onError: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (row: { id: number; _links?: Links<'self'> }) => {
      if (!Number.isInteger(row.id)) throw new Error(i18n.t('admin.errors.noDelete'));
      await api<void>(deleteHref(kind, row), { method: 'DELETE' });
    },
    onError,
    onSettled: () =>
      Promise.all([
        invalidateLists(client, `/api/${kind}`),
        invalidateLists(client, '/api/players/'),
        client.invalidateQueries({ queryKey: [kind] }),
      ]),
  });
}
