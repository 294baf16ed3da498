import { useTranslation } from 'react-i18next';
import type { PagedList } from '../../api/pages';
import { PAGE_SIZES, pageRange } from '../../api/paging';

/** Below a table: the page size, which rows are shown of how many, and the previous and next page. */
export function DataPager<T, S extends string>({
  list,
  caption,
  id,
}: {
  list: PagedList<T, S>;
  caption: string;
  /** Distinguishes the select when a page holds two tables. */
  id: string;
}) {
  const { t, i18n } = useTranslation();
  const { request, rows, info } = list;
  if (!info) return null;
  const number = new Intl.NumberFormat(i18n.language);
  const { from, to } = pageRange(info, rows.length);
  const pages = Math.max(1, info.totalPages);
  const pageOf = t('lists.pageOf', { page: number.format(info.number + 1), pages: number.format(pages) });
  return (
    <nav className="data-pager" aria-label={t('lists.pager', { name: caption })}>
      <label className="data-size">
        <span>{t('lists.pageSize')}</span>
        <select
          className="inline-select"
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
  );
}
