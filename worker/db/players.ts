import { eq } from 'drizzle-orm';
import { notFound } from '../lib/errors';
import type { Database } from './client';
import { type PlayerRow, players } from './schema';

export async function findPlayer(db: Database, id: number): Promise<PlayerRow> {
  const row = await db.query.players.findFirst({ where: eq(players.id, id) });
  if (!row) throw notFound('player-not-found');
  return row;
}

/** D1 reports a UNIQUE constraint failure only in the error text. */
export function isUniqueViolation(error: unknown): boolean {
  const text = `${(error as Error)?.message ?? ''} ${String((error as { cause?: unknown })?.cause ?? '')}`;
  return /UNIQUE constraint failed/i.test(text);
}
