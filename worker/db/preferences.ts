import { and, eq, inArray } from 'drizzle-orm';
import type { AccountPreferences, Invitations, Preferences } from '../../contract/players';
import type { Database } from './client';
import { preferences } from './schema';

export async function findPreferences(db: Database, playerId: number): Promise<AccountPreferences | null> {
  const row = await db.query.preferences.findFirst({ where: eq(preferences.playerId, playerId) });
  return row
    ? { language: row.language, theme: row.theme, diceSpeed: row.diceSpeed, invitations: row.invitations }
    : null;
}

/**
 * Creates or replaces the player's preferences; `invitations` left out keeps the stored choice (the
 * column's default for a new row). Returns them as stored.
 */
export async function savePreferences(
  db: Database,
  playerId: number,
  wanted: Preferences & { invitations?: Invitations | undefined },
): Promise<AccountPreferences> {
  const { invitations, ...rest } = wanted;
  const values = { ...rest, ...(invitations ? { invitations } : {}), updatedAt: Date.now() };
  const [row] = await db
    .insert(preferences)
    .values({ playerId, ...values })
    .onConflictDoUpdate({ target: preferences.playerId, set: values })
    .returning();
  if (!row) throw new Error('preferences upsert returned no row');
  return { language: row.language, theme: row.theme, diceSpeed: row.diceSpeed, invitations: row.invitations };
}

/** Which of `playerIds` take clash invitations only from players they know. */
export async function knownOnly(db: Database, playerIds: number[]): Promise<number[]> {
  if (!playerIds.length) return [];
  const rows = await db
    .select({ id: preferences.playerId })
    .from(preferences)
    .where(and(inArray(preferences.playerId, playerIds), eq(preferences.invitations, 'known')));
  return rows.map((row) => row.id);
}
