import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { DailyPlayerResource } from '../../contract/daily';
import { play } from './games-helpers';
import { call, expectError, json, makeAdmin, registerGuest, type Session } from './helpers';
import {
  completeToday,
  daily,
  dailyPlayer,
  dailyScores,
  rankable,
  startDaily,
  startedDaily,
  today,
} from './daily-helpers';

// Fair play in the daily game: everyone meets the same dice, so a day once played stays played
// (a deleted game gives no second try with dice already seen), and the ranking lists only accounts that
// are no throwaway: old enough, verified, with games completed, not banned; the others are told why.

/** The player's rows of today in `table` (daily_games or daily_plays). */
async function rowsOfToday(table: 'daily_games' | 'daily_plays', session: Session) {
  const { results } = await env.DB.prepare(`SELECT day FROM ${table} WHERE player_id = ? AND day = ?`)
    .bind(session.player.id, today())
    .all();
  return results;
}

async function dailyGameRows(session: Session) {
  const { results } = await env.DB.prepare("SELECT id FROM games WHERE player_id = ? AND type = 'DAILY'")
    .bind(session.player.id)
    .all();
  return results;
}

describe('a daily game deleted by an admin', () => {
  it('cannot be started again that day: 409 daily-played, for its player and for the admin themself', async () => {
    const [ana, boss] = await Promise.all([dailyPlayer(), dailyPlayer()]);
    await makeAdmin(boss.player.id);
    for (const player of [ana, boss]) {
      const game = await startedDaily(player);
      // A roll shows the day's first dice: what a second try would know in advance.
      await play(player, game.id, 'roll');
      expect((await call(`/games/${game.id}`, { method: 'DELETE', jar: boss.jar })).status).toBe(204);
      await expectError(await call(`/games/${game.id}`, { jar: player.jar }), 404, 'game-not-found');

      expect(await daily(player)).toMatchObject({ played: true, completed: false });
      expect((await daily(player))._links).not.toHaveProperty('start');
      expect((await daily(player))._links).not.toHaveProperty('game');
      await expectError(await startDaily(player), 409, 'daily-played');
      await expectError(await startDaily(player), 409, 'daily-played');

      expect(await rowsOfToday('daily_games', player)).toEqual([]);
      expect(await dailyGameRows(player)).toEqual([]);
      expect(await rowsOfToday('daily_plays', player)).toHaveLength(1);
      const seen = await json<DailyPlayerResource>(await call(`/daily/players/${player.player.id}`));
      expect(seen.playedToday).toBe(true);
    }
  });

  it('still answers 409 daily-already-played to a second start while the game is there', async () => {
    const me = await dailyPlayer();
    await startedDaily(me);
    await expectError(await startDaily(me), 409, 'daily-already-played');
    expect(await rowsOfToday('daily_games', me)).toHaveLength(1);
    expect(await rowsOfToday('daily_plays', me)).toHaveLength(1);
  });
});

describe("the day's ranking", () => {
  it('lists only accounts 7 days old, verified, with 3 completed games and not banned', async () => {
    const [ranked, young, unverified, fewGames, banned] = await Promise.all(
      Array.from({ length: 5 }, () => dailyPlayer()),
    );
    await Promise.all([
      rankable(ranked),
      rankable(young, { ageDays: 6.5 }),
      rankable(unverified, { verified: false }),
      rankable(fewGames, { games: 2 }),
      rankable(banned),
    ]);
    const all = [ranked, young, unverified, fewGames, banned];
    for (const [i, player] of all.entries()) {
      await startedDaily(player);
      await completeToday(player, 900 + i);
    }
    await env.DB.prepare("UPDATE players SET status = 'BANNED' WHERE id = ?").bind(banned.player.id).run();

    const ids = new Set(all.map((p) => p.player.id));
    for (const viewer of [ranked, young, null]) {
      const ranking = await dailyScores(viewer, '?size=100');
      const ours = ranking._embedded.scores.filter((s) => ids.has(s.player.id));
      expect(ours.map((s) => s.player.id)).toEqual([ranked.player.id]);
      expect(ranking.page.totalElements).toBe(ranking._embedded.scores.length);
    }

    // Each player still has their game and its score, and is told what keeps it out of the ranking.
    expect(await daily(ranked)).toMatchObject({
      played: true,
      completed: true,
      eligibility: { ranked: true, unrankedReasons: [], accountDaysToGo: 0, completedGames: 3 },
    });
    expect((await daily(young)).eligibility).toEqual({
      ranked: false,
      unrankedReasons: ['account-too-new'],
      accountDaysToGo: 1,
      completedGames: 3,
    });
    expect((await daily(unverified)).eligibility).toMatchObject({
      ranked: false,
      unrankedReasons: ['email-unverified'],
    });
    expect((await daily(fewGames)).eligibility).toEqual({
      ranked: false,
      unrankedReasons: ['too-few-games'],
      accountDaysToGo: 0,
      completedGames: 2,
    });
    expect((await daily(young))._links.game).toBeDefined();
  });

  it('tells a new player every condition missing, and a guest that guests are not ranked', async () => {
    const fresh = await dailyPlayer();
    expect((await daily(fresh)).eligibility).toEqual({
      ranked: false,
      unrankedReasons: ['account-too-new', 'email-unverified', 'too-few-games'],
      accountDaysToGo: 7,
      completedGames: 0,
    });
    const guest = await registerGuest();
    expect((await daily(guest)).eligibility).toMatchObject({ ranked: false, unrankedReasons: ['guest'] });
    expect((await daily(null)).eligibility).toMatchObject({ ranked: false, unrankedReasons: ['guest'] });
  });

  it('judges the age of an account on a day that is over by the end of that day', async () => {
    // Eight days old now, so six days old at the end of the day before yesterday.
    const me = await dailyPlayer();
    await rankable(me);
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    for (const back of [1, 2]) {
      const at = Date.parse(`${day(back)}T12:00:00Z`);
      const game = await env.DB.prepare(
        "INSERT INTO games (player_id, type, status, progress, created_at, updated_at) VALUES (?, 'DAILY', 'COMPLETED', 100, ?, ?) RETURNING id",
      )
        .bind(me.player.id, at, at)
        .first<{ id: number }>();
      await env.DB.prepare(
        'INSERT INTO daily_games (player_id, day, game_id, total, completed_at, created_at) VALUES (?, ?, ?, 500, ?, ?)',
      )
        .bind(me.player.id, day(back), game?.id, at, at)
        .run();
    }
    const listed = async (back: number) =>
      (await dailyScores(null, `?size=100&day=${day(back)}`))._embedded.scores.some(
        (s) => s.player.id === me.player.id,
      );
    expect(await listed(1)).toBe(true);
    expect(await listed(2)).toBe(false);
  });
});
