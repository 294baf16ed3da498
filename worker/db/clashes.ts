import { and, eq } from 'drizzle-orm';
import type { Database } from './client';
import { clashPlayers, clashes } from './schema';

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
