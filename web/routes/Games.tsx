import { Fragment, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGames } from '../api/games';
import { GameFailed, GameLoading } from '../components/game/GameScreen';
import {
  DEFAULT_PAGE_SIZE,
  type GameSortKey,
  lastPlayed,
  nameParts,
  nextSort,
  PAGE_SIZES,
  paginate,
  type SortOrder,
  sortGames,
} from '../components/game/list';
import '../components/game/games.css';
import { useTitle } from '../components/useTitle';
import { formatPercent } from '../format';
import { useLayout } from '../layout';

const COLUMNS: { key: GameSortKey; label: string; numeric?: boolean }[] = [
  { key: 'player', label: 'game.list.player' },
  { key: 'updatedAt', label: 'game.list.lastPlayed' },
  { key: 'totalSum', label: 'game.list.total', numeric: true },
  { key: 'progress', label: 'game.list.progress', numeric: true },
];

/** `/games`: every game, sorted and paged here; each row opens the game (live). */
export default function Games() {
  const { t, i18n } = useTranslation();
  useTitle(t('game.list.title'));
  const query = useGames();
  const { mobile } = useLayout();
  const [sort, setSort] = useState<{ key: GameSortKey; order: SortOrder }>({
    key: 'updatedAt',
    order: 'DESC',
  });
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(0);
  const locale = i18n.language;
  const sorted = useMemo(
    () => sortGames(query.data ?? [], sort.key, sort.order, locale),
    [query.data, sort, locale],
  );
  const paged = paginate(sorted, page, size);
  const now = Date.now();
  const number = new Intl.NumberFormat(locale);

  let body: ReactNode;
  if (query.isError) {
    body = (
      <GameFailed
        message={query.error.message || t('game.loadFailed')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!query.data) {
    body = <GameLoading />;
  } else if (sorted.length === 0) {
    body = <p className="card muted">{t('game.list.empty')}</p>;
  } else {
    const sortedBy = t(COLUMNS.find((c) => c.key === sort.key)?.label ?? '');
    body = (
      <>
        <div className="games-table card">
          <table className="table games">
            <caption className="visually-hidden">{t('game.list.caption', { column: sortedBy })}</caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => {
                  const active = sort.key === column.key;
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      className={column.numeric ? 'games-numeric' : undefined}
                      aria-sort={active ? (sort.order === 'ASC' ? 'ascending' : 'descending') : undefined}
                    >
                      <button
                        type="button"
                        className="games-sort"
                        onClick={() => {
                          setSort((current) => nextSort(current, column.key));
                          setPage(0);
                        }}
                      >
                        {t(column.label)}
                        <span className="games-sort-arrow" aria-hidden="true">
                          {active ? (sort.order === 'ASC' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {paged.rows.map((game) => (
                <tr key={game.id}>
                  <th scope="row" className="games-name">
                    <Link
                      to={`/games/${game.id}`}
                      aria-label={t('game.list.open', { name: game.player.name })}
                      className="games-player"
                    >
                      {nameParts(game.player.name).map((part, i) => (
                        <Fragment key={i}>
                          {i > 0 ? <wbr /> : null}
                          {part}
                        </Fragment>
                      ))}
                    </Link>
                  </th>
                  <td>
                    <time dateTime={game.updatedAt} title={new Date(game.updatedAt).toLocaleString(locale)}>
                      {lastPlayed(game.updatedAt, now, locale, mobile ? 'short' : 'long')}
                    </time>
                  </td>
                  <td className="games-numeric">{number.format(game.totalSum)}</td>
                  <td className="games-numeric">
                    <span className="games-progress">
                      <span className="games-bar" aria-hidden="true">
                        <span style={{ width: `${game.progress}%` }} />
                      </span>
                      {formatPercent(game.progress, locale)}
                    </span>
                    <span className="games-status">{t(`game.status.${game.status}`)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <nav
          className="games-pager"
          aria-label={t('game.list.pageOf', { page: paged.page + 1, pages: paged.pages })}
        >
          <label className="games-size">
            {t('game.list.pageSize')}
            <select
              value={size}
              onChange={(event) => {
                setSize(Number(event.target.value));
                setPage(0);
              }}
            >
              {PAGE_SIZES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
          <span className="games-range">
            {t('game.list.range', { from: paged.from, to: paged.to, total: sorted.length })}
          </span>
          <span className="games-pages">
            <button
              type="button"
              className="button"
              disabled={paged.page === 0}
              aria-label={t('game.list.previous')}
              onClick={() => setPage(paged.page - 1)}
            >
              ‹
            </button>
            <span>{t('game.list.pageOf', { page: paged.page + 1, pages: paged.pages })}</span>
            <button
              type="button"
              className="button"
              disabled={paged.page >= paged.pages - 1}
              aria-label={t('game.list.next')}
              onClick={() => setPage(paged.page + 1)}
            >
              ›
            </button>
          </span>
        </nav>
      </>
    );
  }

  return (
    <section className="page games-page" aria-labelledby="games-title">
      <h1 id="games-title">{t('game.list.title')}</h1>
      <p className="muted">{t('game.list.intro')}</p>
      {body}
    </section>
  );
}
