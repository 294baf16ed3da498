import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScoreSummary } from '../../../contract/scores';
import type { PagedList } from '../../api/pages';
import type { Period } from '../../api/scores';
import { useMediaQuery } from '../../layout';
import { COMPACT_TABLE, PlayerLink } from '../table/cells';
import { type Column, DataTable } from '../table/DataTable';
import { type ScoreSort, scoreColumns } from '../table/scoreColumns';

export interface ScoreRankingProps {
  list: PagedList<ScoreSummary, ScoreSort>;
  period: Period;
  /** The viewer's best score of the period; null when they have none; undefined while it is not known yet. */
  best: ScoreSummary | null | undefined;
  /** A signed-in viewer is told their best (or that they have none yet). */
  signedIn: boolean;
}

/** A period's best scores: the viewer's own best above the table, and marked in it. */
export function ScoreRanking({ list, period, best, signedIn }: ScoreRankingProps) {
  const { t, i18n } = useTranslation();
  const compact = useMediaQuery(COMPACT_TABLE);
  const locale = i18n.language;
  const number = new Intl.NumberFormat(locale);
  const offset = (list.info?.number ?? 0) * (list.info?.size ?? 0);
  const position = new Map(list.rows.map((score, i) => [score.id, offset + i + 1]));

  // The score table's columns, with each row's place first and the viewer's best marked beside its player.
  const columns: Column<ScoreSummary, ScoreSort>[] = [
    {
      id: 'position',
      label: '#',
      numeric: true,
      render: (score) => number.format(position.get(score.id) ?? 0),
    },
    ...scoreColumns(t, locale, compact).map((column) =>
      column.id === 'player'
        ? {
            ...column,
            render: (score: ScoreSummary) => (
              <>
                <PlayerLink player={score.player} />
                {score.id === best?.id ? <span className="ranking-you">{t('rankings.yourBest')}</span> : null}
              </>
            ),
          }
        : column,
    ),
  ];

  return (
    <>
      {signedIn ? (
        <p className="ranking-mine" aria-busy={best === undefined}>
          {best === undefined ? (
            // Not known yet: the line keeps its place, saying nothing it might take back.
            '\u00a0'
          ) : best ? (
            <>
              {t('rankings.yourBestIs')}{' '}
              <Link to={`/scores/${best.id}`} className="ranking-mine-value">
                {number.format(best.value)}
              </Link>
            </>
          ) : (
            <>
              {t(`rankings.noneYet.${period}`)} <Link to="/">{t('rankings.play')}</Link>
            </>
          )}
        </p>
      ) : null}
      <DataTable
        id="rankings"
        list={list}
        columns={columns}
        caption={t(`rankings.periods.${period}`)}
        rowKey={(score) => score.id}
        rowClassName={(score) => (score.id === best?.id ? 'data-row-mine' : undefined)}
        empty={t(`rankings.empty.${period}`)}
      />
    </>
  );
}
