import type { Links } from '../../contract/links';
import type { Page } from '../../contract/page';

/** Builds `_links` from name → href, leaving out the ones the viewer may not use (false/undefined). */
export function links<Name extends string>(
  entries: Partial<Record<Name, string | false | null | undefined>>,
): Links<Name> {
  const out: Links<Name> = {};
  for (const [name, href] of Object.entries(entries) as [Name, string | false | null | undefined][])
    if (href) out[name] = { href };
  return out;
}

/** A collection's answer: one page of `items` under `_embedded[name]`, and where it stands. */
export function page<Name extends string, T>(
  name: Name,
  items: T[],
  request: { page: number; size: number },
  totalElements: number,
): Page<Name, T> {
  return {
    _embedded: { [name]: items } as Record<Name, T[]>,
    page: {
      size: request.size,
      number: request.page,
      totalElements,
      totalPages: Math.ceil(totalElements / request.size),
    },
  };
}
