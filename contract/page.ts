import * as v from 'valibot';

/** The `page` object of every collection. */
export interface PageInfo {
  size: number;
  number: number;
  totalElements: number;
  totalPages: number;
}

/** A collection: one page of `name` items under `_embedded`, and where it stands. */
export interface Page<Name extends string, T> {
  _embedded: Record<Name, T[]>;
  page: PageInfo;
}

/** The largest page any collection answers; a larger `size` is 400 input-invalid. */
export const MAX_PAGE_SIZE = 100;

export type SortOrder = 'ASC' | 'DESC';

export interface PageRequest<S extends string> {
  page: number;
  size: number;
  sort: S;
  order: SortOrder;
}

/**
 * Query schema of every collection: page (0-based), size (1..100: a
 * table asks for the page it shows, never for everything), sort among `sortable` (the
 * collection's `*_SORTS`), order; anything else is 400 input-invalid.
 */
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
    size: int(10, 1, MAX_PAGE_SIZE),
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
