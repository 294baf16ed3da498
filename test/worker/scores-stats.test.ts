import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectError, json, registerGuest, signUp, type Player } from './helpers';
import { DAY_MS, scoreRow } from './scores-fixtures';

// The statistics against figures computed by hand. Each test file has a database of its own, so this
// file's fixture is every score there is, and the overall figures can be compared exactly.

let a: Player;
let b: Player;
let c: Player;
let d: Player;

beforeAll(async () => {
  ({ player: a } = await registerGuest());
  ({ player: b } = await registerGuest());
  ({ player: c } = await registerGuest());
  const now = Date.now();
  // "Today" is since 00:00 UTC: a millisecond ago is today unless the test runs at midnight sharp.
  await scoreRow(a.id, 300, now - 1);
  await scoreRow(a.id, 500, now - 3 * DAY_MS);
  await scoreRow(a.id, 101, now - 10 * DAY_MS);
  await scoreRow(b.id, 800, now - 1);
  await scoreRow(b.id, 200, now - 8 * DAY_MS);
  await scoreRow(c.id, 650, now - 2 * DAY_MS);
  // C's current game, played but not finished: a game played, no score.
  await env.DB.prepare('INSERT INTO games (player_id, created_at, updated_at) VALUES (?, ?, ?)')
    .bind(c.id, now - 5000, now)
    .run();
  // D signs up last and plays nothing.
  d = (await signUp()).player;
});

const stats = async (query = '') => json(await call(`/scores/stats${query}`));

describe('the score statistics (GET /api/scores/stats)', () => {
  it('of all time: count, highest, lowest, average to one decimal, total', async () => {
    expect(await stats()).toEqual({
      preset: 'CLASSIC',
      period: 'all',
      playerId: null,
      totalGames: 6,
      highScore: 800,
      lowestScore: 101,
      averageScore: 425.2, // 2551 / 6 = 425.17
      totalScore: 2551,
    });
    expect(await stats('?period=all')).toEqual(await stats());
  });

  it('of the last 7 days and of today', async () => {
    expect(await stats('?period=week')).toEqual({
      preset: 'CLASSIC',
      period: 'week',
      playerId: null,
      totalGames: 4,
      highScore: 800,
      lowestScore: 300,
      averageScore: 562.5,
      totalScore: 2250,
    });
    expect(await stats('?period=today')).toEqual({
      preset: 'CLASSIC',
      period: 'today',
      playerId: null,
      totalGames: 2,
      highScore: 800,
      lowestScore: 300,
      averageScore: 550,
      totalScore: 1100,
    });
  });

  it('of one player, in any period', async () => {
    expect(await stats(`?playerId=${a.id}`)).toEqual({
      preset: 'CLASSIC',
      period: 'all',
      playerId: a.id,
      totalGames: 3,
      highScore: 500,
      lowestScore: 101,
      averageScore: 300.3,
      totalScore: 901,
    });
    expect(await stats(`?playerId=${a.id}&period=week`)).toMatchObject({
      totalGames: 2,
      highScore: 500,
      lowestScore: 300,
      averageScore: 400,
      totalScore: 800,
    });
  });

  it('are zeros and nulls where there is no score', async () => {
    expect(await stats(`?playerId=${d.id}&period=today`)).toEqual({
      preset: 'CLASSIC',
      period: 'today',
      playerId: d.id,
      totalGames: 0,
      highScore: null,
      lowestScore: null,
      averageScore: null,
      totalScore: 0,
    });
  });

  it.each([['period=year'], ['playerId=x'], ['playerId=-3']])('refuses %s (400)', async (query) => {
    await expectError(await call(`/scores/stats?${query}`), 400, 'input-invalid');
  });
});

describe('the player statistics (GET /api/players/stats)', () => {
  it('name the leaders among every player, counting the three guests apart from the one registered', async () => {
    expect(await json(await call('/players/stats'))).toEqual({
      totalPlayers: 1,
      totalGuests: 3,
      totalGames: 7, // six finished and C's current one
      newestPlayer: { id: d.id, name: d.name, createdAt: expect.any(String) },
      mostGamesPlayer: { id: a.id, name: a.name, games: 3 },
      highestScore: { id: b.id, name: b.name, value: 800 },
      highestAverage: { id: c.id, name: c.name, average: 650 },
    });
  });

  it('agree with a player’s own figures', async () => {
    expect(await json(await call(`/players/${a.id}/stats`))).toMatchObject({
      totalGames: 3,
      scoreCount: 3,
      highScore: 500,
      lowestScore: 101,
      averageScore: 300.3,
      totalScore: 901,
    });
  });
});
