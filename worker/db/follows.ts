import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FriendSort } from '../../contract/friends';
import type { PageRequest } from '../../contract/page';
import type { Database } from './client';
import { pageOf } from './pages';
import { clashes, clashPlayers, follows, players } from './schema';

// Who follows whom (issue 29): one way, needing no acceptance. Blocking ends follows both ways (db/blocks.ts).

/** Follows `followedId` (again: nothing changes). */
export async function follow(db: Database, followerId: number, followedId: number): Promise<void> {
  await db.insert(follows).values({ followerId, followedId, createdAt: Date.now() }).onConflictDoNothing();
}

/** Ends `followerId`'s follow of `followedId`, if there is one. */
export async function unfollow(db: Database, followerId: number, followedId: number): Promise<void> {
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)));
}

/** Whether `followerId` follows `followedId`, and the other way round. */
export async function followsBetween(db: Database, a: number, b: number) {
  const rows = await db
    .select({ followerId: follows.followerId })
    .from(follows)
    .where(and(inArray(follows.followerId, [a, b]), inArray(follows.followedId, [a, b])));
  return {
    following: rows.some((row) => row.followerId === a) && a !== b,
    followsYou: rows.some((row) => row.followerId === b) && a !== b,
  };
}

/** Which of `ids` `playerId` follows: the "known" players of the invitations setting (lib/invitations.ts). */
export async function followedAmong(db: Database, playerId: number, ids: readonly number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: follows.followedId })
    .from(follows)
    .where(and(eq(follows.followerId, playerId), inArray(follows.followedId, [...ids])));
  return rows.map((row) => row.id);
}

/** Which of `ids` follow `playerId`. */
export async function followersAmong(db: Database, playerId: number, ids: readonly number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followedId, playerId), inArray(follows.followerId, [...ids])));
  return rows.map((row) => row.id);
}

const friendColumns = {
  id: players.id,
  name: players.name,
  avatarKey: players.avatarKey,
  guest: players.guest,
  bot: players.bot,
  since: follows.createdAt,
};

/**
 * One page of the players `playerId` follows (`side` 'following') or who follow them ('followers'),
 * by when the follow was made or by name.
 */
export async function followPage(
  db: Database,
  playerId: number,
  side: 'following' | 'followers',
  request: PageRequest<FriendSort>,
) {
  const mine = side === 'following' ? follows.followerId : follows.followedId;
  const theirs = side === 'following' ? follows.followedId : follows.followerId;
  const where = eq(mine, playerId);
  const direction = request.order === 'ASC' ? asc : desc;
  const order = request.sort === 'name' ? direction(players.name) : direction(follows.createdAt);
  const rows = db
    .select(friendColumns)
    .from(follows)
    .innerJoin(players, eq(players.id, theirs))
    .where(where)
    .orderBy(order, direction(players.id))
    .$dynamic();
  return pageOf(db, request, rows, follows, where);
}

/** The started clash each of `ids` plays now (IN_PROGRESS in the D1 index), by player id. */
export async function playingNow(db: Database, ids: readonly number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ playerId: clashPlayers.playerId, clashId: clashes.id })
    .from(clashPlayers)
    .innerJoin(clashes, eq(clashes.id, clashPlayers.clashId))
    .where(
      and(
        inArray(clashPlayers.playerId, [...ids]),
        eq(clashPlayers.status, 'ACCEPTED'),
        eq(clashes.status, 'IN_PROGRESS'),
      ),
    )
    .orderBy(desc(clashes.updatedAt));
  const playing = new Map<number, number>();
  for (const row of rows) if (!playing.has(row.playerId)) playing.set(row.playerId, row.clashId);
  return playing;
}
