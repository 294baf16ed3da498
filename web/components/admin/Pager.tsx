import { useTranslation } from 'react-i18next';
import type { PageInfo } from '../../../contract/page';

/**
 * Previous and next against the server's page object. (A stand-in until the shared server-paged table of
 * web/components/table/ lands; the lists here then move to it.)
 */
export function Pager({
  page,
  onPage,
  label,
}: {
  page: PageInfo;
  onPage: (page: number) => void;
  /** Names the list, for screen readers ("Tickets pages"). */
  label: string;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, page.totalPages);
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button"
        disabled={page.number <= 0}
        onClick={() => onPage(page.number - 1)}
      >
        {t('lists.previous')}
      </button>
      <span className="pager-status" aria-live="polite">
        {t('lists.pageOf', { page: page.number + 1, pages })}
      </span>
      <button
        type="button"
        className="button"
        disabled={page.number + 1 >= pages}
        onClick={() => onPage(page.number + 1)}
      >
        {t('lists.next')}
      </button>
    </nav>
  );
}
