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
import { clashRoom, gameRoom, presenceRoom, quickMatchQueue } from '../rooms';

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
    ...rooms.map((room) => gameRoom(env, room.id).updateAccess(access)),
    ...clashRooms.map((clash) => clashRoom(env, clash.id).updateAccess(playerId, access)),
    presenceRoom(env, playerId).endSessions(playerId),
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
    revokePlayerSessionsStatement(db, playerId, now, 'BAN'),
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
