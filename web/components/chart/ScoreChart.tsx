import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chartGeometry, type HistoryPoint } from './history';
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
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const narrow = width < 480;
  const height = narrow ? 220 : 280;
  const geometry = chartGeometry(
    points,
    { width, height, left: 44, right: narrow ? 14 : 20, top: 12, bottom: 30 },
    narrow ? 2 : 4,
  );
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const date = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short' });
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
            <g className="score-chart-grid">
              {geometry.yTicks.map((tick) => (
                <g key={tick.value}>
                  <line x1={44} x2={width - (narrow ? 14 : 20)} y1={tick.y} y2={tick.y} />
                  <text x={38} y={tick.y} dy="0.32em" textAnchor="end">
                    {number.format(tick.value)}
                  </text>
                </g>
              ))}
            </g>
            <g className="score-chart-dates">
              {geometry.xTicks.map((tick, i) => (
                <text
                  key={i}
                  x={tick.x}
                  y={height - 8}
                  textAnchor={
                    geometry.xTicks.length === 1
                      ? 'middle'
                      : i === 0
                        ? 'start'
                        : i === geometry.xTicks.length - 1
                          ? 'end'
                          : 'middle'
                  }
                >
                  {date.format(tick.time)}
                </text>
              ))}
            </g>
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
