import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import type { DailyResource, DailyScoresPage } from '../../contract/daily';
import { dayOf } from '../../contract/daily';
import { type Game } from './games-helpers';
import { call, json, moveToNewAddress, registerPlayer, type Session } from './helpers';

// Daily game stories on top of games-helpers.ts: registered players (guests may not play it), starting
// the day's game, reading today's resource and a day's ranking.

export const today = () => dayOf(Date.now());

/** A new registered player, signed in; each from an address of its own, so sign-up limits never bite. */
export async function dailyPlayer(): Promise<Session> {
  moveToNewAddress();
  return registerPlayer();
}

/** POST /api/daily/games as whoever `session` is (none: not signed in); the raw answer. */
export const startDaily = (session: Session | null) =>
  call('/daily/games', { method: 'POST', jar: session?.jar });

/** Starts the session's daily game, which must succeed (201); the game. */
export async function startedDaily(session: Session): Promise<Game> {
  const response = await startDaily(session);
  const body = await json(response);
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body as Game;
}

/** GET /api/daily as `session`'s player. */
export async function daily(session: Session | null): Promise<DailyResource> {
  const response = await call('/daily', { jar: session?.jar });
  expect(response.status).toBe(200);
  return json<DailyResource>(response);
}

/** GET /api/daily/scores with `query`, as `session`'s player. */
export async function dailyScores(session: Session | null, query = ''): Promise<DailyScoresPage> {
  const response = await call(`/daily/scores${query}`, { jar: session?.jar });
  const body = await json(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body as DailyScoresPage;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Standing {
  /** How old the account is, in days (default: old enough). */
  ageDays?: number;
  verified?: boolean;
  /** How many completed games the player has, besides an unfinished one that does not count. */
  games?: number;
}

/**
 * Makes the session's player one the day's ranking lists (contract/daily.ts DAILY_RANKED_ACCOUNT_DAYS),
 * or, with `standing`, one that misses a condition: D1 as the years of play would have left it. The
 * completed games are a solo game archived once finished and clash games; a clash sheet put away
 * unfinished is added too, which must not count.
 */
export async function rankable(session: Session, standing: Standing = {}) {
  const { ageDays = 8, verified = true, games = 3 } = standing;
  const id = session.player.id;
  const long = Date.now() - 30 * DAY_MS;
  const rows = [
    ...Array.from({ length: games }, (_, i) =>
      i === 0 ? "('SOLO', 'ARCHIVED', 100)" : "('CLASH', 'COMPLETED', 100)",
    ),
    "('CLASH', 'ARCHIVED', 60)",
  ];
  await env.DB.batch([
    env.DB.prepare('UPDATE players SET created_at = ?, email_verified = ? WHERE id = ?').bind(
      Date.now() - ageDays * DAY_MS,
      verified ? 1 : 0,
      id,
    ),
    env.DB.prepare(
      `INSERT INTO games (player_id, type, status, progress, total_sum, created_at, updated_at)
       SELECT ?1, column1, column2, column3, 400, ?2, ?2 FROM (VALUES ${rows.join(', ')})`,
    ).bind(id, long),
  ]);
}

/** Records the session's daily game of today as completed with `total`, as the room's index writer would. */
export async function completeToday(session: Session, total: number) {
  await env.DB.prepare('UPDATE daily_games SET total = ?, completed_at = ? WHERE player_id = ? AND day = ?')
    .bind(total, Date.now(), session.player.id, today())
    .run();
}

/** The day's secret as D1 keeps it (the tests look; no answer ever carries it). */
export async function secretOf(day: string): Promise<string> {
  const row = await env.DB.prepare('SELECT secret FROM daily_days WHERE day = ?')
    .bind(day)
    .first<{ secret: string }>();
  if (!row) throw new Error(`no secret for ${day}`);
  return row.secret;
}

/** The dice of a game resource, by index. */
export const diceOf = (game: Game) => game.dices.map((d) => d.value);
