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
  /** The date labels: each at the x of the first point of its day, no day twice. */
  xTicks: DateTick[];
}

export interface DateTick {
  time: number;
  x: number;
  text: string;
}

/** How the date labels are written, and how far apart their centres must stay. */
export interface DateLabels {
  /** A point's day as the axis writes it ("27 Nov"); points of one day write the same. */
  text: (time: number) => string;
  /** The least distance between two labels' centres, in px (a label's width and a margin). */
  gap: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

function path(points: { x: number; y: number }[]): string {
  return points.map((p, i) => `${i ? 'L' : 'M'}${round(p.x)} ${round(p.y)}`).join(' ');
}

/**
 * The date labels under the points (oldest first): one at the first point of each day, centred on that
 * point, so every label names a dot above it and no date is written twice (several clashes of one day
 * were four labels of one date between the dots). Where days crowd, some go unlabelled: kept from the
 * left at least `gap` apart, the last day's label taking the place of the one before it when they meet.
 */
export function dateTicks(placed: readonly { x: number; time: number }[], labels: DateLabels): DateTick[] {
  const days: DateTick[] = [];
  for (const point of placed) {
    const text = labels.text(point.time);
    if (days[days.length - 1]?.text !== text) days.push({ time: point.time, x: point.x, text });
  }
  const kept: DateTick[] = [];
  for (const day of days) {
    const previous = kept[kept.length - 1];
    if (!previous || day.x - previous.x >= labels.gap) kept.push(day);
  }
  const last = days[days.length - 1];
  if (last && kept[kept.length - 1] !== last && kept.length > 1) kept[kept.length - 1] = last;
  return kept;
}

/** Where everything of the chart goes in a box of the given size; `points` oldest first. */
export function chartGeometry(
  points: readonly HistoryPoint[],
  box: ChartBox,
  labels: DateLabels = { text: (time) => new Date(time).toISOString().slice(0, 10), gap: 80 },
): ChartGeometry {
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
  return {
    points: placed,
    averagePath: path(placed.map((p) => ({ x: p.x, y: y(p.average) }))),
    scorePath: path(placed),
    yTicks: ticks.map((value) => ({ value, y: y(value) })),
    xTicks: dateTicks(placed, labels),
  };
}
