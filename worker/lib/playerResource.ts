import type { PlayerResource } from '../../contract/players';
import type { Database } from '../db/client';
import { ratingsOf } from '../db/ratings';
import { reviewStatsOf } from '../db/reviews';
import type { PlayerRow } from '../db/schema';
import { toPlayerResource, type Viewer } from './resources/player';

// The player resource with what is not on the player's row: their ratings (issue 27: one per preset, in
// player_ratings) and their review figures (issue 30, game_reviews). Apart from resources/player.ts, which
// stays pure for the rooms and node tests.

/** The players as a client sees them, with their ratings and reviews read (a query each for them all). */
export async function playerResources(
  db: Database,
  rows: readonly PlayerRow[],
  viewer: Viewer | null,
): Promise<PlayerResource[]> {
  const [ratings, reviews] = await Promise.all([
    ratingsOf(
      db,
      rows.filter((row) => !row.guest && !row.bot).map((row) => row.id),
    ),
    reviewStatsOf(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => toPlayerResource(row, viewer, ratings.get(row.id) ?? [], reviews.get(row.id)));
}

/** The player as a client sees it, with their ratings read. */
export const playerResource = async (db: Database, row: PlayerRow, viewer: Viewer | null) =>
  (await playerResources(db, [row], viewer))[0]!;
