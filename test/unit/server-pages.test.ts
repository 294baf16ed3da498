import { describe, expect, it } from 'vitest';
import type { PageRequest } from '../../contract/page';
import {
  hasNextPage,
  nextSort,
  pageRange,
  pageUrl,
  paramsWithRequest,
  requestFromParams,
} from '../../web/api/paging';

// What a server-paged table asks for: the request's query string, a header click's new sort, the range
// line under the table, and whether a page after this one exists (to prefetch it).

const request: PageRequest<'value' | 'createdAt' | 'name'> = {
  page: 2,
  size: 20,
  sort: 'value',
  order: 'DESC',
};

describe('pageUrl', () => {
  it('puts the page, size, sort and order in the query', () => {
    expect(pageUrl('/scores/', request)).toBe('/scores/?page=2&size=20&sort=value&order=DESC');
  });

  it('adds the filters and leaves out the undefined ones', () => {
    expect(pageUrl('/scores/', request, { period: 'week', playerId: 7, other: undefined })).toBe(
      '/scores/?page=2&size=20&sort=value&order=DESC&period=week&playerId=7',
    );
  });
});

describe('nextSort', () => {
  it('flips the order of the column already sorted on, back on the first page', () => {
    expect(nextSort(request, 'value')).toEqual({ ...request, page: 0, order: 'ASC' });
    expect(nextSort({ ...request, order: 'ASC' }, 'value').order).toBe('DESC');
  });

  it('sorts a new column its natural way first', () => {
    expect(nextSort(request, 'createdAt')).toEqual({ ...request, page: 0, sort: 'createdAt', order: 'DESC' });
    expect(nextSort(request, 'name', 'ASC')).toEqual({ ...request, page: 0, sort: 'name', order: 'ASC' });
  });
});

describe('pageRange and hasNextPage', () => {
  const info = { size: 20, number: 2, totalElements: 47, totalPages: 3 };

  it('numbers the rows of the page from 1', () => {
    expect(pageRange(info, 7)).toEqual({ from: 41, to: 47 });
    expect(pageRange({ ...info, number: 0 }, 20)).toEqual({ from: 1, to: 20 });
  });

  it('is 0-0 for an empty page', () => {
    expect(pageRange({ size: 50, number: 0, totalElements: 0, totalPages: 0 }, 0)).toEqual({
      from: 0,
      to: 0,
    });
  });

  it('knows whether another page follows', () => {
    expect(hasNextPage(info)).toBe(false);
    expect(hasNextPage({ ...info, number: 1 })).toBe(true);
    expect(hasNextPage({ size: 50, number: 0, totalElements: 0, totalPages: 0 })).toBe(false);
  });
});

describe('the request in the address', () => {
  const defaults: PageRequest<'value' | 'createdAt'> = { page: 0, size: 50, sort: 'value', order: 'DESC' };
  const sorts = ['value', 'createdAt'] as const;

  it('reads a 1-based page, a size, a sort and an order', () => {
    const params = new URLSearchParams('page=3&size=20&sort=createdAt&order=asc&period=week');
    expect(requestFromParams(params, defaults, sorts)).toEqual({
      page: 2,
      size: 20,
      sort: 'createdAt',
      order: 'ASC',
    });
  });

  it('takes the default for anything missing or not allowed', () => {
    const params = new URLSearchParams('page=0&size=7&sort=password&order=sideways');
    expect(requestFromParams(params, defaults, sorts)).toEqual(defaults);
    expect(requestFromParams(new URLSearchParams('page=1.5'), defaults, sorts)).toEqual(defaults);
  });

  it('writes only what differs from the defaults and keeps the other parameters', () => {
    const current = new URLSearchParams('period=week&page=4');
    expect(paramsWithRequest(current, defaults, defaults).toString()).toBe('period=week');
    expect(
      paramsWithRequest(current, { page: 1, size: 5, sort: 'createdAt', order: 'ASC' }, defaults).toString(),
    ).toBe('period=week&page=2&size=5&sort=createdAt&order=ASC');
  });

  it('reads back what it wrote', () => {
    const request = { page: 6, size: 100, sort: 'createdAt', order: 'ASC' } as const;
    expect(
      requestFromParams(paramsWithRequest(new URLSearchParams(), request, defaults), defaults, sorts),
    ).toEqual(request);
  });
});
