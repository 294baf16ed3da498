import { useTranslation } from 'react-i18next';
import { usePlayerStats } from '../../api/players';

/** A player's figures (GET /api/players/{id}/stats): games, high, average, lowest and total score. */
export function PlayerFigures({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const stats = usePlayerStats(id).data;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const figure = (value: number | null | undefined) =>
    value === null || value === undefined ? '–' : number.format(value);
  const figures: [string, string][] = [
    [t('stats.totalGames'), figure(stats?.totalGames)],
    [t('stats.highScore'), figure(stats?.highScore)],
    [t('stats.averageScore'), figure(stats?.averageScore)],
    [t('stats.lowestScore'), figure(stats?.lowestScore)],
    [t('stats.totalScore'), figure(stats?.totalScore)],
  ];
  return (
    <dl className="figures" aria-busy={!stats}>
      {figures.map(([label, value]) => (
        <div key={label} className="figure">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
