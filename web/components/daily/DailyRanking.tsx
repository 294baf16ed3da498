import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DAILY_SCORE_SORTS, type DailyScore } from '../../../contract/daily';
import { dailyKeys } from '../../api/daily';
import { usePagedList } from '../../api/pages';
import { useSession } from '../../api/session';
import { useMediaQuery } from '../../layout';
import { COMPACT_TABLE, PlayerLink, When } from '../table/cells';
import { type Column, DataTable } from '../table/DataTable';

type DailySort = (typeof DAILY_SCORE_SORTS)[number];

/** The id at the end of a game link (`/api/games/12`), or null. */
const gameIdOf = (score: DailyScore): number | null => {
  const id = Number(score._links.game?.href.split('/').pop());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** A link to each game's replay, once the day is over (issue 30). */
function replayColumn(t: TFunction): Column<DailyScore, DailySort> {
  return {
    id: 'replay',
    label: t('replay.screen'),
    render: (score) => {
      const gameId = gameIdOf(score);
      return gameId ? (
        <Link
          to={`/games/${gameId}/replay`}
          className="data-link"
          aria-label={t('replay.title', { name: score.player.name })}
        >
          {t('game.replay')}
        </Link>
      ) : null;
    },
  };
}

export interface DailyRankingProps {
  /** The UTC day (`YYYY-MM-DD`) whose completed daily games are ranked. */
  day: string;
  /** Distinguishes the pager when a page holds two tables. */
  id: string;
  caption: string;
  empty: string;
  size?: number;
  /** The day is over: each game links to its replay too (issue 30). */
  replays?: boolean;
}

/**
 * A day's daily ranking, server-paged: best total first. A total links to its game where the server gives
 * the link (the player's own, or any once the day is over and its dice are no secret).
 */
export function DailyRanking({ day, id, caption, empty, size, replays = false }: DailyRankingProps) {
  const { t, i18n } = useTranslation();
  const compact = useMediaQuery(COMPACT_TABLE);
  const { player: me } = useSession();
  const locale = i18n.language;
  const number = new Intl.NumberFormat(locale);
  const list = usePagedList<DailyScore, DailySort>({
    key: dailyKeys.scores(day),
    path: '/daily/scores',
    name: 'scores',
    sorts: DAILY_SCORE_SORTS,
    sort: 'total',
    size,
    filters: { day },
  });
  const offset = (list.info?.number ?? 0) * (list.info?.size ?? 0);
  const position = new Map(list.rows.map((score, i) => [score.player.id, offset + i + 1]));
  const columns: Column<DailyScore, DailySort>[] = [
    {
      id: 'position',
      label: '#',
      numeric: true,
      render: (score) => number.format(position.get(score.player.id) ?? 0),
    },
    {
      id: 'player',
      label: t('scores.player'),
      rowHeader: true,
      render: (score) => (
        <>
          <PlayerLink player={score.player} />
          {score.player.id === me?.id ? <span className="ranking-you">{t('player.you')}</span> : null}
        </>
      ),
    },
    {
      id: 'total',
      label: t('scores.value'),
      sort: 'total',
      numeric: true,
      render: (score) => {
        const gameId = gameIdOf(score);
        return gameId ? (
          <Link to={`/games/${gameId}`} className="data-link">
            {number.format(score.total)}
          </Link>
        ) : (
          number.format(score.total)
        );
      },
    },
    {
      id: 'completedAt',
      label: t('daily.finishedAt'),
      sort: 'completedAt',
      optional: true,
      render: (score) => <When iso={score.completedAt} locale={locale} short={compact} />,
    },
  ];
  if (replays) columns.push(replayColumn(t));
  return (
    <DataTable
      id={id}
      list={list}
      columns={columns}
      caption={caption}
      rowKey={(score) => score.player.id}
      rowClassName={(score) => (score.player.id === me?.id ? 'data-row-mine' : undefined)}
      empty={empty}
    />
  );
}
