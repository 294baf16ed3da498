import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PagedList } from '../../api/pages';
import { PAGE_SIZES, pageRange, type SortOrder } from './paging';
import './table.css';

export interface Column<T, S extends string> {
  id: string;
  /** The translated header. */
  label: string;
  /** The server sort this column's header asks for; none makes a plain header. */
  sort?: S;
  /** The order a first click sorts in (names A→Z: 'ASC'; numbers and dates high→low: 'DESC', the default). */
  firstOrder?: SortOrder;
  numeric?: boolean;
  /** The cell names the row (a <th scope="row">). */
  rowHeader?: boolean;
  /** Left out on a phone, where the table would otherwise scroll sideways. */
  optional?: boolean;
  render: (row: T) => ReactNode;
}

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

const ARROW: Record<SortOrder, string> = { ASC: '▲', DESC: '▼' };

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
  const { t, i18n } = useTranslation();
  const { query, request, rows, info } = list;
  const number = new Intl.NumberFormat(i18n.language);

  if (query.isError && !query.data) {
    return (
      <div className="card data-table-failed" role="alert">
        <p>{query.error.message || t('lists.loadFailed')}</p>
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
  const { from, to } = pageRange(info, rows.length);
  const pages = Math.max(1, info.totalPages);
  const pageOf = t('lists.pageOf', { page: number.format(info.number + 1), pages: number.format(pages) });
  const className = (column: Column<T, S>) =>
    [column.numeric ? 'data-numeric' : '', column.optional ? 'data-optional' : ''].join(' ').trim() ||
    undefined;

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
          <thead>
            <tr>
              {columns.map((column) => {
                const active = column.sort !== undefined && column.sort === request.sort;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    className={className(column)}
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
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className={rowClassName?.(row)}>
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.id} scope="row" className={className(column)}>
                      {column.render(row)}
                    </th>
                  ) : (
                    <td key={column.id} className={className(column)}>
                      {column.render(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="data-pager" aria-label={t('lists.pager', { name: caption })}>
        <label className="data-size">
          <span>{t('lists.pageSize')}</span>
          <select
            id={`${id}-size`}
            value={request.size}
            onChange={(event) => list.setSize(Number(event.target.value))}
          >
            {PAGE_SIZES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
        <span className="data-range" aria-live="polite">
          {t('lists.range', {
            from: number.format(from),
            to: number.format(to),
            total: number.format(info.totalElements),
          })}
        </span>
        <span className="data-pages">
          <button
            type="button"
            className="button"
            disabled={request.page === 0}
            aria-label={t('lists.previous')}
            onClick={() => list.setPage(request.page - 1)}
          >
            ‹
          </button>
          <span>{pageOf}</span>
          <button
            type="button"
            className="button"
            disabled={request.page >= pages - 1}
            aria-label={t('lists.next')}
            onClick={() => list.setPage(request.page + 1)}
          >
            ›
          </button>
        </span>
      </nav>
    </div>
  );
}
