import { eq } from 'drizzle-orm';
import type { LOG_SORTS } from '../../contract/logs';
import type { PageRequest } from '../../contract/page';
import type { Database } from './client';
import { orderOf, pageOf, playerRef } from './pages';
import { logs, players } from './schema';

/** A page of the player's log rows. */
export async function playerLogs(
  db: Database,
  playerId: number,
  request: PageRequest<(typeof LOG_SORTS)[number]>,
) {
  const where = eq(logs.playerId, playerId);
  const query = db
    .select({ log: logs, player: playerRef })
    .from(logs)
    .innerJoin(players, eq(players.id, logs.playerId))
    .where(where)
    .orderBy(...orderOf(request, logs[request.sort], logs.id))
    .$dynamic();
  return pageOf(db, request, query, logs, where);
}
