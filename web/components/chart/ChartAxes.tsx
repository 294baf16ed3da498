import type { ChartGeometry } from './history';

/**
 * The chart's value lines with their numbers on the left, and the dates along the bottom, each centred
 * under the point it names.
 */
export function ChartAxes({
  geometry,
  width,
  height,
  right,
  number,
}: {
  geometry: ChartGeometry;
  width: number;
  height: number;
  right: number;
  number: Intl.NumberFormat;
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
        {geometry.xTicks.map((tick) => (
          <text key={tick.text} x={tick.x} y={height - 8} textAnchor="middle">
            {tick.text}
          </text>
        ))}
      </g>
    </>
  );
}
