import type { RoomAction, RoomResult, RoomViewer } from '../durable-objects/gameRecord';
import type { Database } from './db/client';
import { findGameRow, type GameOwnerRow } from './db/games';
import { databaseUnavailable } from './lib/errors';

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

/**
 * How many Presence shards share the players' channels, by player id. Each shard tells the one OnlineList
 * who came and went (fan-in), so a join costs a shard its own work and the list one call, however many
 * are online: the model for 10,000 and 100,000 online is in docs/scale.md. In development `?shards=` on
 * /api/ws/players (worker/routes/live.ts) lets bench/load.mjs compare counts.
 */
export const PRESENCE_SHARDS = 16;

/** The Presence shard that holds `playerId`'s channels and gets their pushes. */
export const presenceRoom = (env: Pick<Bindings, 'PRESENCE'>, playerId: number, shards = PRESENCE_SHARDS) =>
  env.PRESENCE.getByName(`shard-${playerId % Math.max(1, shards)}`);

/**
 * Which of `playerIds` are online, asked of their own shards (one call per shard among them, in parallel):
 * a clash screen's few players never wait on the one OnlineList, so its reads grow with the shards.
 */
export async function onlineAmong(env: Pick<Bindings, 'PRESENCE'>, playerIds: number[]) {
  const byShard = new Map<number, number[]>();
  for (const id of playerIds)
    byShard.set(id % PRESENCE_SHARDS, [...(byShard.get(id % PRESENCE_SHARDS) ?? []), id]);
  const answers = await Promise.all(
    [...byShard.values()].map((ids) => presenceRoom(env, ids[0]).online(ids)),
  );
  return answers.flat();
}

/** Who is online, for everyone (GET /api/players/active): the summary the Presence shards report to. */
export const onlineList = (env: Pick<Bindings, 'ONLINE_LIST'>) => env.ONLINE_LIST.getByName('global');

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
 * `type: null` is a home found while D1 could not be asked (`gameHome`): the game's own GameRoom, which
 * holds it if it is a solo or daily game and nothing if it is a clash's or no game at all.
 */
export type GameHome =
  | { type: GameOwnerRow['type'] | null; clashId: null; room: ReturnType<typeof gameRoom>; owner: GameOwner }
  | { type: 'CLASH'; clashId: number; room: ReturnType<typeof clashRoom>; owner: GameOwner };

/**
 * The room that owns game `gameId`, found through the game's row in the D1 index (which the isolate
 * remembers once read, db/games.ts `findGameRow`): no row, no room (null), so no request starts a Durable
 * Object for a number that is no game. This is the one place that tells a clash game from one of its own.
 *
 * With D1 unreachable, a player's game goes on: the home is the game's own GameRoom (`type: null`), which
 * answers for a solo or daily game and checks its player's token itself, as it does for every move. A
 * room that holds nothing answers 404 and stores nothing, so a number that is no game costs an empty
 * object's start, and only while D1 is down. A clash game is reached through its clash instead (the
 * `clash` hint of its reads, move links and socket: routes/games.ts `clashHint`).
 */
export async function gameHome(
  env: Pick<Bindings, 'GAME_ROOM' | 'CLASH_ROOM'>,
  db: Database,
  gameId: number,
): Promise<GameHome | null> {
  let row: GameOwnerRow | null;
  try {
    row = await findGameRow(db, gameId);
  } catch (error) {
    if (!databaseUnavailable(error)) throw error;
    const room = gameRoom(env, gameId);
    return { type: null, clashId: null, room, owner: room };
  }
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
