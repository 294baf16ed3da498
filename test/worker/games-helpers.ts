import {
  createExecutionContext,
  env,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { expect } from 'vitest';
import type { GameRoom } from '../../durable-objects/GameRoom';
import type { GameMessage, GameResource } from '../../contract/games';
import { BOX_TYPES, canAnnounce, fillableBoxes, type GameState } from '../../game';
import { toGameState } from '../../contract/games';
import type { Env } from '../../worker/env';
import worker from '../../worker/index';
import { call, json, registerGuest, request, type Session } from './helpers';

// Game stories on top of helpers.ts: a guest with a game, moves over HTTP, a watcher's socket, the D1 index.

export type Game = GameResource;
export type Move = 'roll' | 'announce' | 'fill' | 'undo' | 'restart' | 'archive';

/** PUT /api/games/ as the session's player: their current game. */
export async function currentGame(session: Session): Promise<Game> {
  const response = await call('/games/', {
    method: 'PUT',
    jar: session.jar,
    body: { playerId: session.player.id },
  });
  expect(response.status).toBe(200);
  return json<Game>(response);
}

/** A new guest and their first game. */
export async function guestWithGame(): Promise<Session & { game: Game }> {
  const session = await registerGuest();
  return { ...session, game: await currentGame(session) };
}

/** One move, as whoever `session` is (none: not signed in); the raw answer. */
export function move(session: Session | null, gameId: number, name: Move, body?: unknown): Promise<Response> {
  return call(`/games/${gameId}/${name}`, { method: 'PUT', jar: session?.jar, body });
}

/** One move that must succeed; the game it answers. */
export async function play(session: Session, gameId: number, name: Move, body?: unknown): Promise<Game> {
  const response = await move(session, gameId, name, body);
  const answer = await json(response);
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer as Game;
}

/** The rules' view of a game resource, so tests choose boxes with game/ rather than by hand. */
export const toState = (game: Game): GameState => toGameState(game);

/** The first box the rules allow now. */
export function firstFillable(game: Game) {
  const [first] = fillableBoxes(toState(game));
  return first ? { columnType: first.column, boxType: first.box } : null;
}

/** The first box that may be announced now. */
export function firstAnnounceable(game: Game) {
  return BOX_TYPES.find((box) => canAnnounce(toState(game), box)) ?? null;
}

/** One turn: roll if needed, announce when only announcement boxes are left, fill the first fillable box. */
export async function playTurn(session: Session, game: Game): Promise<Game> {
  let current = game.rollCount === 0 ? await play(session, game.id, 'roll') : game;
  if (!firstFillable(current)) {
    const boxType = firstAnnounceable(current);
    expect(boxType, 'an announceable box').not.toBeNull();
    current = await play(session, game.id, 'announce', { boxType });
  }
  return play(session, game.id, 'fill', firstFillable(current));
}

/** The game's row in the D1 index. */
export function indexRow(gameId: number) {
  return env.DB.prepare(
    'SELECT player_id AS playerId, type, status, total_sum AS totalSum, progress, updated_at AS updatedAt FROM games WHERE id = ?',
  )
    .bind(gameId)
    .first<{
      playerId: number;
      type: string;
      status: string;
      totalSum: number;
      progress: number;
      updatedAt: number;
    }>();
}

export async function scoresOf(gameId: number) {
  const { results } = await env.DB.prepare(
    'SELECT player_id AS playerId, value FROM scores WHERE game_id = ?',
  )
    .bind(gameId)
    .all<{ playerId: number; value: number }>();
  return results;
}

export const roomOf = (gameId: number) => env.GAME_ROOM.getByName(String(gameId));

/** The index follows moves within a second (write-behind, by the room's alarm): run that alarm now. */
export async function flushIndex(gameId: number) {
  await runDurableObjectAlarm(roomOf(gameId));
}

/** A D1 that refuses every call, as an outage would, in D1's words for it. */
export const downD1 = new Proxy({} as D1Database, {
  get: () => () => {
    throw new Error('D1_ERROR: Network connection lost.');
  },
});

/** One request to the Worker with `bindings` in place of the test env's (e.g. a D1 that is down). */
export async function callWith(
  bindings: Partial<Env>,
  path: string,
  session: Session | null,
  init: RequestInit = {},
) {
  const ctx = createExecutionContext();
  const headers = new Headers(init.headers);
  if (session) headers.set('Cookie', session.jar.header());
  const response = await worker.fetch(request(path, { ...init, headers }), { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** Swaps the room instance's D1 binding (the runtime keeps the instance between these calls). */
export async function setD1(gameId: number, db: D1Database) {
  await runInDurableObject(roomOf(gameId), (room: GameRoom) => {
    const holder = room as unknown as { env: Env };
    holder.env = { ...holder.env, DB: db };
  });
}

export interface Watcher {
  /** The next GAME message (the first one is the greeting with the current game). */
  next(): Promise<GameMessage>;
  close(): void;
}

/** A socket on /api/ws/games/{id}, as `session`'s player or anonymously. */
export async function watch(gameId: number, session: Session | null = null): Promise<Watcher> {
  const response = await call(`/ws/games/${gameId}`, {
    headers: { Upgrade: 'websocket' },
    jar: session?.jar,
  });
  expect(response.status).toBe(101);
  const socket = response.webSocket;
  if (!socket) throw new Error('no WebSocket in the 101 answer');
  const queue: GameMessage[] = [];
  const waiting: ((message: GameMessage) => void)[] = [];
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as GameMessage;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  socket.accept();
  return {
    next: () => {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no GAME message within 2 s')), 2000);
        waiting.push((message) => {
          clearTimeout(timer);
          resolve(message);
        });
      });
    },
    close: () => socket.close(),
  };
}
