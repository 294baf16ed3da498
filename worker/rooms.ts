import type { RoomAction, RoomResult, RoomViewer } from '../durable-objects/gameRecord';
import type { Database } from './db/client';
import { findGameRow, type GameOwnerRow } from './db/games';

// The directory of rooms: the one place that says which Durable Object holds what. Routes, sockets and
// notices (and the rooms themselves, when one reaches another) ask here instead of naming objects.
//
// The bindings are typed through the runtime's global `Cloudflare.Env` (declared in worker/env.ts), not by
// importing worker/env: a room that reaches another one through here would otherwise import its own class
// back (env.ts names every room class), an import circle.
type Bindings = Cloudflare.Env;

/** A solo or daily game's own room, by game id. */
export const gameRoom = (env: Pick<Bindings, 'GAME_ROOM'>, gameId: number) =>
  env.GAME_ROOM.getByName(String(gameId));

/** A clash's room, by clash id: its lobby, turns and every game of the clash. */
export const clashRoom = (env: Pick<Bindings, 'CLASH_ROOM'>, clashId: number) =>
  env.CLASH_ROOM.getByName(String(clashId));

/** The Presence object that lists who is online (GET /api/players/active). */
const PRESENCE_ROOM = 'global';

/**
 * How many Presence objects share the players' channels, by player id. One holds everyone; where it
 * saturates (its full-list PLAYERS broadcast, long before its 32,768 sockets) is in docs/scale.md. More
 * than one is not a setting yet: the online list needs its fan-in first (GET /api/players/active and each
 * shard's PLAYERS broadcast would list that shard's players only). bench/load.mjs measures shards in
 * development through `?shards=` on /api/ws/players (worker/routes/live.ts).
 */
export const PRESENCE_SHARDS = 1;

/** The Presence object that holds `playerId`'s channels and gets their pushes. */
export const presenceRoom = (env: Pick<Bindings, 'PRESENCE'>, playerId: number, shards = PRESENCE_SHARDS) =>
  env.PRESENCE.getByName(shards <= 1 ? PRESENCE_ROOM : `${PRESENCE_ROOM}-${playerId % shards}`);

/** The Presence object whose list says who is online. */
export const onlineList = (env: Pick<Bindings, 'PRESENCE'>) => env.PRESENCE.getByName(PRESENCE_ROOM);

/** A Presence object no player uses: GET /api/health's round trip to a room. */
export const healthProbe = (env: Pick<Bindings, 'PRESENCE'>) => env.PRESENCE.getByName('health');

/** The quick-match queue: one object for everyone. */
export const quickMatchQueue = (env: Pick<Bindings, 'QUICK_MATCH'>) => env.QUICK_MATCH.getByName('global');

/** What routes ask of whichever room owns a game. */
export interface GameOwner {
  get(viewer: RoomViewer | null): Promise<RoomResult>;
  act(viewer: RoomViewer, action: RoomAction): Promise<RoomResult>;
}

/**
 * Where a game lives. A solo or daily game has a GameRoom of its own; a clash game lives in its clash's
 * ClashRoom, which enforces the turns. `owner` answers the game's reads and moves, `room` its socket.
 */
export type GameHome =
  | { type: GameOwnerRow['type']; clashId: null; room: ReturnType<typeof gameRoom>; owner: GameOwner }
  | { type: 'CLASH'; clashId: number; room: ReturnType<typeof clashRoom>; owner: GameOwner };

/**
 * The room that owns game `gameId`, found through the game's row in the D1 index (which the isolate
 * remembers once read, db/games.ts `findGameRow`): no row, no room (null), so no request starts a Durable
 * Object for a number that is no game. This is the one place that tells a clash game from one of its own.
 */
export async function gameHome(
  env: Pick<Bindings, 'GAME_ROOM' | 'CLASH_ROOM'>,
  db: Database,
  gameId: number,
): Promise<GameHome | null> {
  const row = await findGameRow(db, gameId);
  if (!row) return null;
  if (row.type === 'CLASH' && row.clashId !== null) {
    const room = clashRoom(env, row.clashId);
    return { type: 'CLASH', clashId: row.clashId, room, owner: clashGameOwner(env, row.clashId, gameId) };
  }
  const room = gameRoom(env, gameId);
  return { type: row.type, clashId: null, room, owner: room };
}

/**
 * Game `gameId` as the room of clash `clashId` holds it. The room answers for its own games only: any
 * other number is 404 game-not-found there, as for no game at all, so a caller may take the clash from a
 * link (the `clash` hint of a clash game's moves) without asking D1 whether the game is the clash's.
 */
export function clashGameOwner(
  env: Pick<Bindings, 'CLASH_ROOM'>,
  clashId: number,
  gameId: number,
): GameOwner {
  const room = clashRoom(env, clashId);
  return {
    get: (viewer) => room.getGame(gameId, viewer),
    act: (viewer, action) => room.actOnGame(gameId, viewer, action),
  };
}
