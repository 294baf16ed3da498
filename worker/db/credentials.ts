import { eq } from 'drizzle-orm';
import type { PasswordHash } from '../auth/passwords';
import type { Database } from './client';
import { credentials } from './schema';

export async function findCredentials(db: Database, playerId: number): Promise<PasswordHash | null> {
  return (await db.query.credentials.findFirst({ where: eq(credentials.playerId, playerId) })) ?? null;
}

/** Sets (or replaces) a player's password hash, made by auth/passwords.ts `hashPassword`. */
export async function saveCredentials(db: Database, playerId: number, hash: PasswordHash) {
  const values = { ...hash, updatedAt: Date.now() };
  await db
    .insert(credentials)
    .values({ playerId, ...values })
    .onConflictDoUpdate({ target: credentials.playerId, set: values });
}
