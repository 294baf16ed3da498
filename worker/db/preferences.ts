import { eq } from 'drizzle-orm';
import type { Preferences } from '../../contract/players';
import type { Database } from './client';
import { preferences } from './schema';

export async function findPreferences(db: Database, playerId: number): Promise<Preferences | null> {
  const row = await db.query.preferences.findFirst({ where: eq(preferences.playerId, playerId) });
  return row ? { language: row.language, theme: row.theme, diceSpeed: row.diceSpeed } : null;
}

/** Creates or replaces the player's preferences. */
export async function savePreferences(db: Database, playerId: number, wanted: Preferences) {
  const values = { ...wanted, updatedAt: Date.now() };
  await db
    .insert(preferences)
    .values({ playerId, ...values })
    .onConflictDoUpdate({ target: preferences.playerId, set: values });
}
