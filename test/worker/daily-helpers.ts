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
