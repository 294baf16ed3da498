import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlayerRef } from '../../../contract/players';
import type { PresetName } from '../../../game/rules';
import { useOverallStats } from '../../api/players';
import { type Period, useScoreStats } from '../../api/scores';

type Figure = [label: string, value: string, player?: PlayerRef];

/**
 * The statistics of SPEC section 3 beside the rankings: the figures of the period's scores, then the
 * players' (of all time).
 */
export function RankingStats({ period, preset }: { period: Period; preset: PresetName }) {
  const { t, i18n } = useTranslation();
  const scores = useScoreStats(period, preset).data;
  const players = useOverallStats(preset).data;
  const presetName = t(`game.ruleSets.names.${preset}`);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const figure = (value: number | null | undefined) =>
    value === null || value === undefined ? '–' : number.format(value);

  const scoreFigures: Figure[] = [
    [t('stats.totalGames'), figure(scores?.totalGames)],
    [t('stats.highScore'), figure(scores?.highScore)],
    [t('stats.averageScore'), figure(scores?.averageScore)],
    [t('stats.lowestScore'), figure(scores?.lowestScore)],
    [t('stats.totalScore'), figure(scores?.totalScore)],
  ];
  const playerFigures: Figure[] = [
    [t('stats.totalPlayers'), figure(players?.totalPlayers)],
    [t('stats.totalGuests'), figure(players?.totalGuests)],
    [t('stats.newestPlayer'), players?.newestPlayer?.name ?? '–', players?.newestPlayer ?? undefined],
    [
      t('stats.mostGames'),
      players?.mostGamesPlayer ? t('stats.games', { count: players.mostGamesPlayer.games }) : '–',
      players?.mostGamesPlayer ?? undefined,
    ],
    [
      t('stats.highestScore'),
      players?.highestScore ? figure(players.highestScore.value) : '–',
      players?.highestScore ?? undefined,
    ],
    [
      t('stats.highestAverage'),
      players?.highestAverage ? figure(players.highestAverage.average) : '–',
      players?.highestAverage ?? undefined,
    ],
  ];

  return (
    <aside className="ranking-stats" aria-label={t('rankings.statistics')}>
      <FigureList
        title={`${t('rankings.scoreStats')} · ${t(`rankings.periods.${period}`)} · ${presetName}`}
        figures={scoreFigures}
        busy={!scores}
      />
      <FigureList
        title={`${t('rankings.playerStats')} · ${presetName}`}
        figures={playerFigures}
        busy={!players}
      />
    </aside>
  );
}

function FigureList({ title, figures, busy }: { title: string; figures: Figure[]; busy: boolean }) {
  return (
    <section className="card ranking-stats-card">
      <h2>{title}</h2>
      <dl aria-busy={busy}>
        {figures.map(([label, value, player]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              {player && player.name !== value ? (
                <>
                  <span className="ranking-stats-value">{value}</span>
                  <Link to={`/players/${player.id}`}>{player.name}</Link>
                </>
              ) : player ? (
                <Link to={`/players/${player.id}`}>{value}</Link>
              ) : (
                <span className="ranking-stats-value">{value}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
