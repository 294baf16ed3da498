import type { PlayerResource } from '../../contract/players';
import type { Database } from '../db/client';
import { ratingsOf } from '../db/ratings';
import type { PlayerRow } from '../db/schema';
import { toPlayerResource, type Viewer } from './resources/player';

// The player resource with what is not on the player's row: their ratings (issue 27: one per preset, in
// player_ratings). Apart from resources/player.ts, which stays pure for the rooms and node tests.

/** The players as a client sees them, with their ratings read (one query for them all). */
export async function playerResources(
  db: Database,
  rows: readonly PlayerRow[],
  viewer: Viewer | null,
): Promise<PlayerResource[]> {
  const ratings = await ratingsOf(
    db,
    rows.filter((row) => !row.guest && !row.bot).map((row) => row.id),
  );
  return rows.map((row) => toPlayerResource(row, viewer, ratings.get(row.id) ?? []));
}

/** The player as a client sees it, with their ratings read. */
export const playerResource = async (db: Database, row: PlayerRow, viewer: Viewer | null) =>
  (await playerResources(db, [row], viewer))[0]!;
