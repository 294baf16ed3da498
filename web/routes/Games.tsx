import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GAME_SORTS, type GameSummary } from '../../contract/games';
import { gameKeys } from '../api/games';
import { usePagedList } from '../api/pages';
import { COMPACT_TABLE, OneLineName, RulesName, When } from '../components/table/cells';
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
  const list = usePagedList<GameSummary, GameSort>({
    key: gameKeys.list(),
    path: '/games/',
    name: 'games',
    inAddress: true,
    sorts: GAME_SORTS,
    sort: 'updatedAt',
  });

  const columns = gameColumns(t, locale, compact);

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

/** The columns of the games table: the player (opening the game), last played, total, rules, progress. */
function gameColumns(t: TFunction, locale: string, compact: boolean): Column<GameSummary, GameSort>[] {
  const number = new Intl.NumberFormat(locale);
  // On a phone the rule set stands under the total (table.css data-rules-under), its column being left out.
  const rules = (game: GameSummary) => <RulesName preset={game.rules.preset} />;
  return [
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
}
