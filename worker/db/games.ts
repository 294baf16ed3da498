import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { games } from './schema';

/**
 * A game's row in the D1 index, as much as says which room owns it (its type, its clash), or null when
 * there is no such game. Routes ask this before they reach a room, so no room starts for a number.
 */
export async function findGameRow(db: Database, id: number) {
  const row = await db.query.games.findFirst({
    columns: { id: true, type: true, clashId: true },
    where: eq(games.id, id),
  });
  return row ?? null;
}
