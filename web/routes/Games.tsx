import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GAME_SORTS, type GameSummary } from '../../contract/games';
import { gameKeys } from '../api/games';
import { usePagedList } from '../api/pages';
import { COMPACT_TABLE, OneLineName, When } from '../components/table/cells';
import { type Column, DataTable } from '../components/table/DataTable';
import '../components/game/games.css';
import { useTitle } from '../components/useTitle';
import { formatPercent } from '../format';
import { useMediaQuery } from '../layout';

type GameSort = (typeof GAME_SORTS)[number];

/** `/games`: every game, a page at a time, sorted by the server; each row opens the game (live). */
export default function Games() {
  const { t, i18n } = useTranslation();
  useTitle(t('gamesList.title'));
  const compact = useMediaQuery(COMPACT_TABLE);
  const locale = i18n.language;
  const number = new Intl.NumberFormat(locale);
  const list = usePagedList<GameSummary, GameSort>({
    key: gameKeys.list(),
    path: '/games/',
    name: 'games',
    inAddress: true,
    sorts: GAME_SORTS,
    sort: 'updatedAt',
  });

  // A custom rule set reads "Custom": such a game is ranked nowhere. On a phone the name stands under the
  // total (table.css data-rules-under), the column being left out.
  const rules = (game: GameSummary) =>
    game.rules.preset === null ? (
      <span className="score-custom">{t('game.ruleSets.custom')}</span>
    ) : (
      t(`game.ruleSets.names.${game.rules.preset}`)
    );
  const columns: Column<GameSummary, GameSort>[] = [
    {
      id: 'player',
      label: t('gamesList.player'),
      rowHeader: true,
      render: (game) => (
        <Link
          to={`/games/${game.id}`}
          aria-label={t('gamesList.open', { name: game.player.name })}
          className="data-link"
        >
          <OneLineName name={game.player.name} />
        </Link>
      ),
    },
    {
      id: 'updatedAt',
      label: t('gamesList.lastPlayed'),
      sort: 'updatedAt',
      render: (game) => <When iso={game.updatedAt} locale={locale} short={compact} />,
    },
    {
      id: 'totalSum',
      label: t('gamesList.total'),
      sort: 'totalSum',
      numeric: true,
      render: (game) => (
        <>
          {number.format(game.totalSum)}
          <span className="data-rules-under">{rules(game)}</span>
        </>
      ),
    },
    { id: 'rules', label: t('gamesList.rules'), optional: true, render: rules },
    {
      id: 'progress',
      label: t('gamesList.progress'),
      numeric: true,
      render: (game) => (
        <>
          <span className="games-progress">
            <span className="games-bar" aria-hidden="true">
              <span style={{ width: `${game.progress}%` }} />
            </span>
            {formatPercent(game.progress, locale)}
          </span>
          <span className="games-status">{t(`game.status.${game.status}`)}</span>
        </>
      ),
    },
  ];

  return (
    <section className="page games-page" aria-labelledby="games-title">
      <h1 id="games-title">{t('gamesList.title')}</h1>
      <p className="muted">{t('gamesList.intro')}</p>
      <DataTable
        id="games"
        list={list}
        columns={columns}
        caption={t('gamesList.title')}
        rowKey={(game) => game.id}
        empty={t('gamesList.empty')}
      />
    </section>
  );
}
