import { env } from 'cloudflare:test';

// Score rows as a completed game leaves them (an archived game in the index and its one score), put
// straight into D1 so the lists and the statistics can be checked against figures computed by hand.

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A completed (archived) game of `playerId` with its score `value`, written at `at`; returns both ids. */
export async function scoreRow(playerId: number, value: number, at = Date.now()) {
  const game = await env.DB.prepare(
    "INSERT INTO games (player_id, status, total_sum, progress, created_at, updated_at) VALUES (?, 'ARCHIVED', ?, 100, ?, ?) RETURNING id",
  )
    // Played: its room moved updated_at past created_at (a game never played is in no list or count).
    .bind(playerId, value, at - 60_000, at)
    .first<{ id: number }>();
  const score = await env.DB.prepare(
    'INSERT INTO scores (player_id, game_id, value, created_at) VALUES (?, ?, ?, ?) RETURNING id',
  )
    .bind(playerId, game?.id, value, at)
    .first<{ id: number }>();
  return { gameId: game?.id as number, scoreId: score?.id as number };
}

/** 00:00 UTC of the day of `now`. */
export const startOfDay = (now = Date.now()) => now - (now % DAY_MS);
