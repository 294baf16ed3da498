import type { ChartGeometry } from './history';

/** The end dates sit inside the box: the first tick starts at its mark, the last ends at it. */
function dateAnchor(index: number, count: number): 'start' | 'middle' | 'end' {
  if (count === 1) return 'middle';
  if (index === 0) return 'start';
  return index === count - 1 ? 'end' : 'middle';
}

/** The chart's value lines with their numbers on the left, and the dates along the bottom. */
export function ChartAxes({
  geometry,
  width,
  height,
  right,
  number,
  date,
}: {
  geometry: ChartGeometry;
  width: number;
  height: number;
  right: number;
  number: Intl.NumberFormat;
  date: Intl.DateTimeFormat;
}) {
  return (
    <>
      <g className="score-chart-grid">
        {geometry.yTicks.map((tick) => (
          <g key={tick.value}>
            <line x1={44} x2={width - right} y1={tick.y} y2={tick.y} />
            <text x={38} y={tick.y} dy="0.32em" textAnchor="end">
              {number.format(tick.value)}
            </text>
          </g>
        ))}
      </g>
      <g className="score-chart-dates">
        {geometry.xTicks.map((tick, i) => (
          <text key={i} x={tick.x} y={height - 8} textAnchor={dateAnchor(i, geometry.xTicks.length)}>
            {date.format(tick.time)}
          </text>
        ))}
      </g>
    </>
  );
}
