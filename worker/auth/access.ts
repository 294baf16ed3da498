import type { PlayerAccess } from '../../durable-objects/gameRecord';
import { liveClashesOf } from '../db/clashes';
import type { Database } from '../db/client';
import { gamesInOwnRooms } from '../db/games';
import { findPlayer } from '../db/players';
import type { PlayerRow } from '../db/schema';
import {
  banStatement,
  endAccessTokensStatement,
  revokePlayerSessionsStatement,
  unbanStatement,
} from '../db/sessions';
import type { Env } from '../env';

/** The one Presence room: who is online and every player's private channel. */
export const PRESENCE_ROOM = 'global';

/**
 * How many Presence objects share the players' channels, by player id. One holds everyone; where it
 * saturates (its full-list PLAYERS broadcast, long before its 32,768 sockets) is in docs/scale.md. More
 * than one is not a setting yet: the online list needs its fan-in first (GET /api/players/active and each
 * shard's PLAYERS broadcast would list that shard's players only). bench/load.mjs measures shards in
 * development through `?shards=` on /api/ws/players (worker/routes/live.ts).
 */
export const PRESENCE_SHARDS = 1;

/** The Presence object that holds `playerId`'s channels and gets their pushes. */
export const presenceRoom = (playerId: number, shards = PRESENCE_SHARDS) =>
  shards <= 1 ? PRESENCE_ROOM : `${PRESENCE_ROOM}-${playerId % shards}`;

/** The quick-match queue: one object for everyone. */
export const quickMatchQueue = (env: Pick<Env, 'QUICK_MATCH'>) => env.QUICK_MATCH.getByName('global');

/** What a room keeps of its player's access: which tokens still count, and whether they may act. */
export const accessOf = (player: Pick<PlayerRow, 'tokensValidAfter' | 'status'>): PlayerAccess => ({
  tokensValidAfter: player.tokensValidAfter,
  banned: player.status === 'BANNED',
});

/**
 * Tells the rooms the player acts in that their access changed, once D1 has it: the rooms of their
 * unarchived games and of their pending and running clashes refuse a move with a token that no longer
 * counts (moves don't read D1), and their private channels close (they were opened with such a token).
 * They leave the quick-match queue too: a pairing opens the clash with the access kept there.
 */
export async function pushAccess(env: Env, db: Database, playerId: number) {
  const [player, rooms, clashRooms] = await Promise.all([
    findPlayer(db, playerId),
    gamesInOwnRooms(db, playerId),
    liveClashesOf(db, playerId),
  ]);
  if (!player) return;
  const access = accessOf(player);
  await Promise.all([
    ...rooms.map((room) => env.GAME_ROOM.getByName(String(room.id)).updateAccess(access)),
    ...clashRooms.map((clash) => env.CLASH_ROOM.getByName(String(clash.id)).updateAccess(playerId, access)),
    env.PRESENCE.getByName(presenceRoom(playerId)).endSessions(playerId),
    quickMatchQueue(env).leave(playerId),
  ]);
}

/**
 * Bans a player for `reason` (told to them when they try to sign in): every session and token ends, every
 * room they act in refuses them and closes their sockets, and they leave the quick-match queue, at once.
 */
export async function banPlayer(env: Env, db: Database, playerId: number, reason: string | null = null) {
  const now = Date.now();
  await db.batch([
    banStatement(db, playerId, now, reason),
    revokePlayerSessionsStatement(db, playerId, now),
    endAccessTokensStatement(db, playerId, now),
  ]);
  await pushAccess(env, db, playerId);
}

/**
 * Lifts a ban: the rooms take the player's moves again. Their tokens ended with the ban, so they sign in
 * anew; the turns their clashes passed while they were banned stay passed.
 */
export async function unbanPlayer(env: Env, db: Database, playerId: number) {
  await db.batch([unbanStatement(db, playerId, Date.now())]);
  await pushAccess(env, db, playerId);
}
