import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { games } from './schema';

export interface GameOwnerRow {
  id: number;
  type: 'SOLO' | 'CLASH';
  clashId: number | null;
}

/**
 * Which room owns a game never changes after the game is created, so the answer is kept in the
 * isolate's memory: a D1 read on every move doubled a move's latency (bench/latency.mjs). Only games
 * that exist are remembered; the map is bounded and forgets its oldest entries first.
 */
const known = new Map<number, GameOwnerRow>();
const KNOWN_MAX = 10_000;

/**
 * A game's row in the D1 index, as much as says which room owns it (its type, its clash), or null when
 * there is no such game. Routes ask this before they reach a room, so no room starts for a number.
 */
export async function findGameRow(db: Database, id: number): Promise<GameOwnerRow | null> {
  const cached = known.get(id);
  if (cached) return cached;
  const row = await db.query.games.findFirst({
    columns: { id: true, type: true, clashId: true },
    where: eq(games.id, id),
  });
  if (!row) return null;
  if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value as number);
  known.set(id, row);
  return row;
}
