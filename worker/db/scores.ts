import { and, eq, gte } from 'drizzle-orm';
import type { PageRequest } from '../../contract/page';
import type { SCORE_SORTS } from '../../contract/scores';
import type { Database } from './client';
import { orderOf, pageOf, playerRef } from './pages';
import { games, players, scores } from './schema';

/** Which scores: those since a moment (epoch ms), and only one player's. */
export interface ScoreFilter {
  since?: number;
  playerId?: number;
}

export const scoreWhere = (filter: ScoreFilter) =>
  and(
    filter.since === undefined ? undefined : gte(scores.createdAt, filter.since),
    filter.playerId === undefined ? undefined : eq(scores.playerId, filter.playerId),
  );

/** A page of the scores the filter lets through, each with its player. */
export async function listScores(
  db: Database,
  request: PageRequest<(typeof SCORE_SORTS)[number]>,
  filter: ScoreFilter = {},
) {
  const where = scoreWhere(filter);
  const query = db
    .select({ score: scores, player: playerRef })
    .from(scores)
    .innerJoin(players, eq(players.id, scores.playerId))
    .where(where)
    .orderBy(...orderOf(request, scores[request.sort], scores.id))
    .$dynamic();
  return pageOf(db, request, query, scores, where);
}

/** A page of the player's scores, each with its player. */
export const playerScores = (
  db: Database,
  playerId: number,
  request: PageRequest<(typeof SCORE_SORTS)[number]>,
) => listScores(db, request, { playerId });

/** One score with its player and its game's row in the index, or null when there is no such score. */
export async function findScore(db: Database, id: number) {
  const [row] = await db
    .select({
      score: scores,
      player: playerRef,
      game: {
        id: games.id,
        type: games.type,
        status: games.status,
        playerId: games.playerId,
        totalSum: games.totalSum,
        progress: games.progress,
        createdAt: games.createdAt,
        updatedAt: games.updatedAt,
      },
    })
    .from(scores)
    .innerJoin(players, eq(players.id, scores.playerId))
    .innerJoin(games, eq(games.id, scores.gameId))
    .where(eq(scores.id, id))
    .limit(1);
  return row ?? null;
}
