import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { CLASH_SORTS } from '../../contract/clashes';
import type { PageRequest } from '../../contract/page';
import type { Database } from './client';
import { orderOf, pageOf, playerRef } from './pages';
import { clashes, clashPlayers, players } from './schema';

/** Whether clash `id` exists and whether the player is one of its players (whatever their answer to it). */
export async function clashMembership(
  db: Database,
  clashId: number,
  playerId: number,
): Promise<'missing' | 'member' | 'stranger'> {
  const [clash, member] = await Promise.all([
    db.query.clashes.findFirst({ columns: { id: true }, where: eq(clashes.id, clashId) }),
    db.query.clashPlayers.findFirst({
      columns: { playerId: true },
      where: and(eq(clashPlayers.clashId, clashId), eq(clashPlayers.playerId, playerId)),
    }),
  ]);
  if (!clash) return 'missing';
  return member ? 'member' : 'stranger';
}

/** The clashes the player owns or was invited to, each with its players in turn order. */
export async function playerClashes(
  db: Database,
  playerId: number,
  request: PageRequest<(typeof CLASH_SORTS)[number]>,
) {
  const member = db
    .select({ id: clashPlayers.clashId })
    .from(clashPlayers)
    .where(eq(clashPlayers.playerId, playerId));
  const where: SQL | undefined = or(eq(clashes.ownerId, playerId), inArray(clashes.id, member));
  const query = db
    .select({ clash: clashes, owner: playerRef })
    .from(clashes)
    .innerJoin(players, eq(players.id, clashes.ownerId))
    .where(where)
    .orderBy(...orderOf(request, clashes[request.sort], clashes.id))
    .$dynamic();
  const { rows, total } = await pageOf(db, request, query, clashes, where);
  const ids = rows.map((row) => row.clash.id);
  const members = ids.length
    ? await db
        .select({
          clashId: clashPlayers.clashId,
          id: players.id,
          name: players.name,
          avatarKey: players.avatarKey,
          status: clashPlayers.status,
          position: clashPlayers.position,
          score: clashPlayers.score,
          gameId: clashPlayers.gameId,
        })
        .from(clashPlayers)
        .innerJoin(players, eq(players.id, clashPlayers.playerId))
        .where(inArray(clashPlayers.clashId, ids))
        .orderBy(asc(clashPlayers.clashId), asc(clashPlayers.position))
    : [];
  return {
    rows: rows.map((row) => ({ ...row, members: members.filter((m) => m.clashId === row.clash.id) })),
    total,
  };
}
