import { and, eq, ne } from 'drizzle-orm';
import type { PlayerAccess } from '../../durable-objects/gameRecord';
import type { Database } from '../db/client';
import { games, type PlayerRow, players, sessions } from '../db/schema';
import type { Env } from '../env';

/** The one Presence room: who is online and every player's private channel. */
export const PRESENCE_ROOM = 'global';

/** What a room keeps of its player's access: which tokens still count, and whether they may act. */
export const accessOf = (player: Pick<PlayerRow, 'tokensValidAfter' | 'status'>): PlayerAccess => ({
  tokensValidAfter: player.tokensValidAfter,
  banned: player.status === 'BANNED',
});

/** Refuses from now on every access token of the player signed before `now` (any sign-in, any device). */
export function endAccessTokens(db: Database, playerId: number, now = Date.now()) {
  return db.update(players).set({ tokensValidAfter: now }).where(eq(players.id, playerId));
}

/**
 * Tells the rooms the player acts in that their access changed, once D1 has it: the rooms of their
 * unarchived games refuse a move with a token that no longer counts (moves don't read D1), and their
 * private channels close (they were opened with such a token). Clash rooms join here with clashes.
 */
export async function pushAccess(env: Env, db: Database, playerId: number) {
  const [player, rooms] = await Promise.all([
    db.query.players.findFirst({ where: eq(players.id, playerId) }),
    db
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.playerId, playerId), eq(games.type, 'SOLO'), ne(games.status, 'ARCHIVED'))),
  ]);
  if (!player) return;
  const access = accessOf(player);
  await Promise.all([
    ...rooms.map((room) => env.GAME_ROOM.getByName(String(room.id)).updateAccess(access)),
    env.PRESENCE.getByName(PRESENCE_ROOM).endSessions(playerId),
  ]);
}

/** Bans a player: every session and token ends, and every room they act in refuses them at once. */
export async function banPlayer(env: Env, db: Database, playerId: number) {
  const now = Date.now();
  await db.batch([
    db.update(players).set({ status: 'BANNED', updatedAt: now }).where(eq(players.id, playerId)),
    db.update(sessions).set({ revokedAt: now }).where(eq(sessions.playerId, playerId)),
  ]);
  await pushAccess(env, db, playerId);
}
