import { eq } from 'drizzle-orm';
import type { PageRequest } from '../../contract/page';
import type { SCORE_SORTS } from '../../contract/scores';
import type { Database } from './client';
import { orderOf, pageOf, playerRef } from './pages';
import { players, scores } from './schema';

/** A page of the player's scores, each with its player. */
export async function playerScores(
  db: Database,
  playerId: number,
  request: PageRequest<(typeof SCORE_SORTS)[number]>,
) {
  const where = eq(scores.playerId, playerId);
  const query = db
    .select({ score: scores, player: playerRef })
    .from(scores)
    .innerJoin(players, eq(players.id, scores.playerId))
    .where(where)
    .orderBy(...orderOf(request, scores[request.sort], scores.id))
    .$dynamic();
  return pageOf(db, request, query, scores, where);
}
