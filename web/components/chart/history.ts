// The geometry of a player's score history chart: pure, so the unit tests run it in node.

export interface HistoryPoint {
  /** Epoch milliseconds of the score. */
  time: number;
  value: number;
}

/** The average of the first 1, 2, … n values. */
export function runningAverage(values: readonly number[]): number[] {
  let sum = 0;
  return values.map((value, i) => {
    sum += value;
    return sum / (i + 1);
  });
}

/**
 * Round tick values covering [min, max], about `count` of them (steps of 1, 2, 2.5 or 5 times a power of ten);
 * the first tick is at or below min and the last at or above max. A flat range is widened around its value.
 */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (max < min) [min, max] = [max, min];
  if (max === min) {
    const pad = Math.max(1, Math.abs(max) * 0.1);
    min -= pad;
    max += pad;
  }
  const rough = (max - min) / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const start = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let tick = start; tick < max + step; tick += step) {
    ticks.push(Math.round(tick / step) * step);
    if (tick >= max) break;
  }
  return ticks;
}

/** A linear map from [d0, d1] onto [r0, r1]; a flat domain maps to the middle of the range. */
export function linear(d0: number, d1: number, r0: number, r1: number): (x: number) => number {
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (x) => r0 + ((x - d0) / (d1 - d0)) * (r1 - r0);
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the axis labels. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface ChartGeometry {
  points: { x: number; y: number; time: number; value: number; average: number }[];
  /** The running average as an SVG path (M … L …). */
  averagePath: string;
  /** The scores joined in order, as an SVG path. */
  scorePath: string;
  yTicks: { value: number; y: number }[];
  xTicks: { time: number; x: number }[];
}

const round = (n: number) => Math.round(n * 10) / 10;

function path(points: { x: number; y: number }[]): string {
  return points.map((p, i) => `${i ? 'L' : 'M'}${round(p.x)} ${round(p.y)}`).join(' ');
}

/** Where everything of the chart goes in a box of the given size; `points` oldest first. */
export function chartGeometry(points: readonly HistoryPoint[], box: ChartBox, xTickCount = 3): ChartGeometry {
  const averages = runningAverage(points.map((p) => p.value));
  const values = points.map((p) => p.value);
  const ticks = niceTicks(Math.min(...values, ...averages), Math.max(...values, ...averages), 5);
  const y = linear(ticks[0], ticks[ticks.length - 1], box.height - box.bottom, box.top);
  const first = points[0]?.time ?? 0;
  const last = points[points.length - 1]?.time ?? 0;
  const x = linear(first, last, box.left, box.width - box.right);
  const placed = points.map((p, i) => ({
    x: x(p.time),
    y: y(p.value),
    time: p.time,
    value: p.value,
    average: averages[i],
  }));
  const xTicks =
    points.length === 0
      ? []
      : first === last || xTickCount < 2
        ? [{ time: first, x: x(first) }]
        : Array.from({ length: xTickCount }, (_, i) => {
            const time = first + ((last - first) * i) / (xTickCount - 1);
            return { time, x: x(time) };
          });
  return {
    points: placed,
    averagePath: path(placed.map((p) => ({ x: p.x, y: y(p.average) }))),
    scorePath: path(placed),
    yTicks: ticks.map((value) => ({ value, y: y(value) })),
    xTicks,
  };
}
