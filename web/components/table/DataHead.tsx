import type { PagedList } from '../../api/pages';
import type { SortOrder } from '../../api/paging';
import { type Column, columnClass } from './columns';

const ARROW: Record<SortOrder, string> = { ASC: '▲', DESC: '▼' };

/** The header row: a sortable column's header is a button, the sorted one says its order (aria-sort). */
export function DataHead<T, S extends string>({
  list,
  columns,
}: {
  list: PagedList<T, S>;
  columns: Column<T, S>[];
}) {
  const { request } = list;
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const active = column.sort !== undefined && column.sort === request.sort;
          return (
            <th
              key={column.id}
              scope="col"
              className={columnClass(column)}
              aria-sort={active ? (request.order === 'ASC' ? 'ascending' : 'descending') : undefined}
            >
              {column.sort ? (
                <button
                  type="button"
                  className="data-sort"
                  onClick={() => list.sortBy(column.sort as S, column.firstOrder)}
                >
                  {column.label}
                  <span className="data-sort-arrow" aria-hidden="true">
                    {active ? ARROW[request.order] : '↕'}
                  </span>
                </button>
              ) : (
                column.label
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
