import * as v from 'valibot';

export interface Link {
  href: string;
}
export type Links = Record<string, Link>;

/** Builds `_links` from name → href, leaving out the ones the viewer may not use (false/undefined). */
export function links(entries: Record<string, string | false | null | undefined>): Links {
  const out: Links = {};
  for (const [name, href] of Object.entries(entries)) if (href) out[name] = { href };
  return out;
}

export interface PageRequest<S extends string> {
  page: number;
  size: number;
  sort: S;
  order: 'ASC' | 'DESC';
}

/** Query schema of every collection: page (0-based), size (1..9999), sort among `sortable`, order. */
export function pageQuery<S extends string>(sortable: readonly [S, ...S[]], defaultSort: S) {
  const int = (fallback: number, min: number, max: number) =>
    v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d+$/, 'input-invalid'),
        v.transform(Number),
        v.minValue(min, 'input-invalid'),
        v.maxValue(max, 'input-invalid'),
      ),
      String(fallback),
    );
  return v.object({
    page: int(0, 0, 1_000_000),
    size: int(10, 1, 9999),
    sort: v.optional(v.picklist(sortable, 'input-invalid'), defaultSort),
    order: v.optional(
      v.pipe(
        v.string(),
        v.transform((s) => s.toUpperCase()),
        v.picklist(['ASC', 'DESC'] as const, 'input-invalid'),
      ),
      'DESC',
    ),
  });
}

export function page<T>(
  name: string,
  items: T[],
  request: { page: number; size: number },
  totalElements: number,
) {
  return {
    _embedded: { [name]: items },
    page: {
      size: request.size,
      number: request.page,
      totalElements,
      totalPages: Math.ceil(totalElements / request.size),
    },
  };
}
