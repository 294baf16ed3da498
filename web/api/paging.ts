// What a server-paged table asks for and shows: pure, so the unit tests run it in node.
import type { PageInfo, PageRequest, SortOrder } from '../../contract/page';

export type { SortOrder };

export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const LIST_STALE_MS = 60_000;
export const LIST_GC_MS = 5 * 60_000;

/** Extra query parameters of a list (a period, a player); undefined ones are left out. */
export type ListFilters = Record<string, string | number | undefined>;

/** `/scores/` + a request + filters → `/scores/?page=0&size=50&sort=value&order=DESC&period=week`. */
export function pageUrl<S extends string>(path: string, request: PageRequest<S>, filters: ListFilters = {}) {
  const query = new URLSearchParams({
    page: String(request.page),
    size: String(request.size),
    sort: request.sort,
    order: request.order,
  });
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined) query.set(name, String(value));
  }
  return `${path}?${query.toString()}`;
}

/**
 * A click on a column header: the same column flips its order; a new column starts the natural way for it
 * (`firstOrder`: names A→Z, numbers and dates high→low). Back to the first page either way.
 */
export function nextSort<S extends string>(
  current: PageRequest<S>,
  sort: S,
  firstOrder: SortOrder = 'DESC',
): PageRequest<S> {
  if (current.sort === sort) return { ...current, page: 0, order: current.order === 'ASC' ? 'DESC' : 'ASC' };
  return { ...current, page: 0, sort, order: firstOrder };
}

/** 1-based positions of the first and last row of a page (0 and 0 when it is empty). */
export function pageRange(info: PageInfo, shown: number): { from: number; to: number } {
  if (shown === 0) return { from: 0, to: 0 };
  const from = info.number * info.size + 1;
  return { from, to: from + shown - 1 };
}

/** Whether a page after `info` exists. */
export function hasNextPage(info: PageInfo): boolean {
  return info.number + 1 < info.totalPages;
}

/**
 * The request a table's address holds (`?page=2&size=20&sort=value&order=ASC`, 1-based page for people),
 * each part checked and else its default, so an edited or stale address still shows a page.
 */
export function requestFromParams<S extends string>(
  params: URLSearchParams,
  defaults: PageRequest<S>,
  sorts: readonly S[],
): PageRequest<S> {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const sort = params.get('sort') as S | null;
  const order = params.get('order')?.toUpperCase();
  return {
    page: Number.isInteger(page) && page >= 1 ? page - 1 : defaults.page,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : defaults.size,
    sort: sort && sorts.includes(sort) ? sort : defaults.sort,
    order: order === 'ASC' || order === 'DESC' ? order : defaults.order,
  };
}

/** `params` with the table's request written in, its defaults left out so a plain address stays plain. */
export function paramsWithRequest<S extends string>(
  params: URLSearchParams,
  request: PageRequest<S>,
  defaults: PageRequest<S>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | number, fallback: string | number) => {
    if (value === fallback) next.delete(name);
    else next.set(name, String(value));
  };
  set('page', request.page + 1, defaults.page + 1);
  set('size', request.size, defaults.size);
  set('sort', request.sort, defaults.sort);
  set('order', request.order, defaults.order);
  return next;
}
