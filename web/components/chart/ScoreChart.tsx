import { useTranslation } from 'react-i18next';
import { ChartAxes } from './ChartAxes';
import { chartGeometry, type HistoryPoint } from './history';
import { useBoxWidth } from './useBoxWidth';
import './chart.css';

/**
 * A player's score history: each score a dot at its date, joined by a thin line, and the running average
 * drawn over it. Drawn in the pixels of its box (measured), so the labels keep their size from a phone to a
 * desktop; the colours are the theme's variables (chart.css). Loaded on demand (React.lazy) by the player page.
 * `kind="rating"` draws a player's clash rating after each rated clash instead, without an average.
 */
export default function ScoreChart({
  points,
  kind = 'score',
}: {
  points: HistoryPoint[];
  kind?: 'score' | 'rating';
}) {
  const rating = kind === 'rating';
  const { t, i18n } = useTranslation();
  const [box, width] = useBoxWidth();

  const narrow = width < 480;
  const height = narrow ? 220 : 280;
  // The last date is centred on the last point: room on the right for half a label.
  const right = 28;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const date = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short' });
  const geometry = chartGeometry(
    points,
    { width, height, left: 44, right, top: 12, bottom: 30 },
    // About 7 px a character at 12 px, and a margin.
    { text: (time) => date.format(time), gap: 7 * date.format(Date.UTC(2026, 8, 28)).length + 16 },
  );
  const last = geometry.points[geometry.points.length - 1];
  const label = !last
    ? t('player.chart.empty')
    : rating
      ? t('player.ratingChart.summary', {
          count: points.length,
          from: date.format(points[0].time),
          to: date.format(last.time),
          value: number.format(last.value),
        })
      : t('player.chart.summary', {
          count: points.length,
          from: date.format(points[0].time),
          to: date.format(last.time),
          average: number.format(last.average),
        });

  return (
    <figure className="score-chart">
      <figcaption className="score-chart-legend">
        <span className="score-chart-key score-chart-key-score">
          {rating ? t('player.ratingChart.rating') : t('player.chart.score')}
        </span>
        {rating ? null : (
          <span className="score-chart-key score-chart-key-average">{t('player.chart.average')}</span>
        )}
      </figcaption>
      <div ref={box} className="score-chart-box">
        {width > 0 ? (
          <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
            <ChartAxes geometry={geometry} width={width} height={height} right={right} number={number} />
            {points.length > 1 ? <path className="score-chart-line" d={geometry.scorePath} /> : null}
            <g className="score-chart-points">
              {geometry.points.map((point, i) => (
                <circle key={i} cx={point.x} cy={point.y} r={points.length > 60 ? 2.5 : 3.5}>
                  <title>{`${date.format(point.time)}: ${number.format(point.value)}`}</title>
                </circle>
              ))}
            </g>
            {rating ? null : <path className="score-chart-average" d={geometry.averagePath} />}
          </svg>
        ) : null}
      </div>
    </figure>
  );
}
