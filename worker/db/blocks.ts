import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FriendSort } from '../../contract/friends';
import type { PageRequest } from '../../contract/page';
import type { Database } from './client';
import { pageOf } from './pages';
import { blocks, clashes, clashPlayers, follows, players } from './schema';

// Who blocks whom (issue 29). A blocked player cannot challenge the blocker (lib/invitations.ts), follow
// them (routes/friends.ts) or reach them with reactions and suggestions (durable-objects/clashBlocks.ts).

/** One block: `blockerId` blocks `blockedId`. */
export interface BlockPair {
  blockerId: number;
  blockedId: number;
}

/** Blocks `blockedId`, and ends the follows between the two both ways, in one batch. */
export async function block(db: Database, blockerId: number, blockedId: number): Promise<void> {
  await db.batch([
    db.insert(blocks).values({ blockerId, blockedId, createdAt: Date.now() }).onConflictDoNothing(),
    db
      .delete(follows)
      .where(
        or(
          and(eq(follows.followerId, blockerId), eq(follows.followedId, blockedId)),
          and(eq(follows.followerId, blockedId), eq(follows.followedId, blockerId)),
        ),
      ),
  ]);
}

/** Ends `blockerId`'s block of `blockedId`, if there is one. */
export async function unblock(db: Database, blockerId: number, blockedId: number): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/** Every block among `ids`, either way: what a clash room needs of its members. */
export async function blocksAmong(db: Database, ids: readonly number[]): Promise<BlockPair[]> {
  if (ids.length < 2) return [];
  return db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(and(inArray(blocks.blockerId, [...ids]), inArray(blocks.blockedId, [...ids])));
}

/** Whether `a` blocks `b` and whether `b` blocks `a`. */
export async function blockedBetween(db: Database, a: number, b: number) {
  const pairs = a === b ? [] : await blocksAmong(db, [a, b]);
  return {
    aBlocksB: pairs.some((pair) => pair.blockerId === a),
    bBlocksA: pairs.some((pair) => pair.blockerId === b),
  };
}

/** Which of `ids` block `playerId`. */
export async function blockersAmong(db: Database, playerId: number, ids: readonly number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockedId, playerId), inArray(blocks.blockerId, [...ids])));
  return rows.map((row) => row.id);
}

/** One page of the players `playerId` blocks, by when or by name. */
export async function blockPage(db: Database, playerId: number, request: PageRequest<FriendSort>) {
  const where = eq(blocks.blockerId, playerId);
  const direction = request.order === 'ASC' ? asc : desc;
  const order = request.sort === 'name' ? direction(players.name) : direction(blocks.createdAt);
  const rows = db
    .select({
      id: players.id,
      name: players.name,
      avatarKey: players.avatarKey,
      guest: players.guest,
      bot: players.bot,
      since: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(players, eq(players.id, blocks.blockedId))
    .where(where)
    .orderBy(order, direction(players.id))
    .$dynamic();
  return pageOf(db, request, rows, blocks, where);
}

/** The clashes both players are in that are not over (pending or started): their rooms hold blocks. */
export async function sharedOpenClashes(db: Database, a: number, b: number): Promise<number[]> {
  const rows = await db
    .select({ id: clashPlayers.clashId })
    .from(clashPlayers)
    .innerJoin(clashes, eq(clashes.id, clashPlayers.clashId))
    .where(and(inArray(clashPlayers.playerId, [a, b]), inArray(clashes.status, ['PENDING', 'IN_PROGRESS'])))
    .groupBy(clashPlayers.clashId)
    .having(sql`count(distinct ${clashPlayers.playerId}) = 2`);
  return rows.map((row) => row.id);
}
