import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { DailyPlayerResource } from '../../contract/daily';
import { dayOf } from '../../contract/daily';
import { call, expectError, json, registerGuest, type Session } from './helpers';
import { daily, dailyPlayer, startedDaily, today } from './daily-helpers';

// Any player's daily streak, for their page: GET /api/daily/players/{id}.

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => dayOf(Date.now() - n * DAY_MS);

/** Writes a completed daily game of `day` for the session's player, as the room's index writer would. */
async function completedOn(session: Session, day: string, total = 700) {
  const at = Date.parse(`${day}T12:00:00Z`);
  const game = await env.DB.prepare(
    "INSERT INTO games (player_id, type, status, total_sum, progress, created_at, updated_at) VALUES (?, 'DAILY', 'COMPLETED', ?, 100, ?, ?) RETURNING id",
  )
    .bind(session.player.id, total, at, at)
    .first<{ id: number }>();
  await env.DB.prepare(
    'INSERT INTO daily_games (player_id, day, game_id, total, completed_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  )
    .bind(session.player.id, day, game?.id, total, at, at)
    .run();
}

async function streakOf(playerId: number, viewer: Session | null = null): Promise<DailyPlayerResource> {
  const response = await call(`/daily/players/${playerId}`, { jar: viewer?.jar });
  const body = await json<DailyPlayerResource>(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

describe("a player's daily streak", () => {
  it('counts the days in a row up to yesterday, for anyone who asks, with a self link', async () => {
    const me = await dailyPlayer();
    for (const n of [1, 2, 3, 5]) await completedOn(me, daysAgo(n));
    const seen = await streakOf(me.player.id);
    expect(seen).toEqual({
      streak: 3,
      playedToday: false,
      _links: { self: { href: `/api/daily/players/${me.player.id}` } },
    });
    // The player sees the same number on GET /api/daily.
    expect((await daily(me)).streak).toBe(3);
  });

  it('says when the player started today, and a streak broken two days ago is 0', async () => {
    const me = await dailyPlayer();
    const other = await dailyPlayer();
    await completedOn(me, daysAgo(2));
    await startedDaily(me);
    expect(await streakOf(me.player.id, other)).toMatchObject({ streak: 0, playedToday: true });
    expect(today()).toBe(daysAgo(0));
  });

  it('is 0 for a guest and 404 player-not-found for nobody', async () => {
    const guest = await registerGuest();
    expect(await streakOf(guest.player.id)).toMatchObject({ streak: 0, playedToday: false });
    await expectError(await call('/daily/players/999999999'), 404, 'player-not-found');
  });
});
