import { describe, expect, it } from 'vitest';
import { chartGeometry, linear, niceTicks, runningAverage } from '../../web/components/chart/history';

// The score history chart's geometry: the running average, round axis ticks that cover the data, and
// where the points, the average line and the date labels go in the chart's box.

describe('runningAverage', () => {
  it('averages the first 1, 2, … n values', () => {
    expect(runningAverage([100, 200, 300, 400])).toEqual([100, 150, 200, 250]);
    expect(runningAverage([])).toEqual([]);
  });
});

describe('niceTicks', () => {
  it('covers the range with round steps', () => {
    const ticks = niceTicks(143, 812, 5);
    expect(ticks[0]).toBeLessThanOrEqual(143);
    expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(812);
    const steps = new Set(ticks.slice(1).map((tick, i) => tick - ticks[i]));
    expect(steps.size).toBe(1);
    expect([100, 200, 250, 500]).toContain([...steps][0]);
    expect(ticks.length).toBeLessThanOrEqual(8);
  });

  it('widens a flat range around its value', () => {
    const ticks = niceTicks(300, 300);
    expect(ticks[0]).toBeLessThan(300);
    expect(ticks[ticks.length - 1]).toBeGreaterThan(300);
  });

  it('survives reversed and non-finite input', () => {
    expect(niceTicks(10, 0)[0]).toBeLessThanOrEqual(0);
    expect(niceTicks(Number.NaN, 5)).toEqual([0, 1]);
  });
});

describe('linear', () => {
  it('maps the domain onto the range, a flat domain to its middle', () => {
    expect(linear(0, 10, 100, 200)(5)).toBe(150);
    expect(linear(0, 10, 200, 100)(10)).toBe(100);
    expect(linear(3, 3, 0, 50)(3)).toBe(25);
  });
});

describe('chartGeometry', () => {
  const box = { width: 360, height: 220, left: 44, right: 14, top: 12, bottom: 30 };
  const day = 86_400_000;
  const points = [
    { time: 0, value: 200 },
    { time: day, value: 400 },
    { time: 3 * day, value: 300 },
  ];

  it('puts the oldest score on the left edge and the newest on the right, higher scores higher', () => {
    const geometry = chartGeometry(points, box);
    const xs = geometry.points.map((p) => p.x);
    expect(xs[0]).toBe(44);
    expect(xs[1]).toBeCloseTo(44 + 302 / 3);
    expect(xs[2]).toBe(346);
    expect(geometry.points[1].y).toBeLessThan(geometry.points[2].y);
    expect(geometry.points[2].y).toBeLessThan(geometry.points[0].y);
    for (const p of geometry.points) {
      expect(p.y).toBeGreaterThanOrEqual(box.top);
      expect(p.y).toBeLessThanOrEqual(box.height - box.bottom);
    }
  });

  it('draws the running average through every point in time', () => {
    const geometry = chartGeometry(points, box);
    expect(geometry.points.map((p) => p.average)).toEqual([200, 300, 300]);
    expect(geometry.averagePath.split(/[ML]/).filter(Boolean)).toHaveLength(3);
    expect(geometry.scorePath.startsWith('M44 ')).toBe(true);
  });

  const dayOf = { text: (time: number) => `day ${Math.floor(time / day)}`, gap: 40 };

  it('labels each day once, centred on the first point of the day', () => {
    const geometry = chartGeometry(points, box, dayOf);
    expect(geometry.xTicks.map((t) => t.text)).toEqual(['day 0', 'day 1', 'day 3']);
    expect(geometry.xTicks.map((t) => t.x)).toEqual(geometry.points.map((p) => p.x));
  });

  it('writes a day with several points once (the rating after each of four clashes of a day)', () => {
    const hour = 3_600_000;
    const sameDays = [0, 2, 5, 9, day + 1, day + 3].map((h, i) => ({ time: h * hour, value: 1500 + i }));
    const geometry = chartGeometry(sameDays, box, dayOf);
    const texts = geometry.xTicks.map((t) => t.text);
    expect(new Set(texts).size).toBe(texts.length);
    for (const tick of geometry.xTicks) expect(geometry.points.some((p) => p.x === tick.x)).toBe(true);
  });

  it('leaves crowded days unlabelled, keeping the first and the last', () => {
    const days = Array.from({ length: 30 }, (_, i) => ({ time: i * day, value: 300 + i }));
    const geometry = chartGeometry(days, box, { ...dayOf, gap: 60 });
    const xs = geometry.xTicks.map((t) => t.x);
    expect(geometry.xTicks[0].text).toBe('day 0');
    expect(geometry.xTicks[geometry.xTicks.length - 1].text).toBe('day 29');
    for (let i = 1; i < xs.length; i++) expect(xs[i] - xs[i - 1]).toBeGreaterThanOrEqual(60);
    expect(xs.length).toBeGreaterThanOrEqual(4);
  });

  it('centres a single score and gives it one date', () => {
    const geometry = chartGeometry([{ time: 5, value: 250 }], box);
    expect(geometry.points[0].x).toBe(195);
    expect(geometry.xTicks).toHaveLength(1);
    expect(geometry.averagePath).toMatch(/^M195 [\d.]+$/);
  });

  it('has nothing to draw without scores', () => {
    const geometry = chartGeometry([], box);
    expect(geometry.points).toEqual([]);
    expect(geometry.xTicks).toEqual([]);
    expect(geometry.averagePath).toBe('');
  });
});
