import { describe, expect, it } from 'vitest';
import { call, expectError, json } from './helpers';

// The rankings benchmark's seeding (development only: the tests run as local development does).
describe('seeding scores (POST /api/dev/seed/scores)', () => {
  it('adds completed games with their scores, spread over the last days, to the rankings', async () => {
    const seeded = await json(
      await call('/dev/seed/scores', { method: 'POST', body: { count: 300, days: 3 } }),
    );
    expect(seeded).toEqual({ scores: 300 });
    expect(await json(await call('/dev/seed/scores', { method: 'POST', body: { count: 200 } }))).toEqual({
      scores: 500,
    });
    const stats = await json(await call('/scores/stats'));
    expect(stats.totalGames).toBe(500);
    expect(stats.lowestScore).toBeGreaterThanOrEqual(200);
    expect(stats.highScore).toBeLessThanOrEqual(1199);
    const best = await json(await call('/scores/?sort=value&order=DESC&size=50&period=week'));
    expect(best._embedded.scores).toHaveLength(50);
    expect(best.page.totalElements).toBeGreaterThanOrEqual(300);
    const values = best._embedded.scores.map((s: { value: number }) => s.value);
    expect(values).toEqual([...values].sort((x, y) => y - x));
    // Each score is its game's total, and the games count as played.
    const games = await json(await call('/games/?size=1'));
    expect(games.page.totalElements).toBe(500);
  });

  it('refuses a count outside 1-50,000', async () => {
    await expectError(
      await call('/dev/seed/scores', { method: 'POST', body: { count: 0 } }),
      400,
      'input-invalid',
    );
    await expectError(
      await call('/dev/seed/scores', { method: 'POST', body: { count: 50_001 } }),
      400,
      'input-invalid',
    );
  });
});
