import { useTranslation } from 'react-i18next';
import type { PagedList } from '../../api/pages';
import { type Column, columnClass } from './columns';
import { DataHead } from './DataHead';
import { DataPager } from './DataPager';
import './table.css';
import { failureText } from '../../api/outage';

export type { Column } from './columns';

interface DataTableProps<T, S extends string> {
  list: PagedList<T, S>;
  columns: Column<T, S>[];
  /** Names the table for assistive technology (the sorted column is added to it). */
  caption: string;
  rowKey: (row: T) => string | number;
  rowClassName?: (row: T) => string | undefined;
  empty: string;
  /** Distinguishes the pager's select when a page holds two tables. */
  id: string;
}

/** One server-paged table: sortable headers (buttons with aria-sort), the rows of one page, the pager. */
export function DataTable<T, S extends string>({
  list,
  columns,
  caption,
  rowKey,
  rowClassName,
  empty,
  id,
}: DataTableProps<T, S>) {
  const { t } = useTranslation();
  const { query, request, rows, info } = list;

  if (query.isError && !query.data) {
    return (
      <div className="card data-table-failed" role="alert">
        <p>{failureText(query.error, t('lists.loadFailed'))}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          {t('lists.retry')}
        </button>
      </div>
    );
  }
  if (!info) {
    return (
      <p className="card muted data-table-loading" role="status">
        {t('lists.loading')}
      </p>
    );
  }
  if (info.totalElements === 0) {
    return <p className="card muted data-table-empty">{empty}</p>;
  }

  const sortedBy = columns.find((column) => column.sort === request.sort)?.label ?? '';
  return (
    <div className="data-table" aria-busy={query.isFetching}>
      <div className="card data-table-box">
        <table className="table data">
          <caption className="visually-hidden">
            {t('lists.caption', {
              name: caption,
              column: sortedBy,
              order: t(request.order === 'ASC' ? 'lists.ascending' : 'lists.descending'),
            })}
          </caption>
          <DataHead list={list} columns={columns} />
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className={rowClassName?.(row)}>
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.id} scope="row" className={columnClass(column)}>
                      {column.render(row)}
                    </th>
                  ) : (
                    <td key={column.id} className={columnClass(column)}>
                      {column.render(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DataPager list={list} caption={caption} id={id} />
    </div>
  );
}
