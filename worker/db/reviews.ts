import { inArray, sql } from 'drizzle-orm';
import type { ReviewStats } from '../../contract/replay';
import type { Database } from './client';
import { gameReviews, puzzlePositions } from './schema';

/** How many of a player's latest reviews their average accuracy is taken over. */
export const REVIEW_AVERAGE_OF = 20;

/** A game's review as the server checked it against the game's log. */
export interface ReviewRow {
  gameId: number;
  playerId: number;
  decisions: number;
  accuracy: number;
  pointsLost: number;
}

/**
 * Stores the review (one per game: a second one replaces the figures) and the positions of its costliest
 * decisions (game/replay.ts `Position`, JSON), each once per game and decision: one batch, one round trip.
 */
export async function saveReview(
  db: Database,
  review: ReviewRow,
  positions: { decision: number; position: string }[],
) {
  const { gameId, playerId: _player, ...figures } = review;
  const upsert = db
    .insert(gameReviews)
    .values({ ...review, createdAt: Date.now() })
    .onConflictDoUpdate({ target: gameReviews.gameId, set: figures });
  const puzzles = positions.map((p) =>
    db
      .insert(puzzlePositions)
      .values({ gameId, ...p })
      .onConflictDoNothing(),
  );
  await db.batch([upsert, ...puzzles]);
}

/**
 * Each player's review figures: how many games they reviewed, and their average accuracy over their latest
 * REVIEW_AVERAGE_OF reviews (null with none). One query for them all.
 */
export async function reviewStatsOf(db: Database, playerIds: readonly number[]) {
  const stats = new Map<number, ReviewStats>();
  if (playerIds.length === 0) return stats;
  const ranked = db
    .select({
      playerId: gameReviews.playerId,
      accuracy: gameReviews.accuracy,
      latest:
        sql<number>`row_number() over (partition by ${gameReviews.playerId} order by ${gameReviews.createdAt} desc, ${gameReviews.gameId} desc)`.as(
          'latest',
        ),
    })
    .from(gameReviews)
    .where(inArray(gameReviews.playerId, [...playerIds]))
    .as('ranked');
  const rows = await db
    .select({
      playerId: ranked.playerId,
      games: sql<number>`count(*)`,
      average: sql<
        number | null
      >`avg(case when ${ranked.latest} <= ${REVIEW_AVERAGE_OF} then ${ranked.accuracy} end)`,
    })
    .from(ranked)
    .groupBy(ranked.playerId);
  for (const row of rows) stats.set(row.playerId, { games: row.games, averageAccuracy: row.average });
  return stats;
}

/** A player with no review. */
export const NO_REVIEWS: ReviewStats = { games: 0, averageAccuracy: null };
